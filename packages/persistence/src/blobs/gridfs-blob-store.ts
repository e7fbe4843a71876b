/**
 * Blobs in MongoDB's GridFS (bucket `blobs` by default), for deployments on the MongoDB
 * engine, where the data directory may not be shared or durable. A file's `filename` is its
 * hash. UNTESTED against a real server at the time of writing: the contract suite runs
 * against it when `MONGODB_URI` is set (`test/blobs/gridfs-blob-store.test.ts`).
 *
 * Never two files under one hash, never a half-written one: GridFS writes a file's chunks
 * first and its files document last, so a file is complete once it is visible; a put uploads
 * under a pending name (`.pending-<hash>-<uuid>`) and only then renames it to the hash. A
 * unique index on `filename` makes the rename a compare-and-swap: of two concurrent puts of
 * the same bytes, one rename wins and the other fails with a duplicate key and deletes its
 * own upload. Readers ask for the hash, so they only ever see the winner, which is never
 * deleted. A crash leaves at most a pending file (removed when the store is next opened, once
 * older than an hour, so uploads running on another server are left alone) or chunks without
 * a files document (invisible, not reclaimed).
 *
 * The blob collection (UNTESTED against a real server, as the rest: its contract tests run
 * only with `MONGODB_URI`): every put dates the file it lands on (`metadata.lastPutAt`, by the
 * store's clock; a new file gets it at upload), with an update conditional on the file still
 * being named by its hash. The sweep (`deleteIfNotPutSince`) renames the files document to
 * `.swept-<hash>-<id>` in one conditional update (its name still the hash, its last put, or
 * its upload for a file stored before puts were dated, before the cutoff): single-document
 * atomicity orders it against a put's dating, so either the put dated it first (the rename
 * does not match: kept) or the rename came first (the put's dating matches nothing, and it
 * uploads the bytes again under the freed name).
 * The renamed file is then deleted, chunks and document (`bucket.delete`); a crash before
 * that leaves a `.swept-` file, invisible to readers, deleted by the next sweep
 * (`finishInterruptedSweeps`).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { isBlobHash, type StoredBlob } from '@quire/domain';
import {
  type Collection,
  GridFSBucket,
  type GridFSFile,
  isDuplicateKeyError,
  type MongoDatabase,
} from '@quire/store';
import { sha256Hex } from './sha256-hex';
import type { ByteRange, ListedBlob, StoredBlobs, SweptBlob } from './stored-blobs';

const PENDING_PREFIX = '.pending-';
const SWEPT_PREFIX = '.swept-';
/** Pending uploads older than this are leftovers of a crash, not uploads in progress. */
const PENDING_LEFTOVER_AGE_MS = 60 * 60 * 1000;

interface BlobMetadata {
  /** When a put last landed on this file (ms since the epoch), by the store's clock. */
  lastPutAt?: number;
}

export class GridFsBlobStore implements StoredBlobs {
  private constructor(
    private readonly bucket: GridFSBucket,
    private readonly files: Collection<GridFSFile>,
    readonly now: () => number,
  ) {}

