/**
 * `dir/LOCK`: one process at a time may open a store directory.
 *
 * The lock file is created with O_EXCL and holds the owner's pid, hostname, process start time
 * (Linux) and a random token. An opener that finds it checks whether the owner is alive; if
 * so it refuses, if not (a SIGKILLed or crashed process) it takes the lock over.
 *
 * Residual limits, since Node has no flock/fcntl locking:
 * - Liveness can only be checked on the same host. A lock written by another hostname (a
 *   directory shared over NFS, a container with another hostname on the same volume) is never
 *   taken over automatically; the error says to delete LOCK once that process is known gone.
 * - Pid reuse: a dead owner's pid may now belong to an unrelated process. On Linux the
 *   recorded process start time tells them apart; elsewhere the lock is then wrongly
 *   considered held until that process exits (safe, but needs deleting LOCK by hand).
 * - Takeover is rename-then-verify: the stale file is renamed to a unique name and its
 *   contents compared with what was judged stale. If two openers race, the loser finds it
 *   renamed a fresh lock and puts it back with link() (which fails rather than overwrite). A
 *   narrow window remains in which a third opener could create LOCK between the two steps.
 * - Pid namespaces: two containers with the same hostname and overlapping pids sharing the
 *   directory can mistake each other's liveness; give them distinct hostnames.
 */
import { randomBytes } from 'node:crypto';
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
    let text: string;
    try {
      text = (await storageFs.readFile(path)).toString('utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue; // released meanwhile: try again
      throw error;
    }
    const holder = parseLock(text);
    if (holder === null) {
      // Empty or garbled: either its creator is between open and write, or it crashed there.
      const age = await lockAge(storageFs, path);
      if (age !== null && age < CREATION_GRACE_MS) {
        await delay(RETRY_DELAY_MS);
        continue;
      }
    } else {
      const verdict = holderStatus(holder);
      if (verdict !== 'dead') {
        throw new StoreLockedError(
          dir,
          holder.pid,
          holder.hostname,
          verdict === 'this-process'
            ? 'this process already has it open'
            : verdict === 'other-host'
              ? `its liveness cannot be checked from ${os.hostname()}; if it is gone, delete ${path}`
              : 'that process is still running',
        );
      }
    }
    await takeOver(storageFs, path, text);
  }
  throw new Error(
    `Could not acquire ${path} within ${ACQUIRE_TIMEOUT_MS} ms: other openers keep racing for it`,
  );
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

/** Moves the stale lock aside, making sure what was moved is the file judged stale. */
async function takeOver(storageFs: StorageFs, path: string, staleText: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await storageFs.rename(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return; // someone else moved it: just retry creating
    throw error;
  }
  const movedText = await storageFs.readFile(aside).then(
    (buffer) => buffer.toString('utf8'),
    () => null,
  );
  if (movedText !== null && movedText !== staleText) {
    // Another opener took the stale lock over first, and this rename moved its fresh lock.
    // Put it back; link() fails rather than overwrite a lock created in between.
    await storageFs.link(aside, path).catch(() => {});
  }
  await unlinkIfExists(storageFs, aside);
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

async function lockAge(storageFs: StorageFs, path: string): Promise<number | null> {
  try {
    return Date.now() - (await storageFs.stat(path)).mtimeMs;
  } catch {
    return null;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
