/**
 * The blob collection: deletes the blobs that no stored record names any more and that no put
 * has reached within the grace (`graceMs`, a day by default in the server): a deleted space's
 * or a purged organization's files, a replaced file no revision keeps, an upload refused after
 * its bytes were stored, a PDF whose job record expired.
 *
 * One run, in four steps:
 * 1. `cutoff` = the store's clock at the start minus the grace; what an interrupted sweep left
 *    is finished first (`finishInterruptedSweeps`: put back if dated at or after the cutoff,
 *    else deleted).
 * 2. The mark (`markReferencedBlobs`): every record of every collection read in batches,
 *    every hash it names kept; content objects traced from the records that name them.
 * 3. The listing: each blob the mark did not see named is kept when it was put at or after the
 *    cutoff (young), else it is a candidate.
 * 4. The sweep: each candidate deleted by `deleteIfNotPutSince(hash, cutoff)`, which loses to
 *    any put that dated the blob at or after the cutoff, judged at the moment of the delete.
 *
 * Outcomes (the report): `deleted` blobs and `deletedBytes` freed (with `dryRun`, what would
 * be: nothing is deleted, no leftover finished); `kept` (named), `young` (in the grace,
 * including a candidate a put reached during the sweep), `gone` (a candidate someone else
 * deleted meanwhile: another server's sweep on a shared MongoDB); the leftovers of an
 * interrupted sweep finished. A store that cannot list its collections refuses the run
 * (`StoreNotListableError`), deleting nothing; an aborted `signal` stops it between batches
 * (what was deleted stays deleted; nothing is half-done). A failing read or delete stops the
 * run with that error; the next run starts again from the start.
 *
 * Why no interleaving of a put, a record naming the blob and a sweep loses live bytes. A write
 * that names a blob does so after a put of its bytes (an upload, an import, a Git Sync read, a
 * PDF), after dating it as a put would (`touch`: a site's customization keeping an address of
 * Quire's files, refused when the blob is gone), or copies a name from a record that names it
 * (a duplicated space, a merge, a new revision keeping the files of its parent). For the first
 * two (a touch is a put without the bytes, and fails rather than writes when the blob is gone):
 * - the put dates the blob at `p` (written, or found and dated again), and the record is
 *   written at `w` after it. A record there when the mark starts is read by it: kept. A record
 *   the mark may miss was written after the run started, and the blob can only go if
 *   `p` < `cutoff` = start - grace: only if the put and its record were more than a grace
 *   apart. The grace (a day) is far longer than any put-then-write (a request, a job run). A
 *   blob put at or after the cutoff is young both when listed and when deleted: kept.
 * - The delete against a racing put: a put dates the blob in one step that also finds it
 *   (`utimes` on the name; a conditional update of the GridFS file named by the hash), and the
 *   sweep takes the blob from under its name in one step before judging its date (a rename to
 *   the trash; a conditional rename of the GridFS file). Either the put dated it first (the
 *   sweep sees the date: put back, `young`) or the sweep took it first (the put finds no blob
 *   and writes its bytes again). There is no third order, so a put that returns has its bytes
 *   under the name.
 * For a copy: the record it copies from still names the blob while the copy is made, and goes
 * on naming it. Copies are made from revisions and content objects, which are immutable and
 * removed only by the purges (of spaces deleted a week ago, of deleted organizations), and a
 * purged record is one no operation reads any more, so none copies from it; the source is
 * therefore still there when the mark reaches it, or the mark already read it. (A mutable
 * record that names blobs, a site's customization, is only copied from an address a person
 * gives, which goes through `touch`.) A new kind of record that copies names out of a mutable
 * record would break this argument: it must `touch` what it names.
 *
 * Other processes: every server on a shared MongoDB may run the collection; two sweeps of one
 * blob are each a conditional rename, the second finds it `gone`.
 *
 * What names blobs outside the store, which only the grace covers: the bytes of an upload
 * between its put and its record (`ServerIncomingFiles`: memory), the files an import or a
 * Git Sync read holds between their puts and the revision written at the end of the job
 * (memory of the job's process), a PDF between its put and its job's result. None lasts
 * anywhere near a day. The job files (`job-files/`: the bytes of an import not yet run) are
 * not blobs and name none; their blobs are put when the job runs.
 */
