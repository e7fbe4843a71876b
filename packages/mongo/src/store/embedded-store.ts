import { openStorage } from '../embedded/durability';
import { EmbeddedDatabase } from '../embedded/engine';
import type { Store } from './collection';

/**
 * Opens the embedded engine on a data directory: durability recovers the state and opens
 * the journal, the in-memory engine serves from that state and journals every write, and
 * compaction reads the engine's snapshots.
 */
export async function openEmbeddedStore(dir: string): Promise<Store> {
  const storage = await openStorage(dir);
  const db = new EmbeddedDatabase(storage.state, storage.journal);
  storage.setSnapshotSource(() => db.snapshot());
  let closed = false;
  return {
    engine: 'embedded',
    db,
    async ping() {
      if (closed) throw new Error('the embedded store is closed');
    },
    async close() {
      if (closed) return;
      closed = true;
      await storage.journal.close();
    },
  };
}
