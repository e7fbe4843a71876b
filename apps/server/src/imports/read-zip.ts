/**
 * A zip import: a folder tree of markdown and images (a GitBook export, a docs repository).
 *
 * - Entries are expanded under limits (`expandZip`); `__MACOSX/` and hidden files are
 *   skipped; when everything sits in one top folder (`repo-main/`), that folder is the root.
 * - Every markdown file (`.md`, `.markdown`) is a page, every image (by its bytes) a file.
 * - `SUMMARY.md` at the root, when present, decides the pages, their order, nesting and
 *   titles (GitBook's rule: a file it does not list is not a page). Without it, the folders
 *   do: a folder's `README.md` is the folder's page, siblings in name order.
 * - Relative links between markdown files (`../guide/install.md`, `guide/` for its README)
 *   become page links (an `#anchor` kept), relative images and links to images become file links; a link
 *   that leads nowhere in the zip is kept as written.
 */
import { rewriteLinks } from '@quire/documents';
import { ContentImportError, type ImportedContent, type ImportedPage } from '@quire/domain';
import { describeFile } from '../files/describe-file';
import { expandZip, type ZipEntry, type ZipLimits } from './expand-zip';
import { importFileUrl, importPageUrl } from './import-urls';
import type { ImportedFiles } from './imported-files';
import { readMarkdownPage } from './markdown-page';
import { type PageAtPath, pageTreeOfPaths, titleOfSegment } from './page-tree-of-paths';
import { readSummary, type SummaryItem } from './summary-contents';

const MARKDOWN = /\.(md|markdown)$/i;
const README = /(^|\/)readme\.(md|markdown)$/i;
const SUMMARY = /^summary\.md$/i;

export async function readZip(
  bytes: Uint8Array,
  limits: ZipLimits,
  files: ImportedFiles,
  progress: (done: number, total: number) => void,
): Promise<ImportedContent> {
  const entries = rootedEntries(expandZip(bytes, limits).filter(({ path }) => !isSkipped(path)));
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const summary = entries.find(({ path }) => SUMMARY.test(path));
  const markdown = entries
    .filter(({ path }) => MARKDOWN.test(path) && path !== summary?.path)
    .sort((a, b) => folderOrder(a.path, b.path));
  const images = entries.filter(({ path, bytes }) => !MARKDOWN.test(path) && isImage(bytes, path));
  if (markdown.length === 0) throw new ContentImportError('empty', 'The zip holds no markdown file');
  const total = markdown.length + images.length;

  for (const [index, image] of images.entries()) {
    await files.add(image.path, baseName(image.path), image.bytes);
    progress(index + 1, total);
  }
  let pageCount = 0;
  const newRef = () => `page-${++pageCount}`;
  const refByPath = new Map(markdown.map(({ path }) => [path, newRef()]));

  const pageOf = (entry: ZipEntry, title?: string): ImportedPage => {
    const read = readMarkdownPage(new TextDecoder().decode(entry.bytes), fallbackTitleOf(entry.path));
    return {
      ref: refByPath.get(entry.path) as string,
      title: title ?? read.title,
      markdown: rewriteLinks(read.body, (url) => importUrlOf(url, entry.path, refByPath, byPath, files)),
      children: [],
    };
  };

  let pages: ImportedPage[];
  const used = new Set<string>();
  if (summary) {
    const fromItems = (items: readonly SummaryItem[]): ImportedPage[] =>
      items.map((item) => {
        const path = item.link === null ? null : resolvePath(item.link, summary.path);
        const entry = path === null ? undefined : byPath.get(pageFileOf(path, refByPath) ?? '');
        let page: ImportedPage;
        if (entry && !used.has(entry.path)) {
          used.add(entry.path);
          page = pageOf(entry, item.title);
        } else page = { ref: newRef(), title: item.title, markdown: '', children: [] };
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
    pages = pageTreeOfPaths(atPaths, newRef);
  }
  progress(total, total);
  return {
    pages,
    files: files.list(),
    totalResources: total,
    importedResources: used.size + files.list().length,
  };
}

/** The `quire-import:` URL a relative link of `from` stands for, or undefined to keep it. */
function importUrlOf(
  url: string,
  from: string,
  refByPath: ReadonlyMap<string, string>,
  byPath: ReadonlyMap<string, ZipEntry>,
  files: ImportedFiles,
): string | undefined {
  const path = resolvePath(url, from);
  if (path === null) return undefined;
  const pageFile = pageFileOf(path, refByPath);
  if (pageFile !== undefined) return importPageUrl(refByPath.get(pageFile) as string, url);
  const fileRef = byPath.has(path) ? files.refOf(path) : undefined;
  return fileRef === undefined ? undefined : importFileUrl(fileRef);
}

/** The zip path a relative URL points at (query and fragment dropped), or null for an absolute URL or an anchor. */
function resolvePath(url: string, from: string): string | null {
  if (url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//'))
    return null;
  let target: string;
  try {
    target = decodeURIComponent(url.replace(/[?#].*$/, ''));
  } catch {
    return null;
  }
  const base = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  const segments = [...base];
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/') + (target.endsWith('/') ? '/' : '');
}

/** The markdown file a path names: itself, or a folder's README. */
function pageFileOf(path: string, refByPath: ReadonlyMap<string, string>): string | undefined {
  if (refByPath.has(path)) return path;
  const folder = path.replace(/\/$/, '');
  for (const name of ['README.md', 'readme.md', 'Readme.md', 'README.markdown']) {
    const candidate = folder === '' ? name : `${folder}/${name}`;
    if (refByPath.has(candidate)) return candidate;
  }
  return undefined;
}

/** A page's place in the folder tree: its path without extension; a README is its folder. */
function segmentsOf(path: string): string[] {
  const segments = path.split('/');
  if (README.test(path)) return segments.slice(0, -1);
  return [...segments.slice(0, -1), (segments[segments.length - 1] ?? '').replace(MARKDOWN, '')];
}

function fallbackTitleOf(path: string): string {
  const segments = segmentsOf(path);
  return titleOfSegment(segments[segments.length - 1] ?? 'Introduction');
}

/** Folder by folder: a README first, then names in order. */
function folderOrder(a: string, b: string): number {
  const key = (path: string) => (README.test(path) ? path.replace(README, '$1') : path);
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

function isSkipped(path: string): boolean {
  return path.startsWith('__MACOSX/') || baseName(path).startsWith('.');
}

/** Entries all under one top folder (and nothing beside it) are read from inside it. */
function rootedEntries(entries: ZipEntry[]): ZipEntry[] {
  const tops = new Set(entries.map(({ path }) => (path.includes('/') ? path.split('/')[0] : '')));
  const [top] = tops;
  if (tops.size !== 1 || !top) return entries;
  return entries.map((entry) => ({ ...entry, path: entry.path.slice(top.length + 1) }));
}

const baseName = (path: string) => path.split('/').pop() ?? path;

const isImage = (bytes: Uint8Array, path: string) =>
  describeFile(bytes, baseName(path)).contentType.startsWith('image/');
