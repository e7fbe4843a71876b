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
 * 2. The listing: each blob put at or after the cutoff is kept (young, named or not: not
 *    looked for); each one put before it is a candidate, kept in memory with its size.
 * 3. The mark (`markReferencedBlobs`): every record of every collection read in batches,
 *    every candidate it names taken out of the candidates (kept); content objects traced
 *    from the records that name them.
 * 4. The sweep: each candidate left deleted by `deleteIfNotPutSince(hash, cutoff)`, which
 *    loses to any put that dated the blob at or after the cutoff, judged at the moment of
 *    the delete.
 *
 * Candidates first, so that what the run holds is bounded by what is stored: the candidates
 * (at most the blobs stored, about 60 bytes each) and the content objects' ids, whatever the
 * records say. The mark only takes names out of those sets and never adds one: a member's
 * page of a megabyte of hex text (a hash at each offset) or of `x-y-z-...` (an address after
 * each `-`) costs the mark a set lookup a name, no memory (before, each name met was kept:
 * about 160 MiB for two such pages of a megabyte, every day, in the server's process).
 *
 * Outcomes (the report): `deleted` blobs and `deletedBytes` freed (with `dryRun`, what would
 * be: nothing is deleted, no leftover finished); `kept` (candidates a record names), `young`
 * (put within the grace when listed, named or not, and a candidate a put reached during the
 * sweep), `gone` (a candidate someone else deleted meanwhile: another server's sweep on a
 * shared MongoDB); `blobs` = kept + young + deleted + gone; the leftovers of an interrupted
 * sweep finished. A store that cannot list its collections refuses the run
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
 *   written at `w` after it. The order is listing, mark, sweep. A blob first stored after the
 *   listing is no candidate: kept. A record there when the mark starts (so one written before
 *   or during the listing too) is read by it: kept. A record the mark may miss was written
 *   after the run started, and the blob can only go if `p` < `cutoff` = start - grace: only
 *   if the put and its record were more than a grace apart. The grace (a day) is far longer
 *   than any put-then-write (a request, a job run). A blob put at or after the cutoff is
 *   young when listed (kept), or, put again after the listing, young when its delete judges
 *   it: the delete reads the date at that moment, not the listing's, so listing before the
 *   mark rather than after it changes nothing here (between the listing and the delete a put
 *   can only make a candidate younger, and a record only name it).
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
 * therefore still there when the mark reaches it, or the mark already read it. A content
 * object written after the mark listed their ids is not traced even when a record names it:
 * it was written during the run, and so was that record (which names it after it exists), so
 * each name it holds is a put of that write's job (the first case) or a copy from an older
 * immutable source, which the mark reads or traces in turn. (A mutable
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
import { DigestSet } from './digest-set';
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
  /** Blobs in the store when listed. */
  blobs: number;
  /**
   * Blobs put before the cutoff when listed, and content objects listed: all the mark held
   * (it only takes names out of them), whatever the records say.
   */
  candidates: number;
  contentObjects: number;
  /** Candidates kept because a record names them. */
  kept: number;
  /** Blobs put within the grace when listed (named or not), and candidates a put reached during the sweep. */
  young: number;
  /** Blobs deleted (with `dryRun`: that would be), and their bytes. */
  deleted: number;
  deletedBytes: number;
  /** Candidates already gone when their turn came. */
  gone: number;
  /** What an interrupted sweep had left, finished at the start. */
  interrupted: { restored: number; deleted: number };
  /** The listing and the mark, then the whole run, in ms. */
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
  const report: BlobCollectionReport = {
    dryRun,
    records: 0,
    blobs: 0,
    candidates: 0,
    contentObjects: 0,
    kept: 0,
    young: 0,
    deleted: 0,
    deletedBytes: 0,
    gone: 0,
    interrupted,
    markMs: 0,
    durationMs: 0,
  };
  // The old blobs and their sizes: what the mark looks for, and the sweep deletes.
  const candidates = new DigestSet('hex');
  for await (const blob of blobs.list()) {
    report.blobs += 1;
    if (blob.lastPutAt >= cutoff) report.young += 1;
    else candidates.add(blob.hash, blob.size);
  }
  report.candidates = candidates.size;
  const marked = await markReferencedBlobs(store, candidates, {
    batchSize: options.batchSize ?? 500,
    blobBucket: options.blobBucket ?? 'blobs',
    ...(options.progress ? { progress: (done, total) => options.progress?.('mark', done, total) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  report.records = marked.records;
  report.contentObjects = marked.contentObjects;
  report.kept = marked.named;
  report.markMs = Math.round(performance.now() - started);
  let judged = 0;
  for (const [hash, size] of candidates.entries()) {
    options.signal?.throwIfAborted();
    const outcome = dryRun ? 'deleted' : await blobs.deleteIfNotPutSince(hash, cutoff);
    if (outcome === 'deleted') {
      report.deleted += 1;
      report.deletedBytes += size;
    } else report[outcome] += 1;
    judged += 1;
    options.progress?.('sweep', judged, candidates.size);
  }
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
