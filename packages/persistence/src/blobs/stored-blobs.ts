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
export interface StoredBlobs extends BlobStore, SweptBlobs {
  /** The blob's size, or null when no complete blob has this hash. */
  stat(hash: string): Promise<{ size: number } | null>;
  /**
   * The blob's bytes, or the bytes of `range` (an `end` past the blob stops at its last
   * byte; a `start` at or past its end gives no bytes); null when no blob has this hash.
   */
  open(hash: string, range?: ByteRange): Promise<Readable | null>;
}

/** A complete blob as the collection lists it. */
export interface ListedBlob {
  hash: string;
  size: number;
  /** When it was last put (written, or put again onto the same bytes), ms since the epoch. */
  lastPutAt: number;
}

/** What `deleteIfNotPutSince` did: deleted it, kept it (put at or after the cutoff), or found none. */
export type SweptBlob = 'deleted' | 'young' | 'gone';

/**
 * What the blob collection (`collectUnreferencedBlobs`) needs of a store: every blob with its
 * age, a delete that loses to any put at or after a cutoff, and the end of a sweep a crash
 * interrupted. Every `put` dates the blob it lands on, whether it wrote it or found it there,
 * by the store's clock (`now`): that date is the grace the collection gives.
 */
export interface SweptBlobs {
  /** The store's clock, ms since the epoch: the dates `put` gives and the collection's cutoff. */
  now(): number;
  /** Every complete blob, in no particular order. */
  list(): AsyncIterable<ListedBlob>;
  /**
   * Dates the blob as a put of its bytes would, for a record about to name it again without
   * them (a site's customization keeping an address of Quire's files); false when no blob has
   * this hash (then nothing is dated: the caller must not name it).
   */
  touch(hash: string): Promise<boolean>;
  /**
   * Deletes the blob with this hash unless it was put at or after `cutoff` (ms since the
   * epoch), judged at the moment of the delete; a put racing it either dates it first (kept)
   * or finds it gone and writes it again.
   */
  deleteIfNotPutSince(hash: string, cutoff: number): Promise<SweptBlob>;
  /**
   * Finishes what a sweep interrupted by a crash left: blobs put at or after `cutoff` back
   * under their names, the others deleted. Counts of each.
   */
  finishInterruptedSweeps(cutoff: number): Promise<{ restored: number; deleted: number }>;
}
