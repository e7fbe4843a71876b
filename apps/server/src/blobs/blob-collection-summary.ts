/**
 * A blob collection's outcome in one line, as the server logs it and `quire blobs collect`
 * prints it: what was deleted (or would be), what was kept and why, how long it took.
 */
import type { BlobCollectionReport } from '@quire/persistence';

export function blobCollectionSummary(report: BlobCollectionReport, graceMs: number): string {
  const deleted = report.dryRun
    ? `would delete ${report.deleted} blob(s) (${sizeOf(report.deletedBytes)}), deleted nothing`
    : `deleted ${report.deleted} blob(s), ${sizeOf(report.deletedBytes)} freed`;
  const interrupted =
    report.interrupted.restored + report.interrupted.deleted > 0
      ? `; an interrupted sweep's leftovers finished: ${report.interrupted.restored} put back, ${report.interrupted.deleted} deleted`
      : '';
  return (
    `blob collection: ${deleted}; kept ${report.kept} named by the store, ` +
    `${report.young} in their grace (${Math.round(graceMs / 3_600_000)} h); ` +
    `${report.blobs} blob(s), ${report.records} record(s) read, in ${report.durationMs} ms${interrupted}`
  );
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

function sizeOf(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
