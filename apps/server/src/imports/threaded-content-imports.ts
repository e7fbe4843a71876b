/**
 * The domain's `ContentImports` port with the reading in a job thread (`LimitedPool`): the
 * fetching, unpacking and converting of a source (zip, docx, HTML, website, markdown) run
 * in `read-import-in-thread.ts` under the threads' memory and time limits, and this thread
 * stores the files the reading held, then answers the content. A reading that passes a
 * limit fails the import ('too-large', saying which limit): the thread ends, the server
 * keeps answering.
 */
import {
  ContentImportError,
  type ContentImports,
  type ImportedContent,
  type ImportRequest,
} from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import { type LimitedPool, WorkerLimitError } from '../worker-pools/limited-pool';
import type { ImportInThread, ImportProgress, ImportReadInThread } from './read-import-in-thread';
import type { ContentImportLimits } from './server-content-imports';

export const CONTENT_IMPORT_TASK = 'content-import';

export class ThreadedContentImports implements ContentImports {
  constructor(
    private readonly threads: LimitedPool,
    private readonly blobs: StoredBlobs,
    private readonly limits: ContentImportLimits,
  ) {}

  async read(
    request: ImportRequest,
    progress: (done: number, total: number) => void,
  ): Promise<ImportedContent> {
    const input: ImportInThread = { request, limits: this.limits };
    let read: ImportReadInThread;
    try {
      read = await this.threads.run<ImportReadInThread>(CONTENT_IMPORT_TASK, input, {
        told: (message) => progress(...(message as ImportProgress)),
      });
    } catch (error) {
      if (error instanceof WorkerLimitError)
        throw new ContentImportError('too-large', `Reading the source ${error.message}`);
      throw error;
    }
    if (!read.ok) throw new ContentImportError(read.reason, read.message);
    for (const held of read.blobs) {
      const stored = await this.blobs.put(held.bytes);
      if (stored.hash !== held.hash)
        throw new Error(`an imported file was held as ${held.hash} but stored as ${stored.hash}`);
    }
    return read.content;
  }
}
