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
 *
 * A blob's modification time is when it was last put, by the store's clock: a put of bytes
 * already there sets it again (`utimes` on the name: it succeeds only on a blob that is there,
 * in one step, so there is no gap between finding the blob and dating it; when the blob is gone,
 * the put writes it again). The blob collection's sweep (`deleteIfNotPutSince`) moves a blob
 * to a trash name (`.trash-<hash>-<uuid>` in the root) before it judges its age: a put that
 * dated the blob before the move is seen on the moved file (the blob goes back), one after it
 * finds no blob and writes its own. A crash between the move and the end leaves a trash file:
 * opening the store puts every one back under its name (the next sweep judges it again), and a
 * sweep first finishes those it finds (`finishInterruptedSweeps`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isBlobHash, type StoredBlob } from '@quire/domain';
import { fsyncDirectory } from '../local-files/fsync-directory';
import { isNotFound, unlinkIfExists } from '../local-files/missing-file';
import { writeFileDurably } from '../local-files/write-file-durably';
import { sha256Hex } from './sha256-hex';
import type { ByteRange, ListedBlob, StoredBlobs, SweptBlob } from './stored-blobs';

const TEMPORARY_PREFIX = '.tmp-';
const TRASH_PREFIX = '.trash-';
const FAN_OUT = /^[0-9a-f]{2}$/;

export interface DirectoryBlobStoreOptions {
  /** The clock blobs are dated by (ms since the epoch); the system's by default. */
  now?: () => number;
  /**
   * Test seams, awaited where a put and a sweep can interleave, so that a test drives each
   * order deterministically: `beforeDating`, in a put, before it dates the blob it may find;
   * `afterMoveToTrash`, in a sweep, between the move and the age check.
   */
  pauses?: {
    beforeDating?: (hash: string) => Promise<void>;
    afterMoveToTrash?: (hash: string) => Promise<void>;
  };
}

export class DirectoryBlobStore implements StoredBlobs {
  readonly now: () => number;
  readonly #pauses: NonNullable<DirectoryBlobStoreOptions['pauses']>;

  private constructor(
    private readonly root: string,
    options: DirectoryBlobStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.#pauses = options.pauses ?? {};
  }

  /**
   * Opens (creating it if needed) the store under `root`, removing the temporary files a
   * crash left and putting back the blobs an interrupted sweep had moved to the trash.
   */
  static async open(directory: string, options: DirectoryBlobStoreOptions = {}): Promise<DirectoryBlobStore> {
    // Absolute, so that `mkdir`'s answer (the first directory it created) compares as a path.
    const root = path.resolve(directory);
    await mkdir(root, { recursive: true });
    const leftovers = (await readdir(root)).filter((name) => name.startsWith(TEMPORARY_PREFIX));
    await Promise.all(leftovers.map((name) => unlinkIfExists(path.join(root, name))));
    const store = new DirectoryBlobStore(root, options);
    // Every one back, whatever its age: the next sweep judges them again with its own grace.
    await store.finishInterruptedSweeps(Number.NEGATIVE_INFINITY);
    return store;
  }

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const hash = sha256Hex(bytes);
    const stored: StoredBlob = { hash, size: bytes.byteLength };
    const finalPath = this.pathOf(hash);
    const at = new Date(this.now());
    await this.#pauses.beforeDating?.(hash);
    // Only complete blobs ever get their final name: one that exists holds these bytes. Dating
    // it is the check that it exists: a sweep that moved it away first makes this fail.
    if (await dated(finalPath, at)) return stored;
    await this.makeFanOutDirectories(finalPath);
    const temporaryPath = path.join(this.root, `${TEMPORARY_PREFIX}${hash}-${randomUUID()}`);
    await writeFileDurably(temporaryPath, finalPath, bytes, at);
    return stored;
  }

  async touch(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    return dated(this.pathOf(hash), new Date(this.now()));
  }

  async *list(): AsyncIterable<ListedBlob> {
    for (const top of await namesIn(this.root)) {
      if (!FAN_OUT.test(top)) continue;
      for (const second of await namesIn(path.join(this.root, top))) {
        if (!FAN_OUT.test(second)) continue;
        for (const hash of await namesIn(path.join(this.root, top, second))) {
          if (!isBlobHash(hash) || !hash.startsWith(top + second)) continue;
          const found = await statAt(this.pathOf(hash));
          if (found) yield { hash, size: found.size, lastPutAt: found.mtimeMs };
        }
      }
    }
  }

  /**
   * Moves the blob to a trash name, then judges the moved file's age: a put that dated the
   * blob before the move shows there (put back: `young`); a put after the move found no blob
   * and wrote its own under the name, which this leaves alone (the trash file is deleted).
   */
  async deleteIfNotPutSince(hash: string, cutoff: number): Promise<SweptBlob> {
    if (!isBlobHash(hash)) return 'gone';
    const finalPath = this.pathOf(hash);
    const trashPath = path.join(this.root, `${TRASH_PREFIX}${hash}-${randomUUID()}`);
    try {
      await rename(finalPath, trashPath);
    } catch (error) {
      if (isNotFound(error)) return 'gone';
      throw error;
    }
    await this.#pauses.afterMoveToTrash?.(hash);
    const outcome = await this.#finishTrash(trashPath, hash, cutoff);
    // Gone from the trash too: another process's opening of the store put it back meanwhile.
    return outcome === 'restored' ? 'young' : outcome;
  }

  async finishInterruptedSweeps(cutoff: number): Promise<{ restored: number; deleted: number }> {
    const finished = { restored: 0, deleted: 0 };
    for (const name of await namesIn(this.root)) {
      if (!name.startsWith(TRASH_PREFIX)) continue;
      const hash = name.slice(TRASH_PREFIX.length, TRASH_PREFIX.length + 64);
      if (!isBlobHash(hash)) continue;
      const outcome = await this.#finishTrash(path.join(this.root, name), hash, cutoff);
      if (outcome !== 'gone') finished[outcome] += 1;
    }
    return finished;
  }

  /** A trash file back under its name when put at or after `cutoff`, else deleted. */
  async #finishTrash(
    trashPath: string,
    hash: string,
    cutoff: number,
  ): Promise<'restored' | 'deleted' | 'gone'> {
    const moved = await statAt(trashPath);
    if (!moved) return 'gone';
    if (moved.mtimeMs >= cutoff) {
      const finalPath = this.pathOf(hash);
      await this.makeFanOutDirectories(finalPath);
      // Over a blob a put wrote meanwhile, if any: the same bytes, complete either way.
      await rename(trashPath, finalPath);
      await fsyncDirectory(path.dirname(finalPath));
      return 'restored';
    }
    await unlinkIfExists(trashPath);
    return 'deleted';
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
  return (await statAt(file))?.size ?? null;
}

async function statAt(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    return await stat(file);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Sets the file's times to `at`; false when there is no such file. */
async function dated(file: string, at: Date): Promise<boolean> {
  try {
    await utimes(file, at, at);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

async function namesIn(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
