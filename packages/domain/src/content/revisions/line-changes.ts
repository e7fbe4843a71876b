/** What one side changed in a text, as runs of base lines replaced (the input of the line merge). */
import { diffArrays } from 'diff';

/**
 * The most lines one side may insert and remove in a body that the other side edited too.
 * The diff (Myers, from the `diff` package) costs about the square of this number, so the
 * cap bounds one page's merge to tens of milliseconds however the text was written; a side
 * that rewrote more than that is not merged line by line (a person reads both versions).
 */
export const MAX_LINE_EDITS = 400;

/** Base lines `start` to `end` (end excluded; equal for an insertion) replaced by `lines`. */
export interface LineChange {
  start: number;
  end: number;
  lines: string[];
}

/**
 * The changes that turn `base` into `side`, in order, none touching the next (an unchanged
 * line separates them); undefined when the side made more than MAX_LINE_EDITS edits.
 */
export function lineChanges(base: string[], side: string[]): LineChange[] | undefined {
  const parts = diffArrays(base, side, { maxEditLength: MAX_LINE_EDITS });
  if (!parts) return undefined;
  const changes: LineChange[] = [];
  let at = 0;
  let open: LineChange | undefined;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      at += part.count;
      open = undefined;
      continue;
    }
    if (!open) {
      open = { start: at, end: at, lines: [] };
      changes.push(open);
    }
    if (part.removed) {
      at += part.count;
      open.end = at;
    } else open.lines = open.lines.concat(part.value);
  }
  return changes;
}
