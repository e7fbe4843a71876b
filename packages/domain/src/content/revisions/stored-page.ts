import type { PageFields } from './records';

/**
 * A page of a revision as the content operations work on it: its fields (`PageFields`),
 * flat (its parent by id), with its body by address. `loaded` remembers the addresses it
 * was read with, so writing a tree back re-hashes only the pages that changed and their
 * ancestors.
 */
export interface StoredPage extends PageFields {
  /** Parent page id; null at the top level of the space. */
  parentId: string | null;
  /** The page object's address and its subpages' tree address, as read; absent once changed. */
  loaded?: { address: string; children: string | null };
}

/** The pages of one revision by id. */
export type StoredPages = Map<string, StoredPage>;

/** A page's settings changed: it is written anew (and its ancestors' trees with it). */
export function changedPage(
  page: StoredPage,
  changes: Partial<Omit<StoredPage, 'id' | 'loaded'>>,
): StoredPage {
  const { loaded: _loaded, ...rest } = page;
  return { ...rest, ...changes };
}

/** The children of each page (null: the top level), each list in sibling order. */
export function childrenByParent(pages: ReadonlyMap<string, StoredPage>): Map<string | null, StoredPage[]> {
  const children = new Map<string | null, StoredPage[]>();
  for (const page of pages.values()) {
    const siblings = children.get(page.parentId);
    if (siblings) siblings.push(page);
    else children.set(page.parentId, [page]);
  }
  for (const siblings of children.values()) siblings.sort(bySiblingOrder);
  return children;
}

/** Sibling order: by position key, then by id (two keys can only tie after a merge). */
export function bySiblingOrder(a: StoredPage, b: StoredPage): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
