/**
 * A folder tree of markdown and files (a zip's entries, a Git repository's tree under its
 * root) as pages and files, the way GitBook lays a space out in files:
 *
 * - Every markdown file (`.md`, `.markdown`) is a page, but one under `.gitbook/assets/` that
 *   `isFile` accepts (an uploaded file); every other entry `isFile` accepts is a file.
 * - `SUMMARY.md` (or the `summary` path given), when present, decides the pages, their order,
 *   nesting and titles (GitBook's rule: a file it does not list is not a page). An item whose
 *   link leads to no markdown file (missing, or already listed) is a page with no body.
 *   Without it, the folders do: a folder's `README.md` is the folder's page (the `rootPage`
 *   path, when given, is the top page), siblings in name order.
 * - Relative links between markdown files (`../guide/install.md`, `guide/` for its README)
 *   become page links (an `#anchor` kept), relative links to files become file links; a link
 *   that leads nowhere in the tree is kept as written.
 *
 * Entries' paths are `/`-separated and already safe (the caller checked them). Each page
 * keeps the path it was read from and its raw front matter, for readers that record them.
 */
import { pageFileOf, resolvePath, rewriteLinks, rewriteOfFolderLinks } from '@quire/documents';
import {
  ContentImportError,
  type ImportedContent,
  type ImportedFile,
  type ImportedPage,
} from '@quire/domain';
import { importFileUrl, importPageUrl } from './import-urls';
import { readMarkdownPage } from './markdown-page';
import { type PageAtPath, pageTreeOfPaths, titleOfSegment } from './page-tree-of-paths';
import { readSummary, type SummaryItem } from './summary-contents';

export interface FolderEntry {
  /** `/`-separated, relative, never with `..`. */
  path: string;
  bytes: Uint8Array;
}

/** A page of the tree: an imported page, with where it was read from and its front matter. */
export interface FolderPage extends ImportedPage {
  /** The markdown file read, or null for a page with no file (a SUMMARY item, a folder). */
  path: string | null;
  /** The front matter's fields as written (empty when none, or when it is not YAML). */
  frontMatter: Record<string, unknown>;
  children: FolderPage[];
}

/** Where the files go: stored once per source path, each answering the ref links use. */
export interface FolderFiles {
  add(source: string, name: string, bytes: Uint8Array): Promise<string>;
  refOf(source: string): string | undefined;
  list(): ImportedFile[];
}

export interface FolderTreeOptions {
  /** The table of contents' path (GitBook's `structure.summary`); default `SUMMARY.md` in any case. */
  summary?: string;
  /** The top page's file (GitBook's `structure.readme`); default the top `README.md`. */
  rootPage?: string;
  /** Which non-markdown entries are files. */
  isFile(entry: FolderEntry): boolean;

  /** Said when the tree holds no markdown file. */
  emptyMessage: string;
  /**
   * Pages keep their links as written (their `folderLinks` say where they lead: tables the
   * pages share) for the reading of each page to resolve them, on a markdown thread, in the
   * same pass (`readUntrustedMarkdown`'s `links.folder`), rather than here, a parse and a
   * print of every page on this thread. The text is then the one this reader would give.
   */
  keepLinks?: boolean;
}

export interface FolderContent extends ImportedContent {
  pages: FolderPage[];
}

// Kept for the readers that import them from here (the SUMMARY's readers).
export { resolvePath };

const MARKDOWN = /\.(md|markdown)$/i;
const ASSETS = '.gitbook/assets/';
const README = /(^|\/)readme\.(md|markdown)$/i;
const SUMMARY = /^summary\.md$/i;

