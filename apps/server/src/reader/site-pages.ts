/**
 * The pages of the site space a visitor reads, indexed for the reader: by path and by id, the
 * reading order (document pages not hidden, depth first: previous and next), each page's
 * ancestors (breadcrumbs), and the page a path shows — a document page, or for a group the
 * first document page under it, or for the site space's root its first document page.
 */
import type { PageTreeNode } from './reader-visit';

export interface SitePages {
  byPath: ReadonlyMap<string, PageTreeNode>;
  byId: ReadonlyMap<string, PageTreeNode>;
  /** Document pages not hidden, in reading order. */
  readingOrder: readonly PageTreeNode[];
  ancestorsOf(pageId: string): PageTreeNode[];
  /** The page shown at a path of the site space (`''`: its root); undefined when none. */
  pageAt(path: string): PageTreeNode | undefined;
}

const MAX_DEPTH = 64;

/** Indexed once per tree: a revision's tree is kept and shared by the visits (`reader-visit.ts`). */
const indexed = new WeakMap<readonly PageTreeNode[], SitePages>();

export function sitePagesOf(tree: readonly PageTreeNode[]): SitePages {
  let pages = indexed.get(tree);
  if (pages === undefined) {
    pages = indexSitePages(tree);
    indexed.set(tree, pages);
  }
  return pages;
}

function indexSitePages(tree: readonly PageTreeNode[]): SitePages {
  const byPath = new Map<string, PageTreeNode>();
  const byId = new Map<string, PageTreeNode>();
  const parents = new Map<string, PageTreeNode | undefined>();
  const readingOrder: PageTreeNode[] = [];
  const visit = (
    pages: readonly PageTreeNode[],
    parent: PageTreeNode | undefined,
    depth: number,
    hidden: boolean,
  ) => {
    if (depth > MAX_DEPTH) return;
    for (const page of pages) {
      byPath.set(page.path, page);
      byId.set(page.id, page);
      parents.set(page.id, parent);
      const isHidden = hidden || page.hidden;
      if (page.type === 'document' && !isHidden) readingOrder.push(page);
      visit(page.pages, page, depth + 1, isHidden);
    }
  };
  visit(tree, undefined, 0, false);
  const firstDocumentIn = (pages: readonly PageTreeNode[], depth = 0): PageTreeNode | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    for (const page of pages) {
      if (page.hidden) continue;
      if (page.type === 'document') return page;
      if (page.type === 'group') {
        const found = firstDocumentIn(page.pages, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  return {
    byPath,
    byId,
    readingOrder,
    ancestorsOf(pageId) {
      const chain: PageTreeNode[] = [];
      for (
        let parent = parents.get(pageId);
        parent && chain.length < MAX_DEPTH;
        parent = parents.get(parent.id)
      )
        chain.unshift(parent);
      return chain;
    },
    pageAt(path) {
      const clean = path.replace(/^\/+|\/+$/g, '');
      if (clean === '') return firstDocumentIn(tree);
      const page = byPath.get(clean);
      if (!page) return undefined;
      if (page.type === 'group') return firstDocumentIn(page.pages);
      return page.type === 'document' ? page : undefined;
    },
  };
}
