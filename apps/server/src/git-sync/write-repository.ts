/**
 * A revision as the files GitBook's Git Sync writes, relative to the content's root:
 *
 * - one markdown file per page but groups (`pagePathsOf`: a page read from the repository at the path
 *   it was read from; a new one: the first page is `README.md`, a page with subpages
 *   `<slug>/README.md`, a leaf `<slug>.md`), holding the front matter of its settings
 *   (`frontMatterKeeping`: over the front matter of the file it was read from, `recordedText`,
 *   whose keys Quire does not read are kept), `# <title>`, then its body; a page unchanged since it was read is
 *   its blob as it was (`unchangedBlob`), byte for byte, and one read without a file (the
 *   table of contents listing a missing one) gets none while that table is kept;
 * - `SUMMARY.md` listing every page in order with its title and nesting (`summaryTextOf`),
 *   unless `keepSummary` (the outline is the one read: the repository's is kept as it is);
 *   written over the repository's own (`previousSummary`), in its layout: its preamble, group
 *   headings, list style and unchanged items' lines kept;
 * - each file at the path it was read from, a new one under `.gitbook/assets/<name>`
 *   (`assetNamesOf`);
 * - in bodies, includes of reusable contents (`/reusable-contents/<id>`) written as paths
 *   relative to the page's file (`includePathOf`), and page links (`/pages/<id>#anchor`) and file links (`/files/<id>`) rewritten
 *   to relative paths; a link to a page or file the revision does not hold is kept.
 *
 * Deterministic: the same content gives the same files, in path order, byte for byte, so
 * exporting unchanged content changes nothing in the repository.
 */
import { rewriteLinks } from '@quire/documents';
import { assetNamesOf } from './asset-names';
import type { ExportedFile, ExportedPage, WrittenFile } from './exported-content';
import type { GitbookConfig } from './gitbook-config';
import { frontMatterKeeping } from './kept-front-matter';
import { pagePathsOf } from './page-paths';
import { relativeUrl } from './relative-url';
import { pageIncludes } from './reusable-content-files';
import type { SummaryLayout } from './summary-layout';
import { summaryTextOf } from './summary-text';

const PAGE_LINK = /^\/pages\/([A-Za-z0-9_-]+)(#.*)?$/;
const FILE_LINK = /^\/files\/([A-Za-z0-9_-]+)$/;
export const ASSETS_FOLDER = '.gitbook/assets';

export function writeRepository(
  pages: readonly ExportedPage[],
  files: readonly ExportedFile[],
  structure: GitbookConfig['structure'] = { readme: 'README.md', summary: 'SUMMARY.md' },
  options: {
    keepSummary?: boolean;
    /** The repository's table of contents, when it has one: rewritten in its layout. */
    previousSummary?: SummaryLayout;
    /** Where each reusable content's include file is (by id, from the content's root). */
    includePathOf?: ReadonlyMap<string, string>;
    /** What the repository holds under the content's root: path to blob oid. */
    existing?: ReadonlyMap<string, string>;
  } = {},
): WrittenFile[] {
  const encoder = new TextEncoder();
  const pathOf = pagePathsOf(pages, structure);
  const recordedFiles = new Map<string, string>();
  const takenPaths = new Set([...pathOf.values()].map((path) => path.toLowerCase()));
  for (const file of files)
    if (file.recordedPath !== undefined && !takenPaths.has(file.recordedPath.toLowerCase())) {
      takenPaths.add(file.recordedPath.toLowerCase());
      recordedFiles.set(file.id, file.recordedPath);
    }
  const takenAssets = new Set(
    [...takenPaths].flatMap((path) =>
      path.startsWith(`${ASSETS_FOLDER}/`) ? [path.slice(ASSETS_FOLDER.length + 1)] : [],
    ),
  );
  const assetNames = assetNamesOf(
    files.filter((file) => !recordedFiles.has(file.id)),
    takenAssets,
  );
  const assetPathOf = (id: string) => {
    const recorded = recordedFiles.get(id);
    if (recorded !== undefined) return recorded;
    const name = assetNames.get(id);
    return name === undefined ? undefined : `${ASSETS_FOLDER}/${name}`;
  };
  const written: WrittenFile[] = [];

  const write = (page: ExportedPage) => {
    const path = pathOf.get(page.id);
    // A group is a heading of the SUMMARY, no file: only its pages are written.
    if (path === undefined) {
      for (const child of page.children) write(child);
      return;
    }
    const kept = page.unchangedBlob !== undefined && path === page.recordedPath;
    // The table of contents kept lists the file it lacked: it still lacks it.
    const fileless = page.unchangedWithoutFile === true && options.keepSummary === true;
    if (kept || fileless) {
      // (A file an earlier export wrote for it stays as it is.)
      const there = kept ? page.unchangedBlob : options.existing?.get(path);
      if (there !== undefined) written.push({ path, oid: there });
      for (const child of page.children) write(child);
      return;
    }
    const targetOf = (url: string): string | undefined => {
      const pageLink = PAGE_LINK.exec(url);
      const pagePath = pageLink && pathOf.get(pageLink[1] as string);
      if (pagePath) return relativeUrl(path, pagePath) + (pageLink[2] ?? '');
      const fileLink = FILE_LINK.exec(url);
      const filePath = fileLink && assetPathOf(fileLink[1] as string);
      return filePath ? relativeUrl(path, filePath) : undefined;
    };
    const markdown = options.includePathOf
      ? pageIncludes(page.markdown, path, options.includePathOf)
      : page.markdown;
    const body = markdown.trim() === '' ? '' : `\n${withRelativeLinks(markdown, targetOf)}`;
    const text = `${frontMatterKeeping(page, page.recordedText)}# ${headingOf(page.title)}\n${body}`;
    written.push({ path, bytes: encoder.encode(text) });
    for (const child of page.children) write(child);
  };
  for (const page of pages) write(page);
  if (!options.keepSummary)
    written.push({
      path: structure.summary,
      bytes: encoder.encode(summaryTextOf(pages, pathOf, structure.summary, options.previousSummary)),
    });
  for (const file of files) written.push({ path: assetPathOf(file.id) as string, bytes: file.bytes });
  return written.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The body with its links rewritten; one with no page or file link at all is stored
 * markdown already in canonical form, written as it is (parsing is most of an export's time).
 */
function withRelativeLinks(markdown: string, targetOf: (url: string) => string | undefined): string {
  if (!markdown.includes('/pages/') && !markdown.includes('/files/')) return markdown;
  return rewriteLinks(markdown, targetOf);
}

/** The title on one line (a heading cannot span two). */
const headingOf = (title: string) => title.replace(/\s+/g, ' ').trim() || 'Untitled';
