/**
 * The store contract (`@quire/store/testing`) against the embedded engine: on disk through
 * `openEmbeddedStore`, and over an in-memory journal. MongoDB runs the same suite in
 * `packages/store`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeStoreContract } from '@quire/store/testing';
import { openEmbeddedStore } from '../src/embedded-store';
import { EmbeddedDatabase, MemoryJournal } from '../src/engine';

describeStoreContract('embedded (journal on disk)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-store-contract-'));
  const store = await openEmbeddedStore(dir);
  return {
    db: store.db,
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describeStoreContract('embedded (MemoryJournal)', async () => ({
  db: new EmbeddedDatabase(new Map(), new MemoryJournal()),
  close: async () => {},
}));
