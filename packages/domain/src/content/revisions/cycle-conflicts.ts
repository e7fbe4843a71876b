/** Pages whose merged parents lead back to themselves (rule 7 of `mergePages`). */
import type { MergeConflict, PageState } from './page-state';

/**
 * Each page on a cycle of parents: both sides moved pages, each move fine on its own side,
 * and together they put a page under its own descendant (ours puts A under B, theirs B under
 * A). Pages that only hang below a cycle are not named, nor pages that already conflict on
 * their parent. Each page is walked through once: linear in the number of pages.
 */
export function cycleConflicts(
  pages: ReadonlyMap<string, PageState>,
  parentInConflict: ReadonlySet<string>,
): MergeConflict[] {
  /** The walk that first reached each page: reaching a page of the current walk again closes a cycle. */
  const walkOf = new Map<string, number>();
  const onCycle = new Set<string>();
  let walk = 0;
  for (const start of pages.keys()) {
    walk += 1;
    // Up the parents until the top, a missing parent, or a page walked already.
    let id: string | null = start;
    while (id !== null && pages.has(id) && !walkOf.has(id)) {
      walkOf.set(id, walk);
      id = pages.get(id)?.parentId ?? null;
    }
    if (id === null || walkOf.get(id) !== walk) continue;
    // Back on this walk's own path: the pages from there round to it again form a cycle.
    for (let at: string | null = id; at !== null && !onCycle.has(at); at = pages.get(at)?.parentId ?? null) {
      onCycle.add(at);
    }
  }
  return [...onCycle]
    .filter((id) => !parentInConflict.has(id))
    .map((pageId) => ({ pageId, field: 'parentId', reason: 'cycle' }));
}
