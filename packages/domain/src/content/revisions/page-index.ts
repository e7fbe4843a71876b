/**
 * The pages of a tree with what reads need of them (each page's subpages in order, its path,
 * the page at each path), computed once per tree and kept by this process.
 *
 * Keeping them is safe without any invalidation: a tree's address is the hash of its
 * content, so an address always stands for the same pages, in any store and any process.
 * The pages are frozen: operations that change content copy them (`changedPage`).
 */
import type { DomainServices } from '../../core/context';
import { LoadedValues } from '../../core/loaded-values';
import { loadPages } from './page-tree';
import { childrenByParent, type StoredPage } from './stored-page';

export interface PageIndex {
  readonly tree: string;
  readonly pages: ReadonlyMap<string, StoredPage>;
  /** Each page's subpages (null: the top level), in order. */
  readonly children: ReadonlyMap<string | null, readonly StoredPage[]>;
  /** Each page's path: its ancestors' slugs and its own, joined by '/'. */
  readonly paths: ReadonlyMap<string, string>;
  readonly byPath: ReadonlyMap<string, StoredPage>;
}

/** Trees kept: the heads of the spaces being read and edited, and a few revisions. */
const KEPT_TREES = 64;
const kept = new LoadedValues<string, PageIndex>(KEPT_TREES);

/** The index of the tree at `treeAddress`, read once per process while it is kept. */
export function pageIndexOf(
  services: Pick<DomainServices, 'repos'>,
  treeAddress: string,
): Promise<PageIndex> {
  return kept.get(treeAddress, async () => indexPages(treeAddress, await loadPages(services, treeAddress)));
}

/** The index of `pages` (a forest), built without the store. */
export function indexPages(tree: string, pages: ReadonlyMap<string, StoredPage>): PageIndex {
  for (const page of pages.values()) Object.freeze(page);
  const children = childrenByParent(pages);
  const paths = new Map<string, string>();
  const byPath = new Map<string, StoredPage>();
  const walk = (parentId: string | null, prefix: string) => {
    for (const page of children.get(parentId) ?? []) {
      const path = prefix === '' ? page.slug : `${prefix}/${page.slug}`;
      paths.set(page.id, path);
      byPath.set(path, page);
      walk(page.id, path);
    }
  };
  walk(null, '');
  return { tree, pages, children, paths, byPath };
}
