/**
 * A process killed (SIGKILL) while it writes blobs leaves no half-written blob: every file
 * with a blob's name holds exactly the bytes of that hash, every put that resolved is there,
 * and the temporary files of the puts in flight are gone once the store is opened again.
 * (A kill loses what the page cache holds no more than a clean exit does; the fsyncs are
 * what makes the same true across a power loss, which no test here can simulate.)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundledChild } from '../../../store-embedded/test/bundled-child';
import { DirectoryBlobStore } from '../../src/blobs';

const WORKER = fileURLToPath(new URL('./directory-blob-store-crash-worker.ts', import.meta.url));
const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const KILL_AFTER_PUTS = 12;
const CYCLES = 2;

const directories: string[] = [];
/** The worker, bundled once (`bundled-child.ts`: it starts from JavaScript, not through tsx). */
let worker: BundledChild | undefined;
afterAll(async () => {
  await Promise.all(directories.map((dir) => rm(dir, { recursive: true, force: true })));
  await worker?.remove();
});

/** Runs the worker until it has reported `puts` puts, kills it, and answers the hashes reported. */
async function runAndKill(
  root: string,
  puts: number,
): Promise<{ reported: string[]; signal: string | null }> {
  worker ??= await bundledChild(WORKER);
  const child = spawn(process.execPath, [worker.file, root], {
    cwd: PACKAGE,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const reported: string[] = [];
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('put ')) reported.push(line.slice(4));
    if (reported.length >= puts) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('close', (_code, signal) => resolve({ reported, signal })));
}

/** Every blob file under the fan-out directories, by name. */
async function blobFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  for (const top of await readdir(root))
    if (!top.startsWith('.'))
      for (const second of await readdir(path.join(root, top)))
        for (const name of await readdir(path.join(root, top, second)))
          files.push(path.join(root, top, second, name));
  return files;
}

describe('DirectoryBlobStore killed while writing', () => {
  it(`leaves only complete blobs, ${CYCLES} kills in a row`, { timeout: 60_000 }, async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'quire-blob-crash-'));
    directories.push(root);
    const acknowledged: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { reported, signal } = await runAndKill(root, KILL_AFTER_PUTS);
      expect(signal).toBe('SIGKILL');
      acknowledged.push(...reported);
    }
    const blobs = await DirectoryBlobStore.open(root);
    expect((await readdir(root)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    for (const file of await blobFiles(root)) {
      const bytes = await readFile(file);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(path.basename(file));
    }
    for (const hash of acknowledged) expect(await blobs.has(hash)).toBe(true);
  });
});
