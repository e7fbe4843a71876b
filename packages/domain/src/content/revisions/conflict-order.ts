/** The order conflicts are listed in (rule 9 of `mergePages`). */
import type { MergeConflict } from './page-state';

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By page id, then field, then reason: plain string order, the same on every machine. */
export function compareConflicts(a: MergeConflict, b: MergeConflict): number {
  return byCodeUnits(a.pageId, b.pageId) || byCodeUnits(a.field, b.field) || byCodeUnits(a.reason, b.reason);
}
