import type { Readable } from 'node:stream';
import type { BlobStore } from '@quire/domain';

/** Bytes `start` to `end` of a blob, both inclusive (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A blob store as the serving side sees it: the domain's port plus reading back. A string
 * that is not a blob hash (64 lowercase hex characters) names no blob: `has` answers false,
 * `stat` and `open` null, and nothing reaches the disk or the database with it.
 */
export interface StoredBlobs extends BlobStore {
  /** The blob's size, or null when no complete blob has this hash. */
  stat(hash: string): Promise<{ size: number } | null>;
  /**
   * The blob's bytes, or the bytes of `range` (an `end` past the blob stops at its last
   * byte; a `start` at or past its end gives no bytes); null when no blob has this hash.
   */
  open(hash: string, range?: ByteRange): Promise<Readable | null>;
}
