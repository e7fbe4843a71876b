/**
 * How a Git import's blobs become pages and files (`RepositoryReader`): in a job thread
 * (`threadedRepositoryReader`, the server's) or in this thread (`repositoryReaderOn`, for
 * callers with no threads). In the thread, the conversion reads the tree under the
 * threads' memory and time limits (front matter, SUMMARY, sizes; the pages' markdown is
 * parsed later, by each page's reading on a markdown thread, under its budget); this thread stores the files it held, checking each
 * hash, then answers the content. A conversion that passes a limit fails the import
 * ('invalid-content' once mapped by `gitFailureOf`, naming the limit); the format's
 * refusals come back as the errors `readRepository` throws.
 */
import { MarkdownTooComplexError } from '@quire/documents';
import { type BlobStore, ContentImportError } from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import { ImportedFiles } from '../imports/imported-files';
import { type LimitedPool, WorkerLimitError } from '../worker-pools/limited-pool';
import {
  type RepositoryContent,
  type RepositoryReadOptions,
  type RepositoryTreeFile,
  readRepository,
} from './read-repository';
import type {
  RepositoryInThread,
  RepositoryProgress,
  RepositoryReadInThread,
} from './read-repository-in-thread';

export const GIT_READ_TASK = 'git-read';

export type RepositoryReader = (
  tree: RepositoryTreeFile[],
  options: RepositoryReadOptions,
  progress?: (done: number, total: number) => void,
) => Promise<RepositoryContent>;

/** Converts in this thread, storing the files in `blobs` as it goes. */
export const repositoryReaderOn =
  (blobs: Pick<BlobStore, 'put'>): RepositoryReader =>
  (tree, options, progress) =>
    readRepository(tree, new ImportedFiles(blobs), options, progress);

/** Converts in a job thread of `threads`; stores the files it held in `blobs`. */
export const threadedRepositoryReader =
  (threads: LimitedPool, blobs: StoredBlobs): RepositoryReader =>
  async (tree, options, progress) => {
    const input: RepositoryInThread = { tree, options };
    let read: RepositoryReadInThread;
    try {
      read = await threads.run<RepositoryReadInThread>(GIT_READ_TASK, input, {
        told: (message) => progress?.(...(message as RepositoryProgress)),
      });
    } catch (error) {
      if (error instanceof WorkerLimitError)
        throw new ContentImportError('too-large', `Reading the repository ${error.message}`);
      throw error;
    }
    if (!read.ok)
      throw read.refused === 'content'
        ? new ContentImportError(read.reason, read.message)
        : new MarkdownTooComplexError(read.message);
    for (const held of read.blobs) {
      const stored = await blobs.put(held.bytes);
      if (stored.hash !== held.hash)
        throw new Error(`a repository file was held as ${held.hash} but stored as ${stored.hash}`);
    }
    return read.content;
  };
