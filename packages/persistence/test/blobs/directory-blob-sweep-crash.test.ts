/**
 * A process killed (SIGKILL) in the middle of a sweep, after it moved a blob to the trash and
 * before it judged it, leaves nothing half-done that matters: the blob is missing under its
 * name only until the store is opened again, which puts it back whole; the next sweep then
 * judges it as any other blob.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundledChild, bundledChild } from '../../../store-embedded/test/bundled-child';
import { DirectoryBlobStore } from '../../src/blobs';

const WORKER = fileURLToPath(new URL('./directory-blob-sweep-crash-worker.ts', import.meta.url));
const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));

const directories: string[] = [];
let worker: BundledChild | undefined;
afterAll(async () => {
  await Promise.all(directories.map((dir) => rm(dir, { recursive: true, force: true })));
  await worker?.remove();
});

/** Runs the worker's sweep of `hash` until it has moved the blob, and kills it there. */
async function sweepAndKill(root: string, hash: string): Promise<string | null> {
  worker ??= await bundledChild(WORKER);
  const child = spawn(process.execPath, [worker.file, root, hash], {
    cwd: PACKAGE,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    if (chunk.includes('moved')) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('close', (_code, signal) => resolve(signal)));
}

describe('DirectoryBlobStore killed while sweeping', () => {
  it('puts the blob back whole when opened again; the next sweep judges it', {
    timeout: 60_000,
  }, async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'quire-blob-sweep-crash-'));
    directories.push(root);
    const bytes = new TextEncoder().encode('kept through a crash');
    const { hash } = await (await DirectoryBlobStore.open(root)).put(bytes);

    expect(await sweepAndKill(root, hash)).toBe('SIGKILL');
    // Killed between the move and the judgement: in the trash, not under its name.
    expect((await readdir(root)).filter((name) => name.startsWith('.trash-'))).toHaveLength(1);
    expect(await readdir(path.join(root, hash.slice(0, 2), hash.slice(2, 4)))).toEqual([]);

    const reopened = await DirectoryBlobStore.open(root);
    expect((await readdir(root)).filter((name) => name.startsWith('.'))).toEqual([]);
    const stream = await reopened.open(hash);
    const parts: Buffer[] = [];
    for await (const part of stream ?? []) parts.push(Buffer.from(part as Uint8Array));
    expect(new Uint8Array(Buffer.concat(parts))).toEqual(bytes);
    // An old blob no record names: the next sweep deletes it.
    expect(await reopened.deleteIfNotPutSince(hash, Date.now() + 1)).toBe('deleted');
  });
});
