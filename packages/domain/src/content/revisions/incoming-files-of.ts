/**
 * The files of a batch's `insert_files` changes, brought in through the `IncomingFiles`
 * port (fetched or decoded, checked, stored by content hash) and given ids. A file that
 * cannot be brought in is a 400 naming its change and field; files brought in before it
 * leave bytes in the blob store that no revision names (content-addressed, so harmless,
 * and stored again at no cost if sent again).
 *
 * At most `MAX_FETCHED_FILES` files of a batch are fetched by URL (one change's worth): a
 * batch holds up to 50 changes of 20 files, and 1,000 fetches of up to the file size limit
 * and its timeout each, one after the other, held one request for hours and stored
 * gigabytes. Past it the batch is refused before anything is fetched, naming the first
 * file past the limit.
 */
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { IncomingFileError } from '../../files';
import type { ContentChange } from './content-changes';
import type { FileEntry } from './records';

export interface InsertedFile {
  ref?: string;
  file: FileEntry;
}

/** The ids the batch's files will have, by ref, known before the page changes apply (rule 6). */
export function fileIdsOf(changes: readonly ContentChange[], newId: () => string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const change of changes) {
    if (change.operation !== 'insert_files') continue;
    for (const file of change.files)
      if (file.ref !== undefined && !ids.has(file.ref)) ids.set(file.ref, newId());
  }
  return ids;
}

/** Files one batch may have fetched by URL. */
export const MAX_FETCHED_FILES = 20;

/** 400 naming the first file fetched by URL past `MAX_FETCHED_FILES`, if any. */
function refuseTooManyFetches(changes: readonly ContentChange[]): void {
  let fetched = 0;
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'insert_files') continue;
    for (const [position, source] of change.files.entries())
      if (source.url !== undefined && ++fetched > MAX_FETCHED_FILES)
        throw invalidInput(
          `changes.${index}.files.${position}.url`,
          `at most ${MAX_FETCHED_FILES} files may be fetched by URL in one batch`,
        );
  }
}

export async function incomingFilesOf(
  ctx: OperationContext,
  changes: readonly ContentChange[],
  fileIds: ReadonlyMap<string, string>,
): Promise<InsertedFile[]> {
  refuseTooManyFetches(changes);
  const inserted: InsertedFile[] = [];
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'insert_files') continue;
    for (const [position, source] of change.files.entries()) {
      const way = source.url !== undefined ? 'url' : 'upload' in source ? 'upload' : 'base64';
      const field = `changes.${index}.files.${position}.${way}`;
      const taken = await ctx.incomingFiles.take(source).catch((error: unknown) => {
        if (error instanceof IncomingFileError) throw invalidInput(field, error.message);
        throw error;
      });
      inserted.push({
        ...(source.ref !== undefined ? { ref: source.ref } : {}),
        file: {
          id: (source.ref !== undefined ? fileIds.get(source.ref) : undefined) ?? ctx.ids.newId(),
          name: source.name,
          contentType: taken.contentType,
          size: taken.size,
          hash: taken.hash,
          ...(taken.dimensions ? { dimensions: taken.dimensions } : {}),
        },
      });
    }
  }
  return inserted;
}
