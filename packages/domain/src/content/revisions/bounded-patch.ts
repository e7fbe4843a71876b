/**
 * Pages' unified diffs between two revisions, at a bounded cost. The diff (Myers, from the
 * `diff` package) costs about the product of a text's length and its number of edits, and
 * giving up at `maxEditLength` D still costs about D squared: a 64 KB page rewritten line by
 * line took a minute of one request. So one request's diffs share a budget of edits
 * (`PatchBudget`), each page's at most `MAX_LINE_EDITS` (the merge's own bound, tens of
 * milliseconds); a page past its share is shown whole replaced, one hunk of every old line
 * removed and every new line added, built in linear time (a person reads both versions, as a
 * merge past that bound leaves them to).
 */
import { createTwoFilesPatch, formatPatch, type StructuredPatchHunk } from 'diff';
import { MAX_LINE_EDITS } from './line-changes';

/** The edits (inserted plus removed lines) one request's diffs may tell apart in all. */
export const MAX_PATCH_EDITS = 4000;

/** What is left of a request's edits to diff: shared by its pages, spent as they are diffed. */
export interface PatchBudget {
  edits: number;
}

export const patchBudget = (): PatchBudget => ({ edits: MAX_PATCH_EDITS });

export function boundedPatch(
  oldName: string,
  newName: string,
  was: string,
  is: string,
  budget: PatchBudget,
): string {
  const maxEditLength = Math.min(MAX_LINE_EDITS, budget.edits);
  const patch =
    maxEditLength <= 0
      ? undefined
      : createTwoFilesPatch(oldName, newName, was, is, undefined, undefined, { context: 3, maxEditLength });
  // What a diff that gave up explored is spent too.
  budget.edits -= patch === undefined ? maxEditLength : changedLines(patch);
  return patch ?? replacementPatch(oldName, newName, was, is);
}

/** The lines a patch inserts or removes. */
function changedLines(patch: string): number {
  let count = 0;
  for (const line of patch.split('\n'))
    if ((line[0] === '+' || line[0] === '-') && !line.startsWith('+++') && !line.startsWith('---')) count++;
  return count;
}

/** The patch replacing every line of `was` by every line of `is`, in one hunk. */
export function replacementPatch(oldName: string, newName: string, was: string, is: string): string {
  const hunk: StructuredPatchHunk = { oldStart: 1, oldLines: 0, newStart: 1, newLines: 0, lines: [] };
  hunk.oldLines = pushLines(hunk.lines, '-', was);
  hunk.newLines = pushLines(hunk.lines, '+', is);
  return formatPatch({
    oldFileName: oldName,
    newFileName: newName,
    oldHeader: undefined,
    newHeader: undefined,
    hunks: [hunk],
  });
}

/** Adds `text`'s lines with `sign` (and the diff's mark for a last line without newline); their count. */
function pushLines(lines: string[], sign: '-' | '+', text: string): number {
  if (text === '') return 0;
  const parts = text.split('\n');
  const endsWithNewline = parts[parts.length - 1] === '';
  if (endsWithNewline) parts.pop();
  for (const part of parts) lines.push(sign + part);
  if (!endsWithNewline) lines.push('\\ No newline at end of file');
  return parts.length;
}
