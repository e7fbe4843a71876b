/** The reader under test, over a blob store in a temporary folder, allowed to fetch from 127.0.0.1. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportedPage } from '@quire/domain';
import { DirectoryBlobStore } from '@quire/persistence';
import {
  type ContentImportLimits,
  DEFAULT_CONTENT_IMPORT_LIMITS,
  ServerContentImports,
} from '../../src/imports/server-content-imports';

export async function importReader(limits: Partial<ContentImportLimits> = {}) {
  const blobs = await DirectoryBlobStore.open(await mkdtemp(join(tmpdir(), 'quire-import-blobs-')));
  const reader = new ServerContentImports(blobs, {
    ...DEFAULT_CONTENT_IMPORT_LIMITS,
    allowHosts: ['127.0.0.1'],
    ...limits,
  });
  return { reader, blobs };
}

/** The tree as titles, children nested: `['Welcome', ['Guide', ['Install']]]`-like outlines. */
export function outline(pages: readonly ImportedPage[]): unknown[] {
  return pages.map((page) =>
    page.children.length === 0 ? page.title : [page.title, outline(page.children)],
  );
}

export function flatten(pages: readonly ImportedPage[]): ImportedPage[] {
  return pages.flatMap((page) => [page, ...flatten(page.children)]);
}

export const noProgress = () => {};
