/**
 * A file's name as people give it (an upload, `insert_files`, `update_file`): what the Files
 * screen, the change lists and a download's `Content-Disposition` show, so a name that shows
 * as another is refused, with a 400 naming the field:
 * - bidirectional controls (a right-to-left override makes `invoice<U+202E>fdp.exe` read as
 *   `invoiceexe.pdf`) and line or paragraph separators;
 * - control characters (a NUL, a line break: a name cut short or split where it is shown);
 * - a path separator (`/`, `\`): a file of a space has a name, not a place; an export picks
 *   its path.
 */
import { z } from 'zod';

/** Bidirectional controls: ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
const BIDI_CONTROLS = '\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069';
const MISLEADING = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}\\u2028\\u2029/\\\\]`, 'u');

export const FileNameSchema = z
  .string()
  .min(1)
  .max(256)
  .refine((name) => !MISLEADING.test(name), {
    message: 'a file name may not hold control or bidirectional characters, nor / or \\',
  })
  .describe('File name, with its extension');
