/**
 * The job thread's side of an import (`threaded-content-imports.ts` is the main thread's):
 * the source is fetched and read here, with `ServerContentImports`, its files held rather
 * than stored (`HeldBlobs`), progress told to the caller. A `ContentImportError` comes back
 * as data (an error's class does not cross threads); any other error rejects the task.
 */
import {
  ContentImportError,
  type ContentImportFailure,
  type ImportedContent,
  type ImportRequest,
} from '@quire/domain';
import type { ThreadLink } from '../worker-pools/thread-task';
import { type HeldBlob, HeldBlobs } from './held-blobs';
import { type ContentImportLimits, ServerContentImports } from './server-content-imports';

export interface ImportInThread {
  request: ImportRequest;
  limits: ContentImportLimits;
}

export type ImportReadInThread =
  | { ok: true; content: ImportedContent; blobs: HeldBlob[] }
  | { ok: false; reason: ContentImportFailure; message: string };

/** What the thread tells while reading: done of total. */
export type ImportProgress = [done: number, total: number];

export async function readImportInThread(
  { request, limits }: ImportInThread,
  link: ThreadLink,
): Promise<ImportReadInThread> {
  const blobs = new HeldBlobs();
  const reader = new ServerContentImports(blobs, limits);
  try {
    const content = await reader.read(request, (done, total) =>
      link.tell([done, total] satisfies ImportProgress),
    );
    return { ok: true, content, blobs: blobs.list() };
  } catch (error) {
    if (error instanceof ContentImportError)
      return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}
