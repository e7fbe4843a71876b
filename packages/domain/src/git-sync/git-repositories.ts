/**
 * Git repositories a space synchronizes with (GitBook's Git Sync): reading a ref's content
 * as pages and files, and writing a space's content to a ref as one commit. A port because
 * it is network and disk I/O (clone, fetch, push) and a repository format (`SUMMARY.md`,
 * `README.md`, `.gitbook.yaml`, `.gitbook/assets/`); the operations and jobs decide what to
 * read and write and what a failure leaves behind (nothing: the space is untouched).
 *
 * A repository `url` is `https://…` (through the outbound-fetch rules: private addresses
 * refused unless allowed), or, only where the server allows it, a local path or `file://`
 * URL. It may carry basic-auth credentials (`https://user:token@host/repo.git`): they are
 * used for the transfer and appear in no message, log or return value.
 */
import type { ImportedContent, ImportedFile, ImportedPage } from '../content';
import type { ExportedReusableContent, IncludeFile } from './reusable-content-includes';

/** Where a page or file came from in the repository: its blob and path. */
export interface GitBlob {
  oid: string;
  path: string;
}

/** A commit of the repository, as GitBook shows it (`GitSyncCommit`). */
export interface GitCommit {
  oid: string;
  message: string;
  /** True when the commit is an export's (Quire marks the commits it makes). */
  createdByService: boolean;
}

/** A page read from a repository: its settings from the front matter and its blob (none for a listed file that is missing). */
export interface GitImportedPage extends ImportedPage {
  description?: string;
  icon?: string;
  emoji?: string;
  hidden: boolean;
  git: GitBlob | null;
  children: GitImportedPage[];
}

export interface GitImportedFile extends ImportedFile {
  git: GitBlob;
}

export interface GitImportedContent extends ImportedContent {
  pages: GitImportedPage[];
  files: GitImportedFile[];
  /** The repository's `.gitbook/includes/*.md` under the content's root: its reusable contents. */
  includes?: IncludeFile[];
  /** The `.gitbook.yaml`'s `redirects:`, in the file's order (`gitbook-redirects.ts`). */
  redirects?: GitImportedRedirect[];
}

/** A `.gitbook.yaml` redirect: an old path of the space, as written, and the file it leads to. */
export interface GitImportedRedirect {
  /** The key as the file has it (an old URL path relative to the space, no leading '/'). */
  from: string;
  /** The repository path of the file it leads to (as a page's `git.path` has it). */
  file: string;
}

export interface GitReadRequest {
  url: string;
  /** `refs/heads/main`, or a branch or tag name. */
  ref: string;
  /** The folder of the repository the content is in (`repoProjectDirectory`); the root when absent. */
  projectDirectory?: string;
  signal?: AbortSignal;
  progress?: (done: number, total: number) => void;
}

/** A page of a space as it is written to a repository (its subpages in order). */
export interface GitExportedPage {
  id: string;
  /** A group page (a `## Heading` of the SUMMARY, its pages listed under it; no file); absent: a document. */
  type?: 'group' | 'link';
  /** A link page's address (another site), written as its SUMMARY item. */
  href?: string;
  title: string;
  slug: string;
  description?: string;
  icon?: string;
  emoji?: string;
  hidden: boolean;
  /** The stored markdown: links to pages as `/pages/<id>`, to files as `/files/<id>`. */
  markdown: string;
  children: GitExportedPage[];
  /** The file an import read it from: it is written back at this path. */
  git?: GitBlob;
  /**
   * True when the page is as the last import read it: its blob is written back as it was
   * (a page read without a file stays without one while the outline is unchanged).
   */
  unchanged?: boolean;
}

export interface GitExportedFile {
  id: string;
  name: string;
  /** Lowercase hex SHA-256 of the bytes, in the blob store. */
  hash: string;
  /** The file an import read it from: it is written back at this path. */
  git?: GitBlob;
}

export interface GitWriteRequest {
  url: string;
  ref: string;
  projectDirectory?: string;
  pages: GitExportedPage[];
  files: GitExportedFile[];
  /** The revision's reusable contents, written as `.gitbook/includes/*.md` (pages' includes relative to them). */
  reusableContents?: ExportedReusableContent[];
  message: string;
  /**
   * True when the pages, their order, nesting and titles are as the last import read them:
   * the repository's table of contents (`SUMMARY.md`, or none) is kept as it is.
   */
  outlineUnchanged?: boolean;
  /** Who the commit is by. */
  author: { name: string; email: string };
  signal?: AbortSignal;
  progress?: (done: number, total: number) => void;
}

/** A write's outcome: the commit at the ref after it (the previous one when nothing changed). */
export interface GitWritten {
  commit: GitCommit;
  changed: boolean;
}

/**
 * Why a repository could not be read or written; `message` is safe to show (no
 * credentials, no internal detail):
 * - `unsupported-url`: not https (or a local path where the server does not allow them);
 * - `unreachable`: the host could not be reached, or is a private address not allowed;
 * - `auth`: the credentials were refused or are missing;
 * - `not-found`: no repository there;
 * - `unknown-ref`: the ref does not exist (reading);
 * - `rejected`: the push was refused (the ref moved meanwhile, protected branch);
 * - `invalid-content`: the repository holds nothing Quire can read (no markdown, a bad
 *   `.gitbook.yaml`, a path escaping the project directory, a file over the size limit).
 */
export const GIT_FAILURES = [
  'unsupported-url',
  'unreachable',
  'auth',
  'not-found',
  'unknown-ref',
  'rejected',
  'invalid-content',
] as const;
export type GitFailure = (typeof GIT_FAILURES)[number];

export class GitRepositoryError extends Error {
  override readonly name = 'GitRepositoryError';
  constructor(
    readonly kind: GitFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface GitRepositories {
  /**
   * Why this server will not use `url` (a transport other than https, a local path where
   * they are not allowed), as a safe message; null when it will try it.
   */
  refusal(url: string): string | null;
  /** The content at the newest commit of `ref`; files are stored in the blob store. */
  read(request: GitReadRequest): Promise<{ commit: GitCommit; content: GitImportedContent }>;
  /**
   * Writes the pages and files as the whole content of the project directory, as one commit
   * on `ref` holding only what changed (none when nothing did), and pushes it. A ref that
   * does not exist yet is created.
   */
  write(request: GitWriteRequest): Promise<GitWritten>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Reading and writing the Git repositories spaces synchronize with. */
    gitRepositories: GitRepositories;
  }
}
