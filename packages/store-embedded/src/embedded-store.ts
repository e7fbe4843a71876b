import type { Store } from '@quire/store';
import { JournalClosedError, nodeStorageFs, type OpenStorageOptions, openStorage } from './durability';
import { measuredFs } from './durability/measured-fs';
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
 *
 * `stats()` reads the figures `/metrics` reports: documents per collection, journal and
 * snapshot sizes, compactions, and the disk's fsync latency and failures.
 */
export async function openEmbeddedStore(dir: string, options: EmbeddedStoreOptions = {}): Promise<Store> {
  const disk = measuredFs(options.fs ?? nodeStorageFs);
  const storage = await openStorage(dir, { ...options, fs: disk.fs });
  const db = new EmbeddedDatabase(storage.state, storage.journal);
  storage.setSnapshotSource(() => db.snapshot());
  let closed = false;
  return {
    engine: 'embedded',
    db,
    withAttachedWrite: (source, run, options) => db.withAttachedWrite(source, run, options),
    ping() {
      return closed ? Promise.reject(new JournalClosedError()) : storage.probe();
    },
    collectionNames: () => Promise.resolve(db.collectionNames()),
    stats() {
      const { journalBytes, journalFailed, compaction } = storage.stats();
      return {
        documents: db.documentCounts(),
        journalBytes,
        snapshotBytes: compaction.lastSnapshotBytes,
        fsync: disk.figures.fsync(),
        compactions: compaction.compactions,
        lastCompactionAt: compaction.lastCompactedAt,
        writeFailures: disk.figures.writeFailures,
        refusingWrites: journalFailed,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await storage.journal.close();
    },
  };
}
