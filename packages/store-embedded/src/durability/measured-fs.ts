/**
 * The store's disk figures, measured where the disk is called: a `StorageFs` that times
 * every fdatasync (the journal's, which each acknowledged write waits for) and counts the
 * writes and syncs the disk refuses. The layers above are unchanged; a timed call costs
 * two clock reads and a bucket search.
 */
import { type LatencyFigures, LatencyHistogram } from '@quire/store';
import type { StorageFs } from './storage-fs';

/** Seconds; from a RAM disk (tens of microseconds) to a struggling spinning disk. */
const FSYNC_BOUNDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export interface DiskFigures {
  fsync(): LatencyFigures;
  /** Failed `write`, `fdatasync` and `fsync` calls. */
  readonly writeFailures: number;
}

export function measuredFs(base: StorageFs): { fs: StorageFs; figures: DiskFigures } {
  const fsyncs = new LatencyHistogram(FSYNC_BOUNDS);
  let writeFailures = 0;

  const countFailure = (error: unknown): never => {
    writeFailures++;
    throw error;
  };

  const fs: StorageFs = {
    ...base,
    write: (fd, buffer, offset, length, position) =>
      base.write(fd, buffer, offset, length, position).catch(countFailure),
    fsync: (fd) => base.fsync(fd).catch(countFailure),
    async fdatasync(fd) {
      const started = performance.now();
      await base.fdatasync(fd).catch(countFailure);
      fsyncs.observe((performance.now() - started) / 1000);
    },
  };

  const figures: DiskFigures = {
    fsync: () => fsyncs.figures(),
    get writeFailures() {
      return writeFailures;
    },
  };
  return { fs, figures };
}
