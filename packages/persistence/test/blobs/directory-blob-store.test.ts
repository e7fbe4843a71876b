import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryBlobStore } from '../../src/blobs';
import { describeBlobStoreContract } from './blob-store-contract';

const temporaryDirectories: string[] = [];
async function freshDirectory(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-blobs-'));
  temporaryDirectories.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temporaryDirectories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describeBlobStoreContract('directory', async () => ({
  blobs: await DirectoryBlobStore.open(path.join(await freshDirectory(), 'blobs')),
  close: async () => {},
}));

describe('DirectoryBlobStore on disk', () => {
  const bytes = new TextEncoder().encode('hello');
  const hash = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';

  it('fans blobs out as ab/cd/<hash>', async () => {
    const root = await freshDirectory();
    const blobs = await DirectoryBlobStore.open(root);
    await blobs.put(bytes);
    expect(await readdir(path.join(root, '2c', 'f2'))).toEqual([hash]);
  });

  it('leaves no temporary file behind, even after concurrent puts of the same bytes', async () => {
    const root = await freshDirectory();
    const blobs = await DirectoryBlobStore.open(root);
    await Promise.all(Array.from({ length: 8 }, () => blobs.put(bytes)));
    expect(await readdir(root)).toEqual(['2c']);
  });

  it('removes the temporary files a crash left when it opens', async () => {
    const root = await freshDirectory();
    await (await DirectoryBlobStore.open(root)).put(bytes);
    await writeFile(path.join(root, `.tmp-${hash}-interrupted`), 'half a blo');
    const reopened = await DirectoryBlobStore.open(root);
    expect((await readdir(root)).sort()).toEqual(['2c']);
    expect(await reopened.stat(hash)).toEqual({ size: 5 });
  });

  it('a temporary file is never taken for the blob', async () => {
    const root = await freshDirectory();
    const blobs = await DirectoryBlobStore.open(root);
    await writeFile(path.join(root, `.tmp-${hash}-interrupted`), 'hel');
    expect(await blobs.has(hash)).toBe(false);
  });
});
