/**
 * The pages a published site does not list: each page marked `hidden` and every page under it.
 * GitBook's renderer leaves such a page, with its whole subtree, out of a site's navigation,
 * search, sitemap and `llms.txt` (its `flattenPages` and site index skip a hidden page without
 * walking into it), though each is still read at its URL. Members see them everywhere.
 */
import type { PageIndex } from './page-index';

/** Kept per index: an index stands for one tree, which never changes. */
const unlistedByIndex = new WeakMap<PageIndex, ReadonlySet<string>>();

/** The ids of the pages of `index` a published site does not list (none: an empty set). */
export function unlistedPageIds(index: PageIndex): ReadonlySet<string> {
  const kept = unlistedByIndex.get(index);
  if (kept) return kept;
  const unlisted = new Set<string>();
  const hide = (parentId: string) => {
    for (const page of index.children.get(parentId) ?? []) {
      unlisted.add(page.id);
      hide(page.id);
    }
  };
  for (const page of index.pages.values())
    if (page.hidden && !unlisted.has(page.id)) {
      unlisted.add(page.id);
      hide(page.id);
    }
  unlistedByIndex.set(index, unlisted);
  return unlisted;
}
