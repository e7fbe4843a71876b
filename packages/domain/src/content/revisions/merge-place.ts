/** The three-way merge of where a page sits: its parent and its position (rule 5 of `mergePages`). */
import type { PageState } from './page-state';

export type Place = Pick<PageState, 'parentId' | 'position'>;
export type PlaceMerge = { merged: true; place: Place } | { merged: false };

const moved = (base: Place | undefined, side: Place) =>
  base === undefined || side.parentId !== base.parentId || side.position !== base.position;

/**
 * The parent and the position travel together: a position only means something among the
 * siblings it was chosen between.
 * - One side changed the place: that side's place.
 * - Both changed it under the same parent: theirs (the change request's). Two reorders
 *   among the same siblings lose no content either way, and the change request is the edit
 *   being merged, so its order wins rather than stopping the merge.
 * - One side only reordered the page under its base parent, the other moved it to another
 *   parent: the move (the reorder was among siblings the page leaves).
 * - Both moved it to different parents: not merged.
 * `base` is undefined for a page both sides added: both placed it.
 */
export function mergePlace(base: Place | undefined, ours: Place, theirs: Place): PlaceMerge {
  const oursMoved = moved(base, ours);
  const theirsMoved = moved(base, theirs);
  if (!theirsMoved) return { merged: true, place: ours };
  if (!oursMoved || ours.parentId === theirs.parentId) return { merged: true, place: theirs };
  if (base?.parentId === ours.parentId) return { merged: true, place: theirs };
  if (base?.parentId === theirs.parentId) return { merged: true, place: ours };
  return { merged: false };
}
