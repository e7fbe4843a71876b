/**
 * Where file bytes live: a content-addressed store, keyed by the lowercase hex SHA-256 of the
 * bytes. Storing the same bytes twice stores them once (a file shared by many revisions, or
 * by a duplicated space, costs its bytes once). The port is what operations need to write;
 * reading bytes back (ranges, streams) is the serving side's concern, in persistence.
 *
 * Hashing happens in the implementations: the domain stays free of Node's crypto.
 */
export interface BlobStore {
  /**
   * Stores `bytes` and answers their hash and size. Idempotent: the same bytes again answer
   * the same hash and leave one copy. When it resolves, the blob is durable and complete.
   */
  put(bytes: Uint8Array): Promise<StoredBlob>;
  /** Whether a complete blob with this hash is stored; false for anything that is not a hash. */
  has(hash: string): Promise<boolean>;
}

export interface StoredBlob {
  /** Lowercase hex SHA-256 of the bytes (64 characters). */
  hash: string;
  /** Size in bytes. */
  size: number;
}

/** A blob hash as stores accept it: 64 lowercase hex characters, nothing else (no path). */
export const BLOB_HASH_PATTERN = /^[0-9a-f]{64}$/;

export const isBlobHash = (value: string): boolean => BLOB_HASH_PATTERN.test(value);
