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
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { isBlobHash, type StoredBlob } from '@quire/domain';
import { GridFSBucket, type GridFSFile, isDuplicateKeyError, type MongoDatabase } from '@quire/store';
import { sha256Hex } from './sha256-hex';
import type { ByteRange, StoredBlobs } from './stored-blobs';

const PENDING_PREFIX = '.pending-';
/** Pending uploads older than this are leftovers of a crash, not uploads in progress. */
const PENDING_LEFTOVER_AGE_MS = 60 * 60 * 1000;

export class GridFsBlobStore implements StoredBlobs {
  private constructor(private readonly bucket: GridFSBucket) {}

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
    const bucket = new GridFSBucket(db, { bucketName });
    const leftovers = await bucket
      .find({
        filename: { $regex: `^\\${PENDING_PREFIX}` },
        uploadDate: { $lt: new Date(now() - PENDING_LEFTOVER_AGE_MS) },
      })
      .toArray();
    for (const leftover of leftovers) await deleteIfPresent(bucket, leftover);
    return new GridFsBlobStore(bucket);
  }

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const hash = sha256Hex(bytes);
    const stored: StoredBlob = { hash, size: bytes.byteLength };
    if (await this.fileOf(hash)) return stored;
    const upload = this.bucket.openUploadStream(`${PENDING_PREFIX}${hash}-${randomUUID()}`);
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
