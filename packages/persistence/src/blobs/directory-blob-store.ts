/**
 * Blobs as files under one directory (`<QUIRE_DATA_DIR>/blobs` by default), fanned out by
 * the hash's first bytes: `ab/cd/abcd…` (at most 256 entries per level, whatever the count).
 *
 * A blob is never half-written: its bytes go to a temporary file in the store's directory
 * (`.tmp-…`), are fsynced, and the file is renamed to its final name, then the final
 * directory is fsynced. A name that exists is therefore a complete blob, and a crash leaves
 * at most a temporary file, removed when the store is next opened. Two puts of the same
 * bytes at once each write their own temporary file and rename it over the same name: the
 * rename is atomic and both files hold the same bytes, so a reader sees one or the other.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isBlobHash, type StoredBlob } from '@quire/domain';
import { fsyncDirectory } from '../local-files/fsync-directory';
import { isNotFound, unlinkIfExists } from '../local-files/missing-file';
import { writeFileDurably } from '../local-files/write-file-durably';
import { sha256Hex } from './sha256-hex';
import type { ByteRange, StoredBlobs } from './stored-blobs';

const TEMPORARY_PREFIX = '.tmp-';

export class DirectoryBlobStore implements StoredBlobs {
  private constructor(private readonly root: string) {}

  /** Opens (creating it if needed) the store under `root`, removing what a crash left. */
  static async open(directory: string): Promise<DirectoryBlobStore> {
    // Absolute, so that `mkdir`'s answer (the first directory it created) compares as a path.
    const root = path.resolve(directory);
    await mkdir(root, { recursive: true });
    const leftovers = (await readdir(root)).filter((name) => name.startsWith(TEMPORARY_PREFIX));
    await Promise.all(leftovers.map((name) => unlinkIfExists(path.join(root, name))));
    return new DirectoryBlobStore(root);
  }

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const hash = sha256Hex(bytes);
    const stored: StoredBlob = { hash, size: bytes.byteLength };
    const finalPath = this.pathOf(hash);
    // Only complete blobs ever get their final name: one that exists holds these bytes.
    if ((await sizeAt(finalPath)) !== null) return stored;
    await this.makeFanOutDirectories(finalPath);
    const temporaryPath = path.join(this.root, `${TEMPORARY_PREFIX}${hash}-${randomUUID()}`);
    await writeFileDurably(temporaryPath, finalPath, bytes);
    return stored;
  }

  async has(hash: string): Promise<boolean> {
    return (await this.stat(hash)) !== null;
  }

  async stat(hash: string): Promise<{ size: number } | null> {
    if (!isBlobHash(hash)) return null;
    const size = await sizeAt(this.pathOf(hash));
    return size === null ? null : { size };
  }

  async open(hash: string, range?: ByteRange): Promise<Readable | null> {
    if (!isBlobHash(hash)) return null;
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(hash), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    if (!range) return handle.createReadStream();
    const { size } = await handle.stat();
    if (range.start >= size) {
      await handle.close();
      return Readable.from([]);
    }
    return handle.createReadStream({ start: range.start, end: Math.min(range.end, size - 1) });
  }

  /** `ab/cd/<hash>`; only ever called with a checked hash, so no path can escape the root. */
  private pathOf(hash: string): string {
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  /** Creates `ab/cd/` if needed, and makes the new directory entries durable. */
  private async makeFanOutDirectories(finalPath: string): Promise<void> {
    const leaf = path.dirname(finalPath);
    const firstCreated = await mkdir(leaf, { recursive: true });
    if (firstCreated === undefined) return;
    const top = path.dirname(leaf);
    if (firstCreated === top) await fsyncDirectory(this.root);
    await fsyncDirectory(top);
  }
}

async function sizeAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
