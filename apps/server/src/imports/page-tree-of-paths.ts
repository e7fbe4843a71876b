/**
 * The page tree of pages found at paths (a website's URL paths under its prefix, a zip's
 * folders): a page at `a/b` is a child of the page at `a`; when no page is at `a`, a page
 * titled after the segment (`getting-started` -> "Getting started") is made to hold it, so
 * the tree always follows the paths. The page at no segment (the start page, the top
 * `README.md`) comes first at the top level. Siblings keep the order the pages are given in
 * (the order they were found). Two pages at one path (`a.html` and `a/`) are siblings.
 */
import type { ImportedPage } from '@quire/domain';

export interface PageAtPath {
  segments: readonly string[];
  page: ImportedPage;
}

export function pageTreeOfPaths(pages: readonly PageAtPath[], newRef: () => string): ImportedPage[] {
  const top: ImportedPage[] = [];
  const byPath = new Map<string, ImportedPage>();
  for (const { segments, page } of pages)
    if (!byPath.has(segments.join('/'))) byPath.set(segments.join('/'), page);

  const placed = new Set<ImportedPage>();
  const childrenOf = (segments: readonly string[]): ImportedPage[] => {
    if (segments.length === 0) return top;
    const path = segments.join('/');
    let holder = byPath.get(path);
    if (holder === undefined) {
      holder = {
        ref: newRef(),
        title: titleOfSegment(segments[segments.length - 1] ?? ''),
        markdown: '',
        children: [],
      };
      byPath.set(path, holder);
    }
    if (!placed.has(holder)) {
      placed.add(holder);
      childrenOf(segments.slice(0, -1)).push(holder);
    }
    return holder.children;
  };

  const root = pages.find(({ segments }) => segments.length === 0);
  if (root) {
    top.push(root.page);
    placed.add(root.page);
  }
  for (const { segments, page } of pages) {
    if (placed.has(page)) continue;
    placed.add(page);
    childrenOf(segments.slice(0, -1)).push(page);
  }
  return top;
}

/** "getting-started" -> "Getting started". */
export function titleOfSegment(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words === '' ? 'Untitled' : words.charAt(0).toUpperCase() + words.slice(1);
}
