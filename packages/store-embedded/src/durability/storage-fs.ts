/**
 * The file-system operations the durability layer performs, as one injectable object, so tests
 * can make a chosen write, fsync or rename fail (ENOSPC, EIO) without a real full disk.
 *
 * Descriptor-based rather than `FileHandle`-based: the journal's hot path is one write and one
 * fdatasync per group, and plain descriptors keep that path free of extra allocations.
 */
import fs from 'node:fs';
import { errorCode } from './errors';

export interface StorageFs {
  open(path: string, flags: string | number, mode?: number): Promise<number>;
  close(fd: number): Promise<void>;
  /** May write fewer bytes than asked; use `writeAll`. `position: null` writes at the current position. */
  write(fd: number, buffer: Buffer, offset: number, length: number, position: number | null): Promise<number>;
  read(fd: number, buffer: Buffer, offset: number, length: number, position: number): Promise<number>;
  fsync(fd: number): Promise<void>;
  fdatasync(fd: number): Promise<void>;
  ftruncate(fd: number, length: number): Promise<void>;
  /** `ino` and `mtimeMs` tell one file at a path from another put there later (the lock file's takeover). */
  fstat(fd: number): Promise<{ size: number; mtimeMs: number; ino: number }>;
  readdir(path: string): Promise<string[]>;
  /** Creates `path` and missing parents; resolves to the first directory it created, if any. */
  mkdir(path: string): Promise<string | undefined>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  readFile(path: string): Promise<Buffer>;
}

function callback<T>(run: (done: (error: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    run((error, value) => (error ? reject(error) : resolve(value)));
  });
}

/** The real file system. */
export const nodeStorageFs: StorageFs = {
  open: (path, flags, mode) => callback((done) => fs.open(path, flags, mode, done)),
  close: (fd) => callback<void>((done) => fs.close(fd, (error) => done(error, undefined))),
  write: (fd, buffer, offset, length, position) =>
    callback((done) =>
      fs.write(fd, buffer, offset, length, position, (error, written) => done(error, written)),
    ),
  read: (fd, buffer, offset, length, position) =>
    callback((done) => fs.read(fd, buffer, offset, length, position, (error, read) => done(error, read))),
  fsync: (fd) => callback<void>((done) => fs.fsync(fd, (error) => done(error, undefined))),
  fdatasync: (fd) => callback<void>((done) => fs.fdatasync(fd, (error) => done(error, undefined))),
  ftruncate: (fd, length) =>
    callback<void>((done) => fs.ftruncate(fd, length, (error) => done(error, undefined))),
  fstat: (fd) => callback((done) => fs.fstat(fd, done)),
  readdir: (path) => fs.promises.readdir(path),
  mkdir: (path) => fs.promises.mkdir(path, { recursive: true }),
  rename: (from, to) => fs.promises.rename(from, to),
  unlink: (path) => fs.promises.unlink(path),
  readFile: (path) => fs.promises.readFile(path),
};

export async function writeAll(
  storageFs: StorageFs,
  fd: number,
  buffer: Buffer,
  position: number | null = null,
): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const written = await storageFs.write(
      fd,
      buffer,
      offset,
      buffer.length - offset,
      position === null ? null : position + offset,
    );
    if (written <= 0) throw new Error(`write returned ${written}`);
    offset += written;
  }
}

export async function readFully(
  storageFs: StorageFs,
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<void> {
  let done = 0;
  while (done < length) {
    const read = await storageFs.read(fd, buffer, offset + done, length - done, position + done);
    if (read === 0) throw new Error(`unexpected end of file at byte ${position + done}`);
    done += read;
  }
}

/**
 * Makes creations, renames and deletions in `dir` durable: on Linux a new file's name is only
 * guaranteed to survive a crash once its directory is fsynced. Platforms that cannot open or
 * fsync a directory (Windows) report EISDIR/EPERM/EINVAL; they order directory updates
 * themselves, so those codes are ignored.
 */
export async function fsyncDirectory(storageFs: StorageFs, dir: string): Promise<void> {
  let fd: number;
  try {
    fd = await storageFs.open(dir, 'r');
  } catch (error) {
    if (isUnsupportedDirectorySync(error)) return;
    throw error;
  }
  try {
    await storageFs.fsync(fd);
  } catch (error) {
    if (!isUnsupportedDirectorySync(error)) throw error;
  } finally {
    await storageFs.close(fd);
  }
}

function isUnsupportedDirectorySync(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'EISDIR' || code === 'EPERM' || code === 'EINVAL';
}

/** Deletes a file, treating "already gone" as success. */
export async function unlinkIfExists(storageFs: StorageFs, path: string): Promise<void> {
  try {
    await storageFs.unlink(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
