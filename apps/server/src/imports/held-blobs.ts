/**
 * A blob store that only holds: an import read in a job thread (`read-import-in-thread.ts`)
 * puts its files here, answering the hash the real store answers (hex SHA-256), and the
 * main thread stores what it holds (`threaded-content-imports.ts`). The same bytes twice
 * are held once.
 */
import { createHash } from 'node:crypto';
import type { BlobStore, StoredBlob } from '@quire/domain';

export interface HeldBlob {
  hash: string;
  bytes: Uint8Array;
}

export class HeldBlobs implements Pick<BlobStore, 'put'> {
  readonly #byHash = new Map<string, Uint8Array>();

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (!this.#byHash.has(hash)) this.#byHash.set(hash, bytes);
    return { hash, size: bytes.byteLength };
  }

  list(): HeldBlob[] {
    return [...this.#byHash].map(([hash, bytes]) => ({ hash, bytes }));
  }
}
