/** A space's page tree as a flat list, depth-first, each page with its depth: the pages to pick from. */
import type { TreePage } from '../content/page-tree-rows';

export interface ListedPage {
  id: string;
  title: string;
  /** 0 for a top-level page. */
  depth: number;
}

export function flatPages(pages: readonly TreePage[]): ListedPage[] {
  const listed: ListedPage[] = [];
  // An explicit stack: a deep tree must not exhaust the call stack.
  const stack: Array<{ page: TreePage; depth: number }> = [...pages]
    .reverse()
    .map((page) => ({ page, depth: 0 }));
  while (stack.length > 0) {
    const { page, depth } = stack.pop()!;
    listed.push({ id: page.id, title: page.title, depth });
    for (const child of [...page.pages].reverse()) stack.push({ page: child, depth: depth + 1 });
  }
  return listed;
}
