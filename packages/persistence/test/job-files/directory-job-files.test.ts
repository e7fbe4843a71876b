/** Job files in a folder: put, read back, replace, delete; keys that could name a path are refused. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DirectoryJobFiles } from '../../src/job-files';

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function fresh(): Promise<{ root: string; files: DirectoryJobFiles }> {
  const root = await mkdtemp(path.join(tmpdir(), 'quire-job-files-'));
  directories.push(root);
  return { root, files: await DirectoryJobFiles.open(root) };
}

it('keeps bytes under a key until they are deleted, and leaves no temporary file', async () => {
  const { root, files } = await fresh();
  expect(await files.read('job1')).toBeNull();
  await files.put('job1', new TextEncoder().encode('first'));
  await files.put('job1', new TextEncoder().encode('second'));
  expect(new TextDecoder().decode((await files.read('job1')) ?? undefined)).toBe('second');
  expect(await readdir(root)).toEqual(['job1']);
  await files.delete('job1');
  await files.delete('job1');
  expect(await files.read('job1')).toBeNull();
  expect(await readdir(root)).toEqual([]);
});

it.each(['../escape', 'a/b', '', '.hidden', 'x'.repeat(65)])('refuses the key %j', async (key) => {
  const { files } = await fresh();
  await expect(files.put(key, new Uint8Array([1]))).rejects.toThrow(/key/);
  await expect(files.read(key)).rejects.toThrow(/key/);
  await expect(files.delete(key)).rejects.toThrow(/key/);
});
