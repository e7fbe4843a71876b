export {
  type BlobCollectionOptions,
  type BlobCollectionReport,
  collectUnreferencedBlobs,
  DEFAULT_BLOB_GRACE_MS,
} from './collect-unreferenced-blobs';
export { lastBlobCollectionAt, recordBlobCollection } from './last-blob-collection';
export { markReferencedBlobs, StoreNotListableError } from './referenced-blobs';
