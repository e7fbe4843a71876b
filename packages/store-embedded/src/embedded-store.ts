import type { Store } from '@quire/store';
import { JournalClosedError, type OpenStorageOptions, openStorage } from './durability';
import { EmbeddedDatabase } from './engine';

/** For tests and drills: the file system to run on (a fault-injecting one), compaction thresholds. */
export type EmbeddedStoreOptions = Pick<OpenStorageOptions, 'fs' | 'compactAfterBytes' | 'compactOnClose'>;

/**
 * Opens the embedded engine on a data directory: durability recovers the state and opens
 * the journal, the in-memory engine serves from that state and journals every write, and
 * compaction reads the engine's snapshots.
 *
 * A write the disk refuses (full, failing) rejects with a `StoreUnavailableError` and is
 * never readable; `ping` rejects the same way while the journal refuses writes, and each
 * ping (like each write) tries to resume it, so the store comes back by itself once the
 * disk takes writes again (docs/reliability.md, "The embedded store").
 */
export async function openEmbeddedStore(dir: string, options: EmbeddedStoreOptions = {}): Promise<Store> {
  const storage = await openStorage(dir, options);
  const db = new EmbeddedDatabase(storage.state, storage.journal);
  storage.setSnapshotSource(() => db.snapshot());
  let closed = false;
  return {
    engine: 'embedded',
    db,
    ping() {
      return closed ? Promise.reject(new JournalClosedError()) : storage.probe();
    },
    async close() {
      if (closed) return;
      closed = true;
      await storage.journal.close();
    },
  };
}
