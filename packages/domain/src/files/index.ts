export { BLOB_HASH_PATTERN, type BlobStore, isBlobHash, type StoredBlob } from './blob-store';
export * from './incoming-files';
