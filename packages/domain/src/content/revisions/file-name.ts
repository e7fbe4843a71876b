/**
 * A file's name as people give it (an upload, `insert_files`, `update_file`): what the Files
 * screen, the change lists and a download's `Content-Disposition` show, so a name that shows
 * as another is refused, with a 400 naming the field:
 * - bidirectional controls (a right-to-left override makes `invoice<U+202E>fdp.exe` read as
 *   `invoiceexe.pdf`) and line or paragraph separators;
 * - control characters (a NUL, a line break: a name cut short or split where it is shown);
 * - a path separator (`/`, `\`): a file of a space has a name, not a place; an export picks
 *   its path.
 *
 * A name brought by an import (a Git repository's asset, a zip's or a document's image) is
 * another system's: the import is not refused for it, the name is made one a person could have
 * given (`importedFileName`).
 */
import { z } from 'zod';

/** Bidirectional controls: ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
const BIDI_CONTROLS = '\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069';
const MISLEADING_CHARACTERS = `\\p{Cc}${BIDI_CONTROLS}\\u2028\\u2029/\\\\`;
const MISLEADING = new RegExp(`[${MISLEADING_CHARACTERS}]`, 'u');
const EVERY_MISLEADING = new RegExp(`[${MISLEADING_CHARACTERS}]`, 'gu');
const MAX_NAME_LENGTH = 256;

export const FileNameSchema = z
  .string()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .refine((name) => !MISLEADING.test(name), {
    message: 'a file name may not hold control or bidirectional characters, nor / or \\',
  })
  .describe('File name, with its extension');

/**
 * An imported file's name as `FileNameSchema` takes it: path separators become `-`, the other
 * characters it refuses are dropped, a name longer than it takes keeps its start and its
 * extension, and a name left empty is `file`.
 */
export function importedFileName(name: string): string {
  const kept = name.replace(EVERY_MISLEADING, (character) =>
    character === '/' || character === '\\' ? '-' : '',
  );
  if (kept.length === 0) return 'file';
  if (kept.length <= MAX_NAME_LENGTH) return kept;
  const extension = /\.[^.]{1,16}$/.exec(kept)?.[0] ?? '';
  // Cut between two characters, not inside one written as two UTF-16 units.
  const start = kept.slice(0, MAX_NAME_LENGTH - extension.length).replace(/[\uD800-\uDBFF]$/, '');
  return start + extension;
}
