/**
 * `dir/LOCK`: one process at a time may open a store directory.
 *
 * The lock file is created with O_EXCL and holds the owner's pid, hostname, process start time
 * (Linux) and a random token. An opener that finds it checks whether the owner is alive; if
 * so it refuses, if not (a SIGKILLed or crashed process) it takes the lock over.
 *
 * Taking over is "break, then create": the stale file is removed and every opener races to
 * create LOCK again with O_EXCL, so exactly one wins. Removing it safely needs care, since
 * several openers may judge the same file stale at once and one of them may already have
 * created a fresh LOCK by the time another acts on its judgement. So only the holder of a
 * break guard removes a stale lock: `LOCK.break-<key>`, created with O_EXCL, where the key
 * names that very file (its text, inode and mtime). Under the guard, the breaker reads LOCK again and
 * removes it only if it is still that file and still stale. Nothing else ever removes a lock
 * whose owner is dead, so between that check and the unlink the file cannot change. A breaker
 * that dies holding its guard leaves a stale guard, broken the same way one level down.
 *
 * Residual limits, since Node has no flock/fcntl locking:
 * - Liveness can only be checked on the same host. A lock written by another hostname (a
 *   directory shared over NFS, a container with another hostname on the same volume) is never
 *   taken over automatically; the error says to delete LOCK once that process is known gone.
 * - Pid reuse: a dead owner's pid may now belong to an unrelated process. On Linux the
 *   recorded process start time tells them apart; elsewhere the lock is then wrongly
 *   considered held until that process exits (safe, but needs deleting LOCK by hand).
 * - Pid namespaces: two containers with the same hostname and overlapping pids sharing the
 *   directory can mistake each other's liveness; give them distinct hostnames.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { errorCode, StoreLockedError } from './errors';
import { inDir, LOCK_FILE_NAME } from './file-names';
import { type StorageFs, unlinkIfExists, writeAll } from './storage-fs';

interface LockContent {
  pid: number;
  hostname: string;
  /** Linux `/proc/<pid>/stat` start time, to detect pid reuse; absent elsewhere. */
  startTime?: string;
  token: string;
}

export interface StoreLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Gives up after this long: enough for a lock file's creator to write it, or a racing opener to finish. */
const ACQUIRE_TIMEOUT_MS = 5000;
/** A lock file younger than this may be empty only because its creator is still writing it. */
const CREATION_GRACE_MS = 2000;
const RETRY_DELAY_MS = 25;
/** Guards of guards: each level needs a breaker to die inside a few system calls. */
const MAX_BREAK_DEPTH = 2;
/** A lock file is a line of JSON; anything longer is not one. */
const MAX_LOCK_BYTES = 4096;

export async function acquireLock(storageFs: StorageFs, dir: string): Promise<StoreLock> {
  const path = inDir(dir, LOCK_FILE_NAME);
  const mine: LockContent = {
    pid: process.pid,
    hostname: os.hostname(),
    token: randomBytes(12).toString('hex'),
  };
  const startTime = processStartTime(process.pid);
  if (startTime !== undefined) mine.startTime = startTime;
  const mineText = JSON.stringify(mine);

  const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await tryCreate(storageFs, path, mineText)) {
      return { path, release: () => releaseLock(storageFs, path, mine.token) };
    }
    const seen = await readLockFile(storageFs, path);
    if (seen === null) continue; // released meanwhile: try again
    const judgement = judge(seen);
    if (judgement.kind === 'held') {
      const { holder, status } = judgement;
      throw new StoreLockedError(
        dir,
        holder.pid,
        holder.hostname,
        status === 'this-process'
          ? 'this process already has it open'
          : status === 'other-host'
            ? `its liveness cannot be checked from ${os.hostname()}; if it is gone, delete ${path}`
            : 'that process is still running',
      );
    }
    if (judgement.kind === 'being-written' || !(await breakStale(storageFs, path, seen, mineText, 0))) {
      await delay(RETRY_DELAY_MS);
    }
  }
  throw new Error(
    `Could not acquire ${path} within ${ACQUIRE_TIMEOUT_MS} ms: other openers keep racing for it`,
  );
}

/** A lock file as read: its text, and which file it was. */
export interface SeenLock {
  text: string;
  ino: number;
  mtimeMs: number;
}

type Judgement =
  | { kind: 'held'; holder: LockContent; status: Exclude<HolderStatus, 'dead'> }
  | { kind: 'being-written' }
  | { kind: 'stale' };

