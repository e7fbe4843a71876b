/**
 * Where each page's markdown goes, as GitBook's Git Sync lays a space out: the first
 * top-level page is the `readme` file (`README.md`); a page with subpages is
 * `<slug>/README.md` and its subpages go in `<slug>/`; a page without is `<slug>.md`.
 * The first page's own subpages go in `<its slug>/`. Slugs are made safe (letters, digits,
 * `-`, `_`) and unique among siblings ignoring case, never `readme` or `summary` (names
 * GitBook gives a meaning) nor, at the top, the first segment of the configured readme or
 * summary, so no two files share a path on any file system.
 */
import type { ExportedPage } from './exported-content';
import type { GitbookConfig } from './gitbook-config';

export function pagePathsOf(
  pages: readonly ExportedPage[],
  structure: GitbookConfig['structure'],
): Map<string, string> {
  const paths = new Map<string, string>();
  // At the top, neither the readme's nor the summary's file or folder either.
  const topTaken = [structure.readme, structure.summary].map((path) =>
    (path.split('/')[0] ?? '').replace(/\.(md|markdown)$/i, '').toLowerCase(),
  );
  const place = (siblings: readonly ExportedPage[], folder: string) => {
    const taken = new Set(['readme', 'summary', ...(folder === '' ? topTaken : [])]);
    for (const [index, page] of siblings.entries()) {
      const slug = uniqueSegment(safeSegment(page.slug), taken);
      const own = folder === '' ? slug : `${folder}/${slug}`;
      if (folder === '' && index === 0) paths.set(page.id, structure.readme);
      else paths.set(page.id, page.children.length > 0 ? `${own}/README.md` : `${own}.md`);
      place(page.children, own);
    }
  };
  place(pages, '');
  return paths;
}

function safeSegment(slug: string): string {
  const safe = slug
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return safe === '' ? 'page' : safe;
}

function uniqueSegment(wanted: string, taken: Set<string>): string {
  let candidate = wanted;
  for (let n = 2; taken.has(candidate); n++) candidate = `${wanted}-${n}`;
  taken.add(candidate);
  return candidate;
}
