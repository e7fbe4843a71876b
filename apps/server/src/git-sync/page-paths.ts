/**
 * Where each page's markdown goes. A page read from the repository goes back to the path it
 * was read from (`recordedPath`), so an export moves nothing; the first page claiming a
 * path has it, a later one (a duplicate) is placed as a new page. A page created in Quire is
 * placed as GitBook's Git Sync lays a space out (and a page read from `x.md` whose subpages
 * are all new becomes `x/README.md`, `folderPageOf`): the first top-level page is the `readme`
 * file (`README.md`); a page with subpages is `<slug>/README.md` and its subpages go in
 * `<slug>/`; a page without is `<slug>.md`; under a page read from the repository, in its
 * folder (beside a `README.md`, else in the folder named after its file). The first page's
 * own subpages go in `<its slug>/`. Slugs are made safe (letters, digits, `-`, `_`) and
 * unique among siblings ignoring case, never `readme` or `summary` (names GitBook gives a
 * meaning) nor, at the top, the first segment of the configured readme or summary; a new
 * path is never one already taken (ignoring case), so no two files share a path on any
 * file system. A group (a SUMMARY heading) has no file; its new pages go in `<its slug>/`.
 */
import type { ExportedPage } from './exported-content';
import type { GitbookConfig } from './gitbook-config';

export function pagePathsOf(
  pages: readonly ExportedPage[],
  structure: GitbookConfig['structure'],
): Map<string, string> {
  const paths = new Map<string, string>();
  const takenPaths = new Set<string>();
  const recordedPaths = new Set<string>();
  const gather = (page: ExportedPage) => {
    if (page.recordedPath !== undefined) recordedPaths.add(page.recordedPath.toLowerCase());
    for (const child of page.children) gather(child);
  };
  for (const page of pages) gather(page);
  const claim = (page: ExportedPage) => {
    const recorded = folderPageOf(page, recordedPaths) ?? page.recordedPath;
    if (recorded !== undefined && !takenPaths.has(recorded.toLowerCase())) {
      takenPaths.add(recorded.toLowerCase());
      paths.set(page.id, recorded);
    }
    for (const child of page.children) claim(child);
  };
  for (const page of pages) claim(page);

  // At the top, neither the readme's nor the summary's file or folder either.
  const topTaken = [structure.readme, structure.summary].map((path) =>
    (path.split('/')[0] ?? '').replace(/\.(md|markdown)$/i, '').toLowerCase(),
  );
  const place = (siblings: readonly ExportedPage[], folder: string) => {
    const taken = new Set(['readme', 'summary', ...(folder === '' ? topTaken : [])]);
    for (const [index, page] of siblings.entries()) {
      const slug = uniqueSegment(safeSegment(page.slug), taken);
      let own = folder === '' ? slug : `${folder}/${slug}`;
      // A link page is a SUMMARY item linking to another site: no file.
      if (page.type === 'link') continue;
      if (page.type === 'group') {
        // No file: its new pages go in the folder named after it, as GitBook lays groups out.
        place(page.children, own);
        continue;
      }
      const recorded = paths.get(page.id);
      if (recorded !== undefined) own = folderOf(recorded) || own;
      else if (folder === '' && index === 0 && !takenPaths.has(structure.readme.toLowerCase())) {
        paths.set(page.id, structure.readme);
        takenPaths.add(structure.readme.toLowerCase());
      } else {
        let n = 1;
        let path = newPath(own, page);
        while (takenPaths.has(path.toLowerCase())) {
          own = `${folder === '' ? '' : `${folder}/`}${slug}-${++n}`;
          path = newPath(own, page);
        }
        takenPaths.add(path.toLowerCase());
        paths.set(page.id, path);
      }
      place(page.children, own);
    }
  };
  place(pages, '');
  return paths;
}

/**
 * GitBook's layout for a page read from a file (`guide/api.md`) that has only subpages made
 * in Quire: it becomes its folder's page (`guide/api/README.md`), as GitBook moves it when
 * a page gets its first subpage (real repositories hold no `x.md` beside a folder `x/`).
 * A page whose subpages were read too keeps its path (the repository was laid out so).
 */
function folderPageOf(page: ExportedPage, recordedPaths: ReadonlySet<string>): string | undefined {
  const recorded = page.recordedPath;
  if (
    recorded === undefined ||
    page.children.length === 0 ||
    page.children.some((child) => child.recordedPath !== undefined) ||
    /(^|\/)readme\.(md|markdown)$/i.test(recorded)
  )
    return undefined;
  const path = `${recorded.replace(/\.(md|markdown)$/i, '')}/README.md`;
  return recordedPaths.has(path.toLowerCase()) ? undefined : path;
}

const newPath = (own: string, page: ExportedPage) =>
  page.children.length > 0 ? `${own}/README.md` : `${own}.md`;

/** The folder a recorded page's new subpages go in: beside its `README.md`, else named after its file. */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  if (/^readme\.(md|markdown)$/i.test(name)) return slash < 0 ? '' : path.slice(0, slash);
  return path.replace(/\.(md|markdown)$/i, '');
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
