/**
 * The store's figures in Prometheus's text format, read from the engine when `/metrics` is
 * scraped (nothing is kept or computed between scrapes).
 */
import type { Store, StoreStats } from '@quire/store';
import { type Family, familyText, histogramText, type Sample } from './prometheus-text';

function figureFamilies(stats: StoreStats): Family[] {
  const one = (value: number): Sample[] => [{ value }];
  return [
    {
      name: 'quire_store_documents',
      help: 'Documents held by the embedded store, by collection.',
      type: 'gauge',
      samples: Object.entries(stats.documents).map(([collection, value]) => ({
        labels: { collection },
        value,
      })),
    },
    {
      name: 'quire_store_journal_bytes',
      help: 'Bytes of the journal since the last snapshot (replayed at the next start).',
      type: 'gauge',
      samples: one(stats.journalBytes),
    },
    {
      name: 'quire_store_snapshot_bytes',
      help: 'Bytes of the last snapshot.',
      type: 'gauge',
      samples: one(stats.snapshotBytes),
    },
    {
      name: 'quire_store_compactions_total',
      help: 'Compactions (journal turned into a snapshot) since the store was opened.',
      type: 'counter',
      samples: one(stats.compactions),
    },
    {
      name: 'quire_store_last_compaction_timestamp_seconds',
      help: 'When the last compaction since the store was opened finished (Unix time; 0: none yet).',
      type: 'gauge',
      samples: one(stats.lastCompactionAt === null ? 0 : stats.lastCompactionAt / 1000),
    },
    {
      name: 'quire_store_write_failures_total',
      help: 'Disk writes and syncs that failed (full or failing disk) since the store was opened.',
      type: 'counter',
      samples: one(stats.writeFailures),
    },
    {
      name: 'quire_store_refusing_writes',
      help: '1 while the store refuses writes because the disk does not take them.',
      type: 'gauge',
      samples: one(stats.refusingWrites ? 1 : 0),
    },
  ];
}

/** The store's part of `/metrics`: its engine, and the figures of an engine that keeps them. */
export function storeMetricsText(store: Pick<Store, 'engine' | 'stats'>): string {
  const engine = familyText({
    name: 'quire_store_info',
    help: 'The store engine in use (embedded or mongodb); MongoDB reports its own figures (mongodb_exporter).',
    type: 'gauge',
    samples: [{ labels: { engine: store.engine }, value: 1 }],
  });
  const stats = store.stats?.();
  if (!stats) return `${engine}\n`;
  const fsync = histogramText(
    'quire_store_fsync_seconds',
    "Time the journal's fdatasync took; every acknowledged write waits for one.",
    [{ labels: {}, figures: stats.fsync }],
  );
  return `${[engine, ...figureFamilies(stats).map(familyText), fsync].join('\n\n')}\n`;
}
