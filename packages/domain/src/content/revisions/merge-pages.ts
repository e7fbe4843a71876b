/**
 * The three-way merge of a space's pages: base is the change request's base revision, ours
 * the space's head, theirs the change request's head. Pure; the revision storage flattens
 * its trees into `PageSet`s for it and stores the merged pages.
 *
 * The rules:
 * 1. A page added on one side only is kept. A page added on both sides with the same id
 *    merges field by field as if the base held an empty version of it: values both sides
 *    agree on are kept, a field only one side set is that side's, differing values conflict
 *    ('added-both'), and two bodies merge line by line against an empty text (so they
 *    conflict unless identical).
 * 2. A page removed on one side and left as it was on the other is removed. Removed on one
 *    side and changed on the other (any field, or its place): conflict on 'page',
 *    'deleted-and-edited'. Removed on both sides: removed. Removing a page removes its
 *    subpages, so each of them follows this rule on its own.
 * 3. Each of title, emoji, icon, description, hidden, variables, the page's type and a link's
 *    target merges three ways (no edit changes a type: only pages added on both sides differ): changed on one
 *    side only, that side's value; changed on both to the same value, that value; changed
 *    on both differently, conflict 'edited-both'. (The slug too, without conflict: theirs
 *    wins, and slugs are recomputed after the merge.)
 * 4. The markdown body merges line by line with diff3: changes in separate places combine,
 *    the same change on both sides is no conflict, overlapping or touching changes
 *    conflict on 'markdown', 'edited-both'.
 * 5. The place (parent and position, which travel together): changed on one side only,
 *    that side's; changed on both under the same parent, theirs (two orders of the same
 *    siblings lose nothing, and the change request is the edit being merged); one side
 *    only reordered it under its old parent while the other moved it elsewhere, the move;
 *    moved on both to different parents, conflict on 'parentId', 'moved-both'.
 * 6. A page whose parent is gone from the result (one side removed the parent, the other
 *    added or moved the page under it) is never orphaned: conflict on 'page',
 *    'parent-deleted'.
 * 7. Moves of both sides that together put a page under its own descendant (ours puts A
 *    under B, theirs B under A): conflict on 'parentId', 'cycle', for each page on the
 *    cycle. So a merged result is always a forest: every parent is in it, and no cycle.
 * 8. Pages that end up with the same position under the same parent are all kept, ordered
 *    by position then id; the merged map lists the pages in tree order (depth first, each
 *    page before its children, siblings in that order) so new keys can be given in one walk.
 * 9. Every conflict is listed, at most one per page and field, sorted by page id, then
 *    field, then reason. Checks 6 and 7 see conflicting pages as present, with ours'
 *    value for each conflicting field (the edited version for 'deleted-and-edited').
 */
import { compareConflicts } from './conflict-order';
import { cycleConflicts } from './cycle-conflicts';
import { mergePage } from './merge-page';
import type { MergeConflict, MergeResult, PageSet, PageState } from './page-state';
import { parentDeletedConflicts } from './parent-deleted-conflicts';
import { inTreeOrder } from './tree-order';

export function mergePages(base: PageSet, ours: PageSet, theirs: PageSet): MergeResult {
  const pages = new Map<string, PageState>();
  const conflicts: MergeConflict[] = [];
  for (const id of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const outcome = mergePage(base.get(id), ours.get(id), theirs.get(id));
    if (outcome.page) pages.set(id, outcome.page);
    conflicts.push(...outcome.conflicts);
  }

  const conflictingOn = (field: MergeConflict['field']) =>
    new Set(conflicts.filter((conflict) => conflict.field === field).map((conflict) => conflict.pageId));
  conflicts.push(...parentDeletedConflicts(pages, conflictingOn('page')));
  conflicts.push(...cycleConflicts(pages, conflictingOn('parentId')));

  if (conflicts.length > 0) return { result: 'conflicts', conflicts: conflicts.sort(compareConflicts) };
  return { result: 'merge', pages: inTreeOrder(pages) };
}
