/**
 * The scheduled blob collection: every `intervalMs` (a day by default,
 * `QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS`; 0 runs none), a run of the process's
 * `BlobCollectionRuns` (joined, not doubled, when `quire blobs collect` started one), as a
 * `RepeatingTask` beside the purges. What each run did is logged by the runs' listener.
 */
import type { BlobCollectionRuns } from '../blobs/blob-collection-runs';
import { type RepeatingTask, startRepeatingTask } from './repeating-task';

export function startBlobCollectionTask(
  runs: BlobCollectionRuns,
  intervalMs: number,
  onError?: (error: unknown) => void,
): RepeatingTask | undefined {
  if (intervalMs <= 0) return undefined;
  return startRepeatingTask(
    intervalMs,
    async () => {
      await runs.run({ dryRun: false });
    },
    onError,
  );
}
