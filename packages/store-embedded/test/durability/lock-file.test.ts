import { type ChildProcess, spawn } from 'node:child_process';
import { access, readdir, readFile, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStorage, StoreLockedError } from '../../src/durability';
import { breakGuardPath, readLockFile } from '../../src/durability/lock-file';
import { nodeStorageFs } from '../../src/durability/storage-fs';
import { type BundledChild, bundledChild } from '../bundled-child';
import { tempDir } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(here, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** `lock-holder.ts`, bundled at the first test that starts one (`bundled-child.ts`). */
let holder: Promise<BundledChild> | undefined;
afterAll(async () => {
  await (await holder)?.remove();
});

/** Starts `lock-holder.ts`; resolves with the child and its first line of output. */
async function holdLock(dir: string, holdMs: number): Promise<{ child: ChildProcess; line: string }> {
  holder ??= bundledChild(path.join(here, 'lock-holder.ts'));
  const child = spawn(process.execPath, [(await holder).file, dir, String(holdMs)], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const newline = output.indexOf('\n');
      if (newline >= 0) resolve({ child, line: output.slice(0, newline) });
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited (${code}) before reporting: ${output}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await exited(child);
  return child.pid!;
}

/** Writes a lock file (or a break guard) naming `pid` on `hostname` as its owner. */
const writeOwner = (file: string, pid: number, token: string, hostname = os.hostname()) =>
  writeFile(file, JSON.stringify({ pid, hostname, token }));

describe('lock file', () => {
  it('refuses a second opener in the same process, naming the directory and pid', async () => {
    const dir = await tempDir();
    const storage = await openStorage(dir);
    const error = await openStorage(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreLockedError);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    await storage.journal.close();
    expect(await readdir(dir)).not.toContain('LOCK');
    await (await openStorage(dir)).journal.close();
  });

  it('refuses while another live process holds it, and takes it over once that process is killed', async () => {
    const dir = await tempDir();
    const { child, line } = await holdLock(dir, 60_000);
    expect(line).toBe('locked');
    const lock = JSON.parse(await readFile(path.join(dir, 'LOCK'), 'utf8'));
    expect(lock).toMatchObject({ pid: child.pid, hostname: os.hostname() });

    const error = await openStorage(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreLockedError);
    expect(error).toMatchObject({ dir, holderPid: child.pid });
    expect((error as Error).message).toMatch(new RegExp(`${dir}.*pid ${child.pid}.*still running`));

    child.kill('SIGKILL');
    await exited(child);
    const storage = await openStorage(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'LOCK'), 'utf8'))).toMatchObject({ pid: process.pid });
    await storage.journal.close();
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await tempDir();
    const pid = await deadPid();
    await writeOwner(path.join(dir, 'LOCK'), pid, 'old');
    const storage = await openStorage(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'LOCK'), 'utf8')).pid).toBe(process.pid);
    await storage.journal.close();
    expect((await readdir(dir)).filter((name) => name.startsWith('LOCK'))).toEqual([]);
  });

  it('takes over an empty lock file left by a crash during creation, once it is old', async () => {
    const dir = await tempDir();
    const lockPath = path.join(dir, 'LOCK');
    await writeFile(lockPath, '');
    const past = new Date(Date.now() - 60_000);
    await utimes(lockPath, past, past);
    await (await openStorage(dir)).journal.close();
  });

  it('does not guess about a lock held on another host', async () => {
    const dir = await tempDir();
    await writeOwner(path.join(dir, 'LOCK'), 1, 't', 'elsewhere.example');
    await expect(openStorage(dir)).rejects.toThrow(/pid 1 on elsewhere\.example.*cannot be checked/);
  });

  it('breaks the guard of a taker-over that died holding it, then takes the lock over', async () => {
    const dir = await tempDir();
    const lockPath = path.join(dir, 'LOCK');
    await writeOwner(lockPath, await deadPid(), 'old');
    const seen = await readLockFile(nodeStorageFs, lockPath);
    const guard = breakGuardPath(lockPath, seen!);
    await writeOwner(guard, await deadPid(), 'breaker');

    const storage = await openStorage(dir);
    expect(JSON.parse(await readFile(lockPath, 'utf8')).pid).toBe(process.pid);
    await storage.journal.close();
    expect((await readdir(dir)).filter((name) => name.startsWith('LOCK'))).toEqual([]);
  });

  it('waits while a live taker-over holds the guard, and never removes the lock itself meanwhile', async () => {
    const dir = await tempDir();
    const lockPath = path.join(dir, 'LOCK');
    await writeOwner(lockPath, await deadPid(), 'old');
    const guard = breakGuardPath(lockPath, (await readLockFile(nodeStorageFs, lockPath))!);
    // This test process plays the live breaker.
    await writeOwner(guard, process.pid, 'breaker');

    const opening = openStorage(dir);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await access(lockPath); // still there: only the guard's holder may remove it
    await unlink(lockPath); // the breaker finishes
    await unlink(guard);
    const storage = await opening;
    expect(JSON.parse(await readFile(lockPath, 'utf8')).pid).toBe(process.pid);
    await storage.journal.close();
  });

  it('lets exactly one of several racing processes open the directory', async () => {
    const dir = await tempDir();
    // A stale lock makes them race through the takeover path too.
    await writeOwner(path.join(dir, 'LOCK'), await deadPid(), 'x');
    const results = await Promise.all(Array.from({ length: 6 }, () => holdLock(dir, 3000)));
    const lines = results.map((result) => result.line);
    expect(lines.filter((line) => line === 'locked')).toHaveLength(1);
    expect(
      lines.filter((line) => line.startsWith('refused') && line.includes('is locked by pid')),
    ).toHaveLength(5);
    for (const { child } of results) child.kill('SIGKILL');
  }, 20_000);
});
