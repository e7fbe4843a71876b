/**
 * Starting an import or export: each is a job (`git.import`, `git.export`) that answers at
 * once, as GitBook's API does. The space's Git settings are saved (created by the first,
 * replaced by each later one, by compare-and-swap) with the run named on them, then the
 * job is stored. The repository URL is kept without its credentials; the job's payload
 * holds the whole URL sealed (`Secrets.seal`), never in plain text.
 *
 * An import or export older than the newest one applied (`gitSyncRuns`) starts nothing and
 * writes nothing (204 all the same: GitBook's clients send events in any order).
 */

import { type SpaceRecord, withoutCredentials } from '../content';
import { callerOf, type OperationContext } from '../core/context';
import { enqueueJob } from '../jobs';
import { changeGitSync } from './change-git-sync';
import { gitSyncRuns } from './git-sync-order';
import type { GitSyncDirection, GitSyncRecord } from './records';

export const GIT_IMPORT_JOB = 'git.import';
export const GIT_EXPORT_JOB = 'git.export';
export const GIT_SYNC_JOB: Record<GitSyncDirection, string> = {
  import: GIT_IMPORT_JOB,
  export: GIT_EXPORT_JOB,
};

export interface GitSyncRequest {
  url: string;
  ref: string;
  repoProjectDirectory?: string | undefined;
  repoTreeURL?: string | undefined;
  repoCommitURL?: string | undefined;
  timestamp?: string | undefined;
  force?: boolean | undefined;
  gitInfo?: { provider?: 'github' | 'gitlab' | undefined; url?: string | undefined } | undefined;
  /** Imports: write the revision without moving the space to it. */
  standalone?: boolean | undefined;
  /** Exports: the commit's message. */
  commitMessage?: string | undefined;
}

/** What a Git Sync job reads (`git-sync-jobs.ts`). */
export interface GitSyncPayload {
  spaceId: string;
  /** The repository URL as given (credentials included), sealed. */
  sealedUrl: string;
  ref: string;
  projectDirectory?: string;
  commitUrl?: string;
  treeUrl?: string;
  timestamp: string;
  force: boolean;
  standalone?: boolean;
  commitMessage?: string;
}

/** Starts the import or export; answers the job's id, or null when it is older than one applied. */
export async function startGitSync(
  ctx: OperationContext,
  space: SpaceRecord,
  direction: GitSyncDirection,
  request: GitSyncRequest,
): Promise<string | null> {
  const now = ctx.clock.now().toISOString();
  const timestamp = request.timestamp ? new Date(request.timestamp).toISOString() : now;
  const force = request.force ?? false;
  const existing = await ctx.repos.gitSync.findBySpace(space.id);
  if (!gitSyncRuns({ timestamp, applied: existing?.appliedTimestamp, force })) return null;
  const jobId = ctx.ids.newId();
  const run = { jobId, requestedAt: now, timestamp, force };
  const settings = (current: GitSyncRecord | null): GitSyncRecord => {
    const kept = current ?? {
      spaceId: space.id,
      organizationId: space.organizationId,
      createdAt: now,
      version: 0,
    };
    const {
      projectDirectory: _directory,
      treeUrl: _tree,
      commitUrl: _commit,
      ...rest
    } = kept as GitSyncRecord;
    return {
      ...rest,
      url: withoutCredentials(request.url),
      ref: request.ref,
      ...(request.repoProjectDirectory ? { projectDirectory: request.repoProjectDirectory } : {}),
      ...(request.repoTreeURL ? { treeUrl: request.repoTreeURL } : {}),
      ...(request.repoCommitURL ? { commitUrl: request.repoCommitURL } : {}),
      ...(request.gitInfo?.provider ? { provider: request.gitInfo.provider } : {}),
      ...(request.gitInfo?.url ? { providerUrl: request.gitInfo.url } : {}),
      ...(direction === 'import' ? { lastImport: run } : { lastExport: run }),
      updatedAt: now,
    };
  };
  await changeGitSync(ctx, space.id, settings);
  const payload: GitSyncPayload = {
    spaceId: space.id,
    sealedUrl: ctx.secrets.seal(request.url),
    ref: request.ref,
    ...(request.repoProjectDirectory ? { projectDirectory: request.repoProjectDirectory } : {}),
    ...(request.repoCommitURL ? { commitUrl: request.repoCommitURL } : {}),
    ...(request.repoTreeURL ? { treeUrl: request.repoTreeURL } : {}),
    timestamp,
    force,
    ...(request.standalone ? { standalone: true } : {}),
    ...(request.commitMessage !== undefined ? { commitMessage: request.commitMessage } : {}),
  };
  await enqueueJob(ctx, {
    id: jobId,
    kind: GIT_SYNC_JOB[direction],
    payload: { ...payload },
    organizationId: space.organizationId,
    spaceId: space.id,
    createdBy: callerOf(ctx).userId,
  });
  return jobId;
}
