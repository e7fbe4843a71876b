/** Hand-made repository trees and a place to store the files a reader reads. */
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quire/persistence';
import type { RepositoryPage, RepositoryTreeFile } from '../../src/git-sync/read-repository';
import { ImportedFiles } from '../../src/imports/imported-files';

/** A tree from paths to contents (text, or bytes), each with its Git blob oid. */
export function repositoryTree(files: Record<string, string | Uint8Array>): RepositoryTreeFile[] {
  return Object.entries(files).map(([path, content]) => {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    return { path, bytes, oid: blobOid(bytes) };
  });
}

export function blobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

let blobs: Promise<DirectoryBlobStore> | undefined;

/** A new import's files, stored in one blob store per test file (blobs are by hash: sharing is safe). */
export async function importedFiles(): Promise<ImportedFiles> {
  blobs ??= mkdtemp(join(tmpdir(), 'quire-git-blobs-')).then((folder) => DirectoryBlobStore.open(folder));
  return new ImportedFiles(await blobs);
}

export function outline(pages: readonly RepositoryPage[]): unknown[] {
  return pages.map((page) =>
    page.children.length === 0 ? page.title : [page.title, outline(page.children)],
  );
}

export function flatten<T extends { children: T[] }>(pages: readonly T[]): T[] {
  return pages.flatMap((page) => [page, ...flatten(page.children)]);
}

/** A 1x1 PNG. */
export const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const LIMITS = { maxFileBytes: 1024 * 1024 };
