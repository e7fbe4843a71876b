/**
 * Where a page goes when it is dropped on another row of the page tree, or moved from the
 * keyboard: the `into` and `at` of the batch's `update_page`, read as the server reads them
 * (`at` is the index among the new siblings, the moving page left out). Null when the page
 * would stay where it is, or cannot go there (under itself or one of its subpages, under a
 * link, a group anywhere but the top level): nothing is sent then.
 */
import type { TreePage } from '../content/page-tree-rows';

export interface Place {
  /** The new parent page, or null for the top level. */
  into: string | null;
  at: number;
}

export type DropPosition = 'before' | 'after' | 'inside';
export type KeyMove = 'up' | 'down' | 'indent' | 'outdent';

export interface Located {
  page: TreePage;
  parent: TreePage | null;
  siblings: readonly TreePage[];
  index: number;
}

/** The page with that id, its parent and its place among its siblings (an explicit stack: trees may be deep). */
export function locate(pages: readonly TreePage[], id: string): Located | null {
  const stack: Array<{ siblings: readonly TreePage[]; parent: TreePage | null }> = [
    { siblings: pages, parent: null },
  ];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const index = frame.siblings.findIndex((page) => page.id === id);
    if (index >= 0)
      return { page: frame.siblings[index]!, parent: frame.parent, siblings: frame.siblings, index };
    for (const page of frame.siblings)
      if (page.pages.length > 0) stack.push({ siblings: page.pages, parent: page });
  }
  return null;
}

/** The page and every page under it, parents before their subpages. */
export function subtreeOf(page: TreePage): TreePage[] {
  const out: TreePage[] = [];
  const stack = [page];
  for (let next = stack.pop(); next; next = stack.pop()) {
    out.push(next);
    stack.push(...[...next.pages].reverse());
  }
  return out;
}

const typeOf = (page: TreePage) => page.type ?? 'document';

/** Whether a page of this type may go under that parent (the server's rules, so that no refused move is sent). */
function fits(moving: TreePage, parent: TreePage | null): boolean {
  if (parent === null) return true;
  if (typeOf(moving) === 'group' || typeOf(parent) === 'link') return false;
  return true;
}

/** The place among `siblings` (the moving page left out) at the index `at` of the full list. */
function placeAmong(siblings: readonly TreePage[], movingId: string, index: number): number {
  const before = siblings.slice(0, index).filter((page) => page.id !== movingId);
  return before.length;
}

function changed(from: Located, place: Place): Place | null {
  const parentId = from.parent?.id ?? null;
  if (parentId === place.into && placeAmong(from.siblings, from.page.id, from.index) === place.at)
    return null;
  return place;
}

export function placeOfDrop(
  pages: readonly TreePage[],
  movingId: string,
  targetId: string,
  position: DropPosition,
): Place | null {
  const moving = locate(pages, movingId);
  const target = locate(pages, targetId);
  if (!moving || !target || movingId === targetId) return null;
  // Not under itself: the target must not be in the moving page's subtree.
  if (subtreeOf(moving.page).some((page) => page.id === targetId)) return null;
  if (position === 'inside') {
    if (!fits(moving.page, target.page)) return null;
    const at = target.page.pages.filter((page) => page.id !== movingId).length;
    return changed(moving, { into: target.page.id, at });
  }
  if (!fits(moving.page, target.parent)) return null;
  const index = target.index + (position === 'after' ? 1 : 0);
  return changed(moving, {
    into: target.parent?.id ?? null,
    at: placeAmong(target.siblings, movingId, index),
  });
}

/**
 * The keyboard's moves: up and down among the siblings, indent (into the sibling before, as
 * its last subpage) and outdent (out of the parent, just after it).
 */
export function placeOfKey(pages: readonly TreePage[], id: string, move: KeyMove): Place | null {
  const here = locate(pages, id);
  if (!here) return null;
  const into = here.parent?.id ?? null;
  switch (move) {
    case 'up':
      return here.index === 0 ? null : { into, at: here.index - 1 };
    case 'down':
      return here.index >= here.siblings.length - 1 ? null : { into, at: here.index + 1 };
    case 'indent': {
      const before = here.siblings[here.index - 1];
      if (!before || !fits(here.page, before)) return null;
      return { into: before.id, at: before.pages.length };
    }
    case 'outdent': {
      if (!here.parent) return null;
      const parent = locate(pages, here.parent.id);
      if (!parent || !fits(here.page, parent.parent)) return null;
      return { into: parent.parent?.id ?? null, at: parent.index + 1 };
    }
  }
}
