import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mongoDatabaseOf, type Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryBlobStore, openStoredBlobs } from '../../src/blobs';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const embeddedStore = (): Store => {
  const journal = new MemoryJournal();
  return {
    engine: 'embedded',
    db: new EmbeddedDatabase(new Map(), journal),
    ping: () => Promise.resolve(),
    close: () => journal.close(),
  };
};

describe('openStoredBlobs', () => {
  it('on the embedded engine: a directory store under <dataDir>/blobs', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quire-data-'));
    const store = embeddedStore();
    expect(mongoDatabaseOf(store)).toBeNull();
    const blobs = await openStoredBlobs(store, dataDir);
    expect(blobs).toBeInstanceOf(DirectoryBlobStore);
    await blobs.put(new TextEncoder().encode('hello'));
    expect(await readdir(path.join(dataDir, 'blobs'))).toEqual(['2c']);
    await store.close();
  });
});
