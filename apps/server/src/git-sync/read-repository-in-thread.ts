/**
 * The job thread's side of a Git import's conversion (`threaded-repository-reader.ts` is the
 * main thread's): the repository's blobs, already read under the Git limits by the main
 * thread, become pages and files here (`readRepository`: front matter, SUMMARY, each page's
 * text with the tables its links resolve by; no page is parsed here: each page's reading on
 * a markdown thread does that), the files held rather than stored
 * (`HeldBlobs`), progress told to the caller. The format's refusals come back as data (an
 * error's class does not cross threads); any other error rejects the task.
 */
import { MarkdownTooComplexError } from '@quire/documents';
import { ContentImportError, type ContentImportFailure } from '@quire/domain';
import { type HeldBlob, HeldBlobs } from '../imports/held-blobs';
import { ImportedFiles } from '../imports/imported-files';
import type { ThreadLink } from '../worker-pools/thread-task';
import {
  type RepositoryContent,
  type RepositoryReadOptions,
  type RepositoryTreeFile,
  readRepository,
} from './read-repository';

export interface RepositoryInThread {
  tree: RepositoryTreeFile[];
  options: RepositoryReadOptions;
}

export type RepositoryReadInThread =
  | { ok: true; content: RepositoryContent; blobs: HeldBlob[] }
  | { ok: false; refused: 'content'; reason: ContentImportFailure; message: string }
  | { ok: false; refused: 'markdown'; message: string };

/** What the thread tells while converting: done of total. */
export type RepositoryProgress = [done: number, total: number];

export async function readRepositoryInThread(
  { tree, options }: RepositoryInThread,
  link: ThreadLink,
): Promise<RepositoryReadInThread> {
  const blobs = new HeldBlobs();
  try {
    const content = await readRepository(tree, new ImportedFiles(blobs), options, (done, total) =>
      link.tell([done, total] satisfies RepositoryProgress),
    );
    return { ok: true, content, blobs: blobs.list() };
  } catch (error) {
    if (error instanceof ContentImportError)
      return { ok: false, refused: 'content', reason: error.reason, message: error.message };
    if (error instanceof MarkdownTooComplexError)
      return { ok: false, refused: 'markdown', message: error.message };
    throw error;
  }
}
