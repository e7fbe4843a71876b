import { appendFile, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorruptStoreError, type JournalOp, openStorage } from '../../src/durability';
import { encodeRecord } from '../../src/durability/record-format';
import { flipBits, plain, tempDir } from './helpers';

const put = (id: string, c = 'items'): JournalOp => ({ op: 'put', c, id, doc: JSON.stringify({ _id: id }) });

/** Writes journal `generation` directly from batches; returns each record's start offset and the file size. */
async function writeJournal(dir: string, generation: number, batches: JournalOp[][]) {
  const records = batches.map((batch) => encodeRecord(JSON.stringify(batch)));
  const offsets: number[] = [];
  let size = 0;
  for (const record of records) {
    offsets.push(size);
    size += record.length;
  }
  const file = path.join(dir, `journal-${String(generation).padStart(6, '0')}.log`);
  await writeFile(file, Buffer.concat(records));
  return { file, offsets, size };
}

async function ids(dir: string): Promise<string[]> {
  const storage = await openStorage(dir);
  const result = [...(storage.state.get('items')?.docs.keys() ?? [])];
  await storage.journal.close();
  return result;
}

describe('recovery', () => {
  it('replays put, del, createIndex and dropCollection in order', async () => {
    const dir = await tempDir();
    const index = { name: 'email_1', key: [['email', 1]] as Array<[string, 1 | -1]>, unique: true };
    const storage = await openStorage(dir);
    await storage.journal.commit([put('a'), put('b'), put('x', 'gone')]);
    await storage.journal.commit([{ op: 'createIndex', c: 'users', index }]);
    await storage.journal.commit([
      { op: 'del', c: 'items', id: 'a' },
      { op: 'put', c: 'items', id: 'b', doc: '{"_id":"b","v":2}' },
      { op: 'dropCollection', c: 'gone' },
      { op: 'del', c: 'nowhere', id: 'z' },
    ]);
    await storage.journal.close();

    const reopened = await openStorage(dir);
    expect(plain(reopened.state)).toEqual({
      items: { docs: { b: '{"_id":"b","v":2}' }, indexes: [] },
      users: { docs: {}, indexes: [index] },
    });
    expect(reopened.recovery).toMatchObject({ batchesReplayed: 3, tornBytesTruncated: 0 });
    await reopened.journal.close();
  });

  it('creates the directory and an empty store when missing', async () => {
    const dir = path.join(await tempDir(), 'nested', 'store');
    const storage = await openStorage(dir);
    expect(storage.state.size).toBe(0);
    await storage.journal.close();
    expect((await readdir(dir)).sort()).toEqual(['journal-000001.log']);
  });

  const tornTails: Array<
    [string, (file: string, lastOffset: number, size: number) => Promise<void>, number]
  > = [
    ['a short header', (file) => appendFile(file, Buffer.from([0x20, 0, 0])), 3],
    ['a short payload', (file, _last, size) => truncate(file, size - 5), 2],
    [
      'a checksum mismatch on the last record',
      async (file, last) => {
        const bytes = await readFile(file);
        flipBits(bytes, last + 10, 0xff);
        await writeFile(file, bytes);
      },
      2,
    ],
    ['a zero-filled tail', (file) => appendFile(file, Buffer.alloc(4096)), 3],
  ];

  for (const [name, damage, survivors] of tornTails) {
    it(`drops a torn tail (${name}), truncates the file, and appends after it`, async () => {
      const dir = await tempDir();
      const { file, offsets, size } = await writeJournal(dir, 1, [
        [put('1')],
        [put('2')],
        [put('3'), put('3b')],
      ]);
      await damage(file, offsets[2]!, size);

      const storage = await openStorage(dir);
      const expected = ['1', '2', '3', '3b'].slice(0, survivors === 3 ? 4 : 2);
      expect([...(storage.state.get('items')?.docs.keys() ?? [])]).toEqual(expected);
      const goodEnd = survivors === 3 ? size : offsets[2]!;
      expect((await stat(file)).size).toBe(goodEnd);
      expect(storage.recovery.tornBytesTruncated).toBeGreaterThan(0);

      await storage.journal.commit([put('4')]);
      await storage.journal.close();
      expect(await ids(dir)).toEqual([...expected, '4']);
    });
  }

  it('refuses a bad record in the middle, naming the file and the byte offset', async () => {
    const dir = await tempDir();
    const { file, offsets } = await writeJournal(dir, 1, [[put('1')], [put('2')], [put('3')]]);
    const bytes = await readFile(file);
    flipBits(bytes, offsets[1]! + 12);
    await writeFile(file, bytes);

    const error = await openStorage(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptStoreError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain(`byte offset ${offsets[1]}`);
    expect(error).toMatchObject({ path: file, offset: offsets[1] });
    // Refusing must leave the file untouched and the directory unlocked.
    expect(await readFile(file)).toEqual(bytes);
    await expect(openStorage(dir)).rejects.toBeInstanceOf(CorruptStoreError);
  });

  it('refuses a corrupted length field in the middle', async () => {
    const dir = await tempDir();
    const { file, offsets } = await writeJournal(dir, 1, [[put('1')], [put('2')], [put('3')]]);
    const bytes = await readFile(file);
    bytes.writeUInt32LE(0x7fffffff, offsets[1]!);
    await writeFile(file, bytes);
    await expect(openStorage(dir)).rejects.toThrow(`byte offset ${offsets[1]}`);
  });

  it('refuses a torn tail in a journal that is not the newest', async () => {
    const dir = await tempDir();
    const older = await writeJournal(dir, 1, [[put('1')], [put('2')]]);
    await truncate(older.file, older.size - 3);
    await writeJournal(dir, 2, [[put('3')]]);
    await expect(openStorage(dir)).rejects.toThrow(
      /journal-000001\.log at byte offset \d+.*newer journal exists/,
    );
  });

  it('refuses when a journal generation is missing', async () => {
    const dir = await tempDir();
    await writeJournal(dir, 1, [[put('1')]]);
    await writeJournal(dir, 3, [[put('3')]]);
    await expect(openStorage(dir)).rejects.toThrow(/journal-000002\.log.*missing/);
  });

  it('refuses a record whose checksum matches but is not a batch', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'journal-000001.log'), encodeRecord('{"not":"a batch"}'));
    await expect(openStorage(dir)).rejects.toThrow(/byte offset 0: .*not a batch/);
  });
});
