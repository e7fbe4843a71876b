import path from 'node:path';
import { mongoDatabaseOf, type Store } from '@quire/store';
import { DirectoryBlobStore } from './directory-blob-store';
import { GridFsBlobStore } from './gridfs-blob-store';
import type { StoredBlobs } from './stored-blobs';

/**
 * The blob store that goes with `store`: GridFS on the MongoDB engine (the bytes live with
 * the data, wherever the server runs), else the directory `<dataDir>/blobs`. `now` is the
 * clock blobs are dated by (the blob collection's grace counts from those dates).
 */
export async function openStoredBlobs(
  store: Store,
  dataDir: string,
  now: () => number = Date.now,
): Promise<StoredBlobs> {
  const mongoDatabase = mongoDatabaseOf(store);
  if (mongoDatabase) return GridFsBlobStore.open(mongoDatabase, 'blobs', now);
  return DirectoryBlobStore.open(path.join(dataDir, 'blobs'), { now });
}
