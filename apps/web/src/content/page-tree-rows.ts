/**
 * A nested page tree as the rows a sidebar shows: depth-first, the subpages of a collapsed
 * page left out, each row knowing its parent's row and its place among its siblings (what a
 * tree announces to assistive technology, which sees only the rows on screen).
 */
import type { Cover } from './page-cover';

export interface TreePage {
  id: string;
  title: string;
  path: string;
  emoji?: string | undefined;
  icon?: string | undefined;
  description?: string | undefined;
  /** A document page's cover (GitBook's page `cover`). */
  cover?: Cover | undefined;
  hidden?: boolean;
  /** GitBook's page type: a group shows as a heading over its pages, a link leads to its `href`. */
  type?: 'document' | 'group' | 'link';
  href?: string | undefined;
  pages: TreePage[];
}

export interface PageRow {
  page: TreePage;
  /** 1 for a top-level page. */
  level: number;
  /** The row of the parent page, or -1 at the top level. */
  parentRow: number;
  /** 1-based place among its siblings, and how many siblings there are. */
  position: number;
  siblings: number;
  expanded: boolean;
}

export function pageRowsOf(pages: readonly TreePage[], collapsed: ReadonlySet<string>): PageRow[] {
  const rows: PageRow[] = [];
  // An explicit stack: a tree 5,000 pages deep must not exhaust the call stack.
  const stack: Array<{ pages: readonly TreePage[]; index: number; level: number; parentRow: number }> = [
    { pages, index: 0, level: 1, parentRow: -1 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.pages.length) {
      stack.pop();
      continue;
    }
    const page = frame.pages[frame.index]!;
    frame.index += 1;
    const expanded = page.pages.length > 0 && !collapsed.has(page.id);
    rows.push({
      page,
      level: frame.level,
      parentRow: frame.parentRow,
      position: frame.index,
      siblings: frame.pages.length,
      expanded,
    });
    if (expanded)
      stack.push({ pages: page.pages, index: 0, level: frame.level + 1, parentRow: rows.length - 1 });
  }
  return rows;
}

/** The ids of the ancestors of the page at `path` (to keep them expanded), by walking the tree. */
export function ancestorIdsOf(pages: readonly TreePage[], path: string): string[] {
  const trail: string[] = [];
  let level = pages;
  for (;;) {
    const next = level.find((page) => path === page.path || path.startsWith(`${page.path}/`));
    if (!next || next.path === path) return trail;
    trail.push(next.id);
    level = next.pages;
  }
}

/** The path of the first document page, depth first: a space opens on it (a group or a link is no page to show). */
export function firstDocumentPath(pages: readonly TreePage[]): string | undefined {
  const stack = [...pages].reverse();
  for (let page = stack.pop(); page; page = stack.pop()) {
    if ((page.type ?? 'document') === 'document') return page.path;
    if (page.type === 'group') stack.push(...[...page.pages].reverse());
  }
  return undefined;
}
