/**
 * The scheduled blob collection: a run of the process's `BlobCollectionRuns` (joined, not
 * doubled, when `quire blobs collect` started one) whenever the last run to its end, as the
 * store records it (`lastBlobCollectionAt`), is `intervalMs` ago or more (a day by default,
 * `QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS`; 0 runs none). Checked every hour at most (every
 * interval when shorter), as a `RepeatingTask` beside the purges: a server restarted more often
 * than the interval still collects, and a failed run is tried again at the next check. What
 * each run did is logged by the runs' listener.
 */
import { lastBlobCollectionAt } from '@quire/persistence';
import type { Store } from '@quire/store';
import type { BlobCollectionRuns } from '../blobs/blob-collection-runs';
import { type RepeatingTask, startRepeatingTask } from './repeating-task';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function startBlobCollectionTask(
  runs: BlobCollectionRuns,
  store: Store,
  now: () => number,
  intervalMs: number,
  /** Told after each check that found no run due (the last one ended `last`, ms since the epoch). */
  onNotDue?: (last: number) => void,
): RepeatingTask | undefined {
  if (intervalMs <= 0) return undefined;
  return startRepeatingTask(Math.min(intervalMs, CHECK_EVERY_MS), async () => {
    const last = await lastBlobCollectionAt(store.db);
    if (last !== null && now() - last < intervalMs) {
      onNotDue?.(last);
      return;
    }
    await runs.run({ dryRun: false });
  });
}