import type { Store } from '@quire/store';
import type { SweptBlobs } from '../blobs/stored-blobs';
import { markReferencedBlobs } from './referenced-blobs';

/** The grace by default: blobs put in the last day are never deleted. */
export const DEFAULT_BLOB_GRACE_MS = 24 * 60 * 60 * 1000;

export interface BlobCollectionOptions {
  /** Blobs put within this long before the run's start are kept, named or not. */
  graceMs: number;
  /** Counts what would be deleted, deletes nothing. */
  dryRun?: boolean;
  /** Documents read per find during the mark (default 500). */
  batchSize?: number;
  /** The GridFS bucket of the blobs on MongoDB (default `blobs`), whose collections are not records. */
  blobBucket?: string;
  /** Called as the run goes: records read during the mark, candidates judged during the sweep. */
  progress?: (phase: 'mark' | 'sweep', done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface BlobCollectionReport {
  dryRun: boolean;
  /** Records read by the mark, content objects reached included. */
  records: number;
  /** Distinct hashes the records name (some may name no stored blob). */
  named: number;
  /** Blobs in the store when listed. */
  blobs: number;
  /** Blobs kept because a record names them. */
  kept: number;
  /** Blobs no record names, kept because a put reached them within the grace. */
  young: number;
  /** Blobs deleted (with `dryRun`: that would be), and their bytes. */
  deleted: number;
  deletedBytes: number;
  /** Candidates already gone when their turn came. */
  gone: number;
  /** What an interrupted sweep had left, finished at the start. */
  interrupted: { restored: number; deleted: number };
  /** The mark and the listing, then the whole run, in ms. */
  markMs: number;
  durationMs: number;
}

export async function collectUnreferencedBlobs(
  store: Store,
  blobs: SweptBlobs,
  options: BlobCollectionOptions,
): Promise<BlobCollectionReport> {
  const started = performance.now();
  const dryRun = options.dryRun ?? false;
  const cutoff = blobs.now() - options.graceMs;
  const interrupted = dryRun ? { restored: 0, deleted: 0 } : await blobs.finishInterruptedSweeps(cutoff);
  const referenced = await markReferencedBlobs(store, {
    batchSize: options.batchSize ?? 500,
    blobBucket: options.blobBucket ?? 'blobs',
    ...(options.progress ? { progress: (done, total) => options.progress?.('mark', done, total) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const report: BlobCollectionReport = {
    dryRun,
    records: referenced.records,
    named: referenced.hashes.size,
    blobs: 0,
    kept: 0,
    young: 0,
    deleted: 0,
    deletedBytes: 0,
    gone: 0,
    interrupted,
    markMs: 0,
    durationMs: 0,
  };
  const candidates: Array<{ hash: string; size: number }> = [];
  for await (const blob of blobs.list()) {
    report.blobs += 1;
    if (referenced.hashes.has(blob.hash)) report.kept += 1;
    else if (blob.lastPutAt >= cutoff) report.young += 1;
    else candidates.push({ hash: blob.hash, size: blob.size });
  }
  report.markMs = Math.round(performance.now() - started);
  for (const [index, candidate] of candidates.entries()) {
    options.signal?.throwIfAborted();
    const outcome = dryRun ? 'deleted' : await blobs.deleteIfNotPutSince(candidate.hash, cutoff);
    if (outcome === 'deleted') {
      report.deleted += 1;
      report.deletedBytes += candidate.size;
    } else report[outcome] += 1;
    options.progress?.('sweep', index + 1, candidates.length);
  }
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
