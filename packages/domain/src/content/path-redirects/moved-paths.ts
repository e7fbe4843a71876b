/**
 * The old paths a change of a space's content leaves behind, and the paths it makes live
 * again: computed from the page indexes before and after. Pure.
 *
 * 1. A page whose own slug or parent changed, and whose path changed with it, leaves its old
 *    path behind, recorded to it by id (`moved`).
 * 2. A page whose path changed only because an ancestor's did leaves no record of its own:
 *    its ancestor's record answers its old path as a prefix (one record for a moved subtree).
 * 3. A page deleted leaves nothing (no page to lead to).
 * 4. Every path a page has after the change that it did not have before (a moved or new page,
 *    a moved page's subpages) is live: records of those paths are deleted, a live page wins.
 */

/** Where a page is: its parent and its slug. */
export interface PagePlace {
  readonly parentId: string | null;
  readonly slug: string;
}

/** What the rules read of a page index (`PageIndex`). */
export interface PagePlaces {
  readonly pages: ReadonlyMap<string, PagePlace>;
  /** Each page's path by id. */
  readonly paths: ReadonlyMap<string, string>;
}

/**
 * The places of `pages` (a revision's, as written) without a page index: each page's path,
 * its ancestors' slugs and its own joined by '/', as `indexPages` makes them. Linear: each
 * path is made once, from its parent's.
 */
export function placesOf(pages: ReadonlyMap<string, PagePlace>): PagePlaces {
  const paths = new Map<string, string>();
  const pathOf = (id: string): string | undefined => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const chain: string[] = [];
    let path: string | undefined;
    for (let at: string | null = id; at !== null; ) {
      const done = paths.get(at);
      if (done !== undefined) {
        path = done;
        break;
      }
      const page = pages.get(at);
      if (!page || chain.includes(at)) return undefined; // a parent missing, or a cycle: no path
      chain.push(at);
      at = page.parentId;
    }
    for (const at of chain.reverse()) {
      const slug = (pages.get(at) as PagePlace).slug;
      path = path === undefined ? slug : `${path}/${slug}`;
      paths.set(at, path);
    }
    return paths.get(id);
  };
  for (const id of pages.keys()) pathOf(id);
  return { pages, paths };
}

export interface PathChanges {
  /** Old paths and the page each leads to now (rule 1). */
  moved: Array<{ path: string; pageId: string }>;
  /** Paths live after the change that were not before (rule 4). */
  live: string[];
}

export function pathChanges(before: PagePlaces, after: PagePlaces): PathChanges {
  const moved: PathChanges['moved'] = [];
  const live: string[] = [];
  for (const [pageId, path] of after.paths) {
    const oldPath = before.paths.get(pageId);
    if (oldPath === path) continue;
    live.push(path); // 4.
    if (oldPath === undefined) continue; // a new page
    const was = before.pages.get(pageId);
    const is = after.pages.get(pageId);
    if (was && is && (was.slug !== is.slug || was.parentId !== is.parentId))
      moved.push({ path: oldPath, pageId }); // 1.
  }
  return { moved, live }; // 2, 3: nothing else.
}
