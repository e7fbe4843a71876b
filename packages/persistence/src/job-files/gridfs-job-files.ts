/**
 * Job files in MongoDB's GridFS (bucket `jobFiles`), for deployments on the MongoDB engine,
 * where a worker of another server may run the job: a file's `filename` is its key. A put
 * uploads the bytes, then removes any older file of the key, so a reader finds the newest
 * complete one. UNTESTED against a real server at the time of writing.
 */
import { finished } from 'node:stream/promises';
import { JOB_FILE_KEY_PATTERN, type JobFiles } from '@quire/domain';
import { GridFSBucket, type MongoDatabase } from '@quire/store';

export class GridFsJobFiles implements JobFiles {
  private readonly bucket: GridFSBucket;

  constructor(db: MongoDatabase, bucketName = 'jobFiles') {
    this.bucket = new GridFSBucket(db, { bucketName });
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const filename = checked(key);
    const upload = this.bucket.openUploadStream(filename);
    upload.end(bytes);
    await finished(upload);
    const files = await this.bucket.find({ filename }).toArray();
    for (const file of files) if (!file._id.equals(upload.id)) await this.bucket.delete(file._id);
  }

  async read(key: string): Promise<Uint8Array | null> {
    const filename = checked(key);
    const [file] = await this.bucket.find({ filename }, { sort: { uploadDate: -1 }, limit: 1 }).toArray();
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }

  async delete(key: string): Promise<void> {
    const files = await this.bucket.find({ filename: checked(key) }).toArray();
    for (const file of files) await this.bucket.delete(file._id).catch(() => {});
  }
}

/** A checked key only: never a request's value as a query. */
function checked(key: string): string {
  if (!JOB_FILE_KEY_PATTERN.test(key)) throw new Error('GridFsJobFiles: a key must be an id');
  return key;
}
