/** Pages left without their parent by a merge (rule 6 of `mergePages`). */
import type { MergeConflict, PageState } from './page-state';

/**
 * Each page whose parent is not among the merged pages: one side removed the parent while
 * the other added or moved the page under it. Each side is a tree of its own, so a missing
 * parent can only be one that the merge removed. Pages already in conflict as a whole are
 * not named twice.
 */
export function parentDeletedConflicts(
  pages: ReadonlyMap<string, PageState>,
  inConflict: ReadonlySet<string>,
): MergeConflict[] {
  const conflicts: MergeConflict[] = [];
  for (const page of pages.values()) {
    if (page.parentId === null || pages.has(page.parentId) || inConflict.has(page.id)) continue;
    conflicts.push({ pageId: page.id, field: 'page', reason: 'parent-deleted' });
  }
  return conflicts;
}
