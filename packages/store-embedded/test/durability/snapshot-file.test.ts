import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatabaseState } from '../../src/durability';
import { CorruptStoreError } from '../../src/durability';
import { encodeRecord } from '../../src/durability/record-format';
import { readSnapshotFile, writeSnapshotFile } from '../../src/durability/snapshot-file';
import { nodeStorageFs } from '../../src/durability/storage-fs';
import { flipBits, plain, tempDir } from './helpers';

function sampleState(documents: number): DatabaseState {
  const users = new Map<string, string>();
  for (let i = 0; i < documents; i++) {
    users.set(`"u${i}"`, JSON.stringify({ _id: `u${i}`, name: `User ${i} "quoted" \\ ü 😀`, n: i }));
  }
  return new Map([
    ['users', { docs: users, indexes: [{ name: 'name_1', key: [['name', 1]], unique: true }] }],
    [
      'empty',
      {
        docs: new Map(),
        indexes: [
          {
            name: 'a_1_b_-1',
            key: [
              ['a', 1],
              ['b', -1],
            ],
            unique: false,
          },
        ],
      },
    ],
    ['tiny', { docs: new Map([['1', '{"_id":1}']]), indexes: [] }],
  ]);
}

describe('snapshot file', () => {
  it('round-trips a state spanning many records, under its final name only', async () => {
    const dir = await tempDir();
    const state = sampleState(30_000); // well over one 512 KiB chunk of document text
    const written = await writeSnapshotFile(nodeStorageFs, dir, 7, state);
    expect(written).toMatchObject({ path: path.join(dir, 'snapshot-000007.snap'), documents: 30_001 });
    expect(await readdir(dir)).toEqual(['snapshot-000007.snap']);

    const read = await readSnapshotFile(nodeStorageFs, written.path, 7);
    expect(read.documents).toBe(30_001);
    expect(read.bytes).toBe(written.bytes);
    expect(plain(read.state)).toEqual(plain(state));
    expect([...read.state.keys()]).toEqual(['users', 'empty', 'tiny']);
  });

  it('rejects a snapshot without its end record, naming the file', async () => {
    const dir = await tempDir();
    const { path: file } = await writeSnapshotFile(nodeStorageFs, dir, 2, sampleState(10));
    const bytes = await readFile(file);
    const endRecord = encodeRecord(JSON.stringify({ t: 'end', collections: 3, documents: 11 }));
    await writeFile(file, bytes.subarray(0, bytes.length - endRecord.length));
    await expect(readSnapshotFile(nodeStorageFs, file, 2)).rejects.toThrow(
      new RegExp(`${file} at byte offset \\d+: the snapshot has no end record`),
    );
  });

  it('rejects a damaged record with its offset', async () => {
    const dir = await tempDir();
    const { path: file } = await writeSnapshotFile(nodeStorageFs, dir, 2, sampleState(10));
    const bytes = await readFile(file);
    flipBits(bytes, 100);
    await writeFile(file, bytes);
    const error = await readSnapshotFile(nodeStorageFs, file, 2).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptStoreError);
    expect((error as CorruptStoreError).path).toBe(file);
  });

  it('rejects a snapshot whose header names another generation', async () => {
    const dir = await tempDir();
    const { path: file } = await writeSnapshotFile(nodeStorageFs, dir, 2, sampleState(1));
    await expect(readSnapshotFile(nodeStorageFs, file, 3)).rejects.toThrow(/generation 2, the name 3/);
  });
});