function judge(seen: SeenLock): Judgement {
  const holder = parseLock(seen.text);
  if (holder === null) {
    // Empty or garbled: either its creator is between open and write, or it crashed there.
    return Date.now() - seen.mtimeMs < CREATION_GRACE_MS ? { kind: 'being-written' } : { kind: 'stale' };
  }
  const status = holderStatus(holder);
  return status === 'dead' ? { kind: 'stale' } : { kind: 'held', holder, status };
}

/**
 * Removes the stale file `seen` from `path` under its break guard. Resolves true when the
 * caller should try to create the lock at once (the file is gone, by this opener or another),
 * false when another opener is breaking it and the caller should wait a moment.
 */
async function breakStale(
  storageFs: StorageFs,
  path: string,
  seen: SeenLock,
  mineText: string,
  depth: number,
): Promise<boolean> {
  if (depth > MAX_BREAK_DEPTH) {
    throw new Error(`${path} is left by openers that died while taking it over; delete it by hand`);
  }
  const guard = breakGuardPath(path, seen);
  if (await tryCreate(storageFs, guard, mineText)) {
    try {
      const now = await readLockFile(storageFs, path);
      // Still the very file judged stale (no one else removes it while this guard exists).
      if (now !== null && fileKey(now) === fileKey(seen) && judge(now).kind === 'stale') {
        await unlinkIfExists(storageFs, path);
      }
    } finally {
      await unlinkIfExists(storageFs, guard);
    }
    return true;
  }
  const guardSeen = await readLockFile(storageFs, guard);
  if (guardSeen === null) return true; // that breaker finished
  const guardJudgement = judge(guardSeen);
  if (guardJudgement.kind !== 'stale') return false; // its breaker is at work
  await breakStale(storageFs, guard, guardSeen, mineText, depth + 1);
  return false;
}

/** The guard whose holder alone may remove the lock file `seen` from `path`. */
export function breakGuardPath(path: string, seen: SeenLock): string {
  return `${path}.break-${fileKey(seen)}`;
}

/** Names one lock file: its text (with its owner's random token), its inode and its mtime. */
function fileKey(seen: SeenLock): string {
  return createHash('sha256').update(`${seen.ino}:${seen.mtimeMs}:${seen.text}`).digest('hex').slice(0, 24);
}

/** Reads a lock file through one descriptor, so the text and the inode are the same file's. */
export async function readLockFile(storageFs: StorageFs, path: string): Promise<SeenLock | null> {
  let fd: number;
  try {
    fd = await storageFs.open(path, fs.constants.O_RDONLY);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const { ino, mtimeMs } = await storageFs.fstat(fd);
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    let length = 0;
    while (length < buffer.length) {
      const read = await storageFs.read(fd, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return { text: buffer.toString('utf8', 0, length), ino, mtimeMs };
  } finally {
    await storageFs.close(fd);
  }
}

async function tryCreate(storageFs: StorageFs, path: string, text: string): Promise<boolean> {
  let fd: number;
  try {
    fd = await storageFs.open(
      path,
      fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL,
      0o644,
    );
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await writeAll(storageFs, fd, Buffer.from(text), 0);
  } finally {
    await storageFs.close(fd);
  }
  return true;
}

async function releaseLock(storageFs: StorageFs, path: string, token: string): Promise<void> {
  let text: string;
  try {
    text = (await storageFs.readFile(path)).toString('utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  // Never delete a lock someone else holds (e.g. if ours was wrongly taken over).
  if (parseLock(text)?.token === token) await unlinkIfExists(storageFs, path);
}

function parseLock(text: string): LockContent | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    if (
      typeof parsed.pid !== 'number' ||
      typeof parsed.hostname !== 'string' ||
      typeof parsed.token !== 'string'
    ) {
      return null;
    }
    return parsed as LockContent;
  } catch {
    return null;
  }
}

type HolderStatus = 'alive' | 'dead' | 'this-process' | 'other-host';

function holderStatus(holder: LockContent): HolderStatus {
  if (holder.hostname !== os.hostname()) return 'other-host';
  if (holder.pid === process.pid) return 'this-process';
  if (!isProcessAlive(holder.pid)) return 'dead';
  if (holder.startTime !== undefined) {
    const current = processStartTime(holder.pid);
    // A different start time means the pid was reused after the owner died.
    if (current !== undefined && current !== holder.startTime) return 'dead';
  }
  return 'alive';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
  // A killed process whose parent has not reaped it yet is a zombie: gone for our purposes.
  return readProcStat(pid)?.state !== 'Z';
}

function processStartTime(pid: number): string | undefined {
  return readProcStat(pid)?.startTime;
}

/** Linux only; undefined elsewhere or when the process is gone. */
function readProcStat(pid: number): { state: string; startTime: string } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may contain spaces; fields after it are plain.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19]; // field 22 overall
  return state === undefined || startTime === undefined ? undefined : { state, startTime };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