  /**
   * Opens the store on `db`: ensures the unique index on the files' names (the rename's
   * compare-and-swap rests on it) and removes pending uploads a crash left behind.
   */
  static async open(
    db: MongoDatabase,
    bucketName = 'blobs',
    now = () => Date.now(),
  ): Promise<GridFsBlobStore> {
    await db
      .collection<GridFSFile>(`${bucketName}.files`)
      .createIndex({ filename: 1 }, { unique: true, name: 'quire_blob_hash_unique' });
    const files = db.collection<GridFSFile>(`${bucketName}.files`);
    const bucket = new GridFSBucket(db, { bucketName });
    const leftovers = await bucket
      .find({
        filename: { $regex: `^\\${PENDING_PREFIX}` },
        uploadDate: { $lt: new Date(now() - PENDING_LEFTOVER_AGE_MS) },
      })
      .toArray();
    for (const leftover of leftovers) await deleteIfPresent(bucket, leftover);
    return new GridFsBlobStore(bucket, files, now);
  }

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const hash = sha256Hex(bytes);
    const stored: StoredBlob = { hash, size: bytes.byteLength };
    const lastPutAt = this.now();
    // Dating the file is the check that it is there: a sweep that renamed it away first
    // makes this match nothing, and the bytes are uploaded again.
    const dated = await this.files.updateOne(
      { filename: hash },
      { $set: { 'metadata.lastPutAt': lastPutAt } },
    );
    if (dated.matchedCount > 0) return stored;
    const metadata: BlobMetadata = { lastPutAt };
    const upload = this.bucket.openUploadStream(`${PENDING_PREFIX}${hash}-${randomUUID()}`, { metadata });
    try {
      upload.end(bytes);
      await finished(upload);
    } catch (error) {
      // Chunks already written go with the upload (`delete` removes them, then reports that
      // the files document it never found is missing).
      upload.destroy();
      await this.bucket.delete(upload.id).catch(() => {});
      throw error;
    }
    try {
      await this.bucket.rename(upload.id, hash);
    } catch (error) {
      // Whether it lost the race (the same bytes are stored) or failed, the pending upload goes.
      await this.bucket.delete(upload.id).catch(() => {});
      if (!isDuplicateKeyError(error)) throw error;
    }
    return stored;
  }

  async has(hash: string): Promise<boolean> {
    return (await this.fileOf(hash)) !== null;
  }

  async stat(hash: string): Promise<{ size: number } | null> {
    const file = await this.fileOf(hash);
    return file ? { size: file.length } : null;
  }

  async open(hash: string, range?: ByteRange): Promise<Readable | null> {
    const file = await this.fileOf(hash);
    if (!file) return null;
    if (!range) return this.bucket.openDownloadStream(file._id);
    if (range.start >= file.length) return Readable.from([]);
    // GridFS's `end` is exclusive; ours is inclusive and may run past the end.
    return this.bucket.openDownloadStream(file._id, {
      start: range.start,
      end: Math.min(range.end + 1, file.length),
    });
  }

  async touch(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    const dated = await this.files.updateOne(
      { filename: hash },
      { $set: { 'metadata.lastPutAt': this.now() } },
    );
    return dated.matchedCount > 0;
  }

  async *list(): AsyncIterable<ListedBlob> {
    for await (const file of this.bucket.find({ filename: { $regex: '^[0-9a-f]{64}$' } })) {
      // Files stored before puts were dated have only their upload's date (the driver's clock).
      const lastPutAt = (file.metadata as BlobMetadata | undefined)?.lastPutAt ?? file.uploadDate.getTime();
      yield { hash: file.filename, size: file.length, lastPutAt };
    }
  }

  async deleteIfNotPutSince(hash: string, cutoff: number): Promise<SweptBlob> {
    if (!isBlobHash(hash)) return 'gone';
    const swept = await this.files.findOneAndUpdate(
      {
        filename: hash,
        $or: [
          { 'metadata.lastPutAt': { $lt: cutoff } },
          { 'metadata.lastPutAt': { $exists: false }, uploadDate: { $lt: new Date(cutoff) } },
        ],
      },
      [{ $set: { filename: { $concat: [`${SWEPT_PREFIX}${hash}-`, { $toString: '$_id' }] } } }],
      { returnDocument: 'after' },
    );
    if (!swept) return (await this.fileOf(hash)) ? 'young' : 'gone';
    await deleteIfPresent(this.bucket, swept);
    return 'deleted';
  }

  /** Deletes the files a sweep renamed and did not get to delete; none is ever put back. */
  async finishInterruptedSweeps(_cutoff: number): Promise<{ restored: number; deleted: number }> {
    const leftovers = await this.bucket.find({ filename: { $regex: `^\\${SWEPT_PREFIX}` } }).toArray();
    for (const leftover of leftovers) await deleteIfPresent(this.bucket, leftover);
    return { restored: 0, deleted: leftovers.length };
  }

  private async fileOf(hash: string): Promise<GridFSFile | null> {
    // A checked hash only: never a request's value as a query (no operator can ride along).
    if (!isBlobHash(hash)) return null;
    const [file] = await this.bucket.find({ filename: hash }, { limit: 1 }).toArray();
    return file ?? null;
  }
}

async function deleteIfPresent(bucket: GridFSBucket, file: GridFSFile): Promise<void> {
  try {
    await bucket.delete(file._id);
  } catch {
    // Best effort: another server's cleanup got there first ("file not found"), or the next
    // start will try again; a leftover is invisible to readers either way.
  }
}
