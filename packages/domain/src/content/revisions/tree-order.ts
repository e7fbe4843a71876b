/** The order of merged pages (rule 8 of `mergePages`). */
import type { PageState } from './page-state';

/**
 * Siblings by position, then by id: two pages may end up with the same position (both
 * sides inserted at the same spot), and the id then settles their order the same way every
 * time, until new keys are given to them.
 */
export function compareSiblingPages(a: PageState, b: PageState): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The pages of a forest in depth-first order, each page before its children and siblings
 * in `compareSiblingPages` order; so siblings that share a position can be given fresh keys
 * by walking the map. Pages not reachable from the top level (a cycle) are left out:
 * callers check the forest first.
 */
export function inTreeOrder(pages: ReadonlyMap<string, PageState>): Map<string, PageState> {
  const children = new Map<string | null, PageState[]>();
  for (const page of pages.values()) {
    const siblings = children.get(page.parentId);
    if (siblings) siblings.push(page);
    else children.set(page.parentId, [page]);
  }
  for (const siblings of children.values()) siblings.sort(compareSiblingPages);

  const ordered = new Map<string, PageState>();
  const stack = [...(children.get(null) ?? [])].reverse();
  for (let page = stack.pop(); page; page = stack.pop()) {
    ordered.set(page.id, page);
    stack.push(...[...(children.get(page.id) ?? [])].reverse());
  }
  return ordered;
}
