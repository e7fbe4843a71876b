export {
  type BlobCollectionOptions,
  type BlobCollectionReport,
  collectUnreferencedBlobs,
  DEFAULT_BLOB_GRACE_MS,
} from './collect-unreferenced-blobs';
export { DigestSet } from './digest-set';
export { lastBlobCollectionAt, recordBlobCollection } from './last-blob-collection';
export { type MarkedBlobs, markReferencedBlobs, StoreNotListableError } from './referenced-blobs';
