export { DirectoryBlobStore } from './directory-blob-store';
export { GridFsBlobStore } from './gridfs-blob-store';
export { openStoredBlobs } from './open-stored-blobs';
export type { ByteRange, StoredBlobs } from './stored-blobs';
