/**
 * Quire's own changes to a revision's files (GitBook's batch only inserts them): rename a
 * file, replace its bytes (the same id, so every page that shows it shows the new bytes) and
 * delete it. Applied after the batch's page changes and its `insert_files`, in the batch's
 * order; a file named by id, or by the `ref` of a file the batch inserted.
 *
 * Rules:
 * 1. `update_file` changes what it is given: `name`, and the bytes from `url` or `base64`
 *    (at most one of them; the content type, size and dimensions come with the new bytes).
 *    A change that gives none of `name`, `url`, `base64`: 400 naming the change.
 * 2. `delete_file` removes the file from the revision; pages that show it keep their
 *    reference (`files/{id}/backlinks` lists them first, so a client can say so), and the
 *    bytes stay in the blob store for the revisions that still name them.
 * 3. A file the revision does not have: 400 naming `changes.<index>.file`; a replacement
 *    that cannot be brought in: 400 (413 when too large) naming its field. Nothing is written.
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { IdSchema } from '../../core/schemas';
import type { IncomingFileSource } from '../../files';
import { FileNameSchema } from './file-name';
import type { FileEntry } from './records';
import { takenFile } from './taken-file';

export const UpdateFileSchema = z
  .strictObject({
    operation: z.literal('update_file'),
    file: IdSchema.describe('Id of the file, or the ref of a file inserted earlier in the batch'),
    name: FileNameSchema.optional().describe('New file name, with its extension'),
    contentType: z
      .string()
      .max(255)
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type such as image/png')
      .optional()
      .describe('MIME type of the new bytes (required with base64)'),
    url: z.string().url().max(2048).optional().describe('Public http(s) URL to fetch the new bytes from'),
    base64: z
      .string()
      .max(1_500_000)
      .optional()
      .describe('The new bytes, base64-encoded (at most 1 MB of bytes)'),
  })
  .refine((change) => change.url === undefined || change.base64 === undefined, {
    message: 'give at most one of url and base64',
  })
  .refine((change) => change.base64 === undefined || change.contentType !== undefined, {
    message: 'contentType is required with base64',
    path: ['contentType'],
  })
  .refine((change) => change.name !== undefined || change.url !== undefined || change.base64 !== undefined, {
    message: 'give a new name, or new bytes (url or base64)',
  })
  .meta({ examples: [{ operation: 'update_file', file: 'abc123', name: 'architecture.png' }] });

export const DeleteFileSchema = z.strictObject({
  operation: z.literal('delete_file'),
  file: IdSchema.describe('Id of the file, or the ref of a file inserted earlier in the batch'),
});

type UpdateFile = z.infer<typeof UpdateFileSchema>;
type DeleteFile = z.infer<typeof DeleteFileSchema>;
/** `upload`: bytes a face received itself (`spaces.content.files.upload`), never in a batch's input. */
type FileChange = (UpdateFile & { upload?: string }) | DeleteFile;

/** The revision's files after the batch's `update_file` and `delete_file` changes (rules 1-3). */
export async function editedFiles(
  ctx: OperationContext,
  files: readonly FileEntry[],
  changes: readonly { operation: string }[],
  insertedIds: ReadonlyMap<string, string>,
): Promise<FileEntry[]> {
  const byId = new Map(files.map((file) => [file.id, file]));
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'update_file' && change.operation !== 'delete_file') continue;
    const fileChange = change as FileChange;
    const id = insertedIds.get(fileChange.file) ?? fileChange.file;
    const file = byId.get(id);
    if (!file)
      throw invalidInput(
        `changes.${index}.file`,
        `no file ${JSON.stringify(fileChange.file)} in the content`,
      );
    if (fileChange.operation === 'delete_file') {
      byId.delete(id);
      continue;
    }
    let next: FileEntry = { ...file };
    if (fileChange.name !== undefined) next.name = fileChange.name;
    const way = fileChange.url !== undefined ? 'url' : fileChange.upload !== undefined ? 'upload' : 'base64';
    if (way !== 'base64' || fileChange.base64 !== undefined) {
      const source: IncomingFileSource = {
        name: next.name,
        ...(fileChange.contentType !== undefined ? { contentType: fileChange.contentType } : {}),
        [way]: fileChange[way],
      };
      const taken = await takenFile(ctx, source, `changes.${index}.${way}`);
      const { dimensions: _old, git: _git, ...kept } = next;
      next = {
        ...kept,
        contentType: taken.contentType,
        size: taken.size,
        hash: taken.hash,
        ...(taken.dimensions ? { dimensions: taken.dimensions } : {}),
      };
    }
    byId.set(id, next);
  }
  return [...byId.values()];
}
