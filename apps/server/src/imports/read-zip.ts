/**
 * A zip import: a folder tree of markdown and images (a GitBook export, a docs repository),
 * read by `readFolderTree` (SUMMARY.md or folders, README.md as a folder's page, relative
 * links as page and file links).
 *
 * - Entries are expanded under limits (`expandZip`); `__MACOSX/` and hidden files are
 *   skipped; when everything sits in one top folder (`repo-main/`), that folder is the root.
 * - Every markdown file is a page, every image (by its bytes) a file.
 */
import type { ImportedContent, ImportedPage } from '@quire/domain';
import { describeFile } from '../files/describe-file';
import { expandZip, type ZipEntry, type ZipLimits } from './expand-zip';
import type { ImportedFiles } from './imported-files';
import { baseName, type FolderPage, readFolderTree } from './read-folder-tree';

export async function readZip(
  bytes: Uint8Array,
  limits: ZipLimits,
  files: ImportedFiles,
  progress: (done: number, total: number) => void,
): Promise<ImportedContent> {
  const entries = rootedEntries(expandZip(bytes, limits).filter(({ path }) => !isSkipped(path)));
  const content = await readFolderTree(
    entries,
    files,
    { isFile: ({ path, bytes }) => isImage(bytes, path), emptyMessage: 'The zip holds no markdown file' },
    progress,
  );
  return { ...content, pages: content.pages.map(importedPageOf) };
}

/** The page as the domain takes it (what a zip records of its files is not kept). */
function importedPageOf({ ref, title, markdown, children }: FolderPage): ImportedPage {
  return { ref, title, markdown, children: children.map(importedPageOf) };
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

const isImage = (bytes: Uint8Array, path: string) =>
  describeFile(bytes, baseName(path)).contentType.startsWith('image/');