export async function readFolderTree(
  entries: readonly FolderEntry[],
  files: FolderFiles,
  options: FolderTreeOptions,
  progress: (done: number, total: number) => void,
): Promise<FolderContent> {
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const summary =
    options.summary === undefined
      ? entries.find(({ path }) => SUMMARY.test(path))
      : byPath.get(options.summary);
  const rootPage = options.rootPage;
  const isRoot = (path: string) =>
    rootPage === undefined ? /^readme\.(md|markdown)$/i.test(path) : path === rootPage;
  const segmentsOf = (path: string): string[] => (path === rootPage ? [] : folderSegmentsOf(path));
  // A markdown file under GitBook's assets folder that `isFile` takes (Git Sync's: anything
  // there) is a file a page shows with `{% file %}`, not a page.
  const isMarkdownFile = (entry: FolderEntry) => entry.path.startsWith(ASSETS) && options.isFile(entry);
  const markdown = entries
    .filter((entry) => MARKDOWN.test(entry.path) && entry.path !== summary?.path && !isMarkdownFile(entry))
    .sort((a, b) => (isRoot(a.path) ? -1 : isRoot(b.path) ? 1 : folderOrder(a.path, b.path)));
  const fileEntries = entries.filter((entry) =>
    MARKDOWN.test(entry.path) ? isMarkdownFile(entry) : options.isFile(entry),
  );
  if (markdown.length === 0) throw new ContentImportError('empty', options.emptyMessage);
  const total = markdown.length + fileEntries.length;

  for (const [index, entry] of fileEntries.entries()) {
    await files.add(entry.path, baseName(entry.path), entry.bytes);
    progress(index + 1, total);
  }
  let pageCount = 0;
  const newRef = () => `page-${++pageCount}`;
  const refByPath = new Map(markdown.map(({ path }) => [path, newRef()]));
  // Where a relative link leads: a markdown file's page, or a file read above.
  const folderLinks = {
    pages: new Map([...refByPath].map(([path, ref]) => [path, importPageUrl(ref)])),
    files: new Map(
      entries.flatMap(({ path }) => {
        const ref = files.refOf(path);
        return ref === undefined ? [] : [[path, importFileUrl(ref)] as const];
      }),
    ),
  };

  const pageOf = (entry: FolderEntry, title?: string): FolderPage => {
    const segments = segmentsOf(entry.path);
    const read = readMarkdownPage(
      new TextDecoder().decode(entry.bytes),
      titleOfSegment(segments[segments.length - 1] ?? 'Introduction'),
    );
    return {
      ref: refByPath.get(entry.path) as string,
      title: title ?? read.title,
      markdown: options.keepLinks
        ? read.body
        : rewriteLinks(read.body, rewriteOfFolderLinks({ from: entry.path, ...folderLinks })),
      ...(options.keepLinks ? { folderLinks: { from: entry.path, ...folderLinks } } : {}),
      children: [],
      path: entry.path,
      frontMatter: read.frontMatter,
    };
  };
  const emptyPage = (title: string): FolderPage => ({
    ref: newRef(),
    title,
    markdown: '',
    children: [],
    path: null,
    frontMatter: {},
  });

  let pages: FolderPage[];
  const used = new Set<string>();
  if (summary) {
    const fromItems = (items: readonly SummaryItem[]): FolderPage[] =>
      items.map((item) => {
        const path = item.link === null ? null : resolvePath(item.link, summary.path);
        const entry = path === null ? undefined : byPath.get(pageFileOf(path, refByPath) ?? '');
        let page: FolderPage;
        if (entry && !used.has(entry.path)) {
          used.add(entry.path);
          page = pageOf(entry, item.title);
        } else page = emptyPage(item.title);
        page.children = fromItems(item.children);
        return page;
      });
    pages = fromItems(readSummary(new TextDecoder().decode(summary.bytes)));
  } else {
    for (const { path } of markdown) used.add(path);
    const atPaths: PageAtPath[] = markdown.map((entry) => ({
      segments: segmentsOf(entry.path),
      page: pageOf(entry),
    }));
    pages = pageTreeOfPaths(atPaths, newRef) as FolderPage[];
    fillFolderPages(pages);
  }
  progress(total, total);
  return {
    pages,
    files: files.list(),
    totalResources: total,
    importedResources: used.size + files.list().length,
  };
}

/** The pages `pageTreeOfPaths` made to hold a folder with no README have no file. */
function fillFolderPages(pages: FolderPage[]): void {
  for (const page of pages) {
    if (page.path === undefined) {
      page.path = null;
      page.frontMatter = {};
    }
    fillFolderPages(page.children);
  }
}

/** A page's place in the folder tree: its path without extension; a README is its folder. */
function folderSegmentsOf(path: string): string[] {
  const segments = path.split('/');
  if (README.test(path)) return segments.slice(0, -1);
  return [...segments.slice(0, -1), (segments[segments.length - 1] ?? '').replace(MARKDOWN, '')];
}

/** Folder by folder: a README first, then names in order. */
function folderOrder(a: string, b: string): number {
  const key = (path: string) => (README.test(path) ? path.replace(README, '$1') : path);
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

export const baseName = (path: string) => path.split('/').pop() ?? path;
