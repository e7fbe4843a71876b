/**
 * What the repositories store for Git Sync: a space's Git settings (the repository, its ref
 * and folder, the URLs that link to it) and its latest import and export, each a job. Saved
 * by the first import or export, replaced by each later one, removed by deleting the
 * installation. Credentials are never stored here: the URL is kept without them.
 */

export const GIT_SYNC_DIRECTIONS = ['import', 'export'] as const;
export type GitSyncDirection = (typeof GIT_SYNC_DIRECTIONS)[number];

/** One import or export: its job and the order it claims (`timestamp`). */
export interface GitSyncRunRecord {
  jobId: string;
  requestedAt: string;
  /** The triggering event's time (GitBook's `timestamp`), ISO; absent: the request's. */
  timestamp: string;
  force: boolean;
}

export interface GitSyncRecord {
  /** The space (one Git Sync per space). */
  spaceId: string;
  organizationId: string;
  /** The repository, without credentials. */
  url: string;
  /** `refs/heads/main`. */
  ref: string;
  projectDirectory?: string;
  /** Prefixes of the pages' (`repoTreeURL`) and revisions' (`repoCommitURL`) `git.url`. */
  treeUrl?: string;
  commitUrl?: string;
  /** GitBook's `gitInfo`: the provider and the repository's tree URL, as the client says. */
  provider?: 'github' | 'gitlab';
  providerUrl?: string;
  lastImport?: GitSyncRunRecord;
  lastExport?: GitSyncRunRecord;
  /** The commit the last import read, and the one the last export pushed (re-imported, it changes nothing). */
  importedCommit?: string;
  exportedCommit?: string;
  /** The newest `timestamp` an import or export applied: older ones are ignored unless forced. */
  appliedTimestamp?: string;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every change: writes are compare-and-swap on it. */
  version: number;
}
