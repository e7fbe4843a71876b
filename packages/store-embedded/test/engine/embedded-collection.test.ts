import type { Document } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { LooseDoc } from './fixtures';

function open() {
  const journal = new MemoryJournal();
  return { journal, db: new EmbeddedDatabase(new Map(), journal) };
}

async function seeded() {
  const { db, journal } = open();
  const rows = db.collection<LooseDoc>('rows');
  await rows.insertMany([
    { _id: 'r1', g: 'x', n: 2, tags: ['a', 'b'], meta: { size: 3 } },
    { _id: 'r2', g: 'y', n: 1 },
    { _id: 'r3', g: 'x', n: 3, tags: [] },
    { _id: 'r4', g: 'y', n: 5, meta: { size: 1 } },
    { _id: 'r5', g: 'x', n: 1.5 },
  ]);
  return { db, journal, rows };
}

const ids = (docs: Document[]) => docs.map((doc) => doc._id);

describe('EmbeddedDatabase.collection', () => {
  it('returns the same collection object for the same name', () => {
    const { db } = open();
    expect(db.collection<LooseDoc>('a')).toBe(db.collection<LooseDoc>('a'));
    expect(db.collection<LooseDoc>('a')).not.toBe(db.collection<LooseDoc>('b'));
    expect(db.collection<LooseDoc>('a').collectionName).toBe('a');
  });

  it('refuses invalid collection names', () => {
    const { db } = open();
    for (const name of ['', 'a$b', 'system.users', 'a\0b']) {
      expect(() => db.collection(name)).toThrow(/Invalid collection name/);
    }
  });
});

describe('inserts', () => {
  it('stores JSON values and returns private copies', async () => {
    const { db } = open();
    const docs = db.collection<LooseDoc>('docs');
    const input = { _id: 'i', list: [1, { deep: [true, null] }], nested: { n: -1.5 }, text: 'héllo 🎉' };
    expect(await docs.insertOne(input)).toEqual({ acknowledged: true, insertedId: 'i' });
    input.list.push(9);
    const read = await docs.findOne({ _id: 'i' });
    expect(read).toEqual({
      _id: 'i',
      list: [1, { deep: [true, null] }],
      nested: { n: -1.5 },
      text: 'héllo 🎉',
    });
    (read!.nested as Document).n = 99;
    expect((await docs.findOne({ _id: 'i' }))!.nested).toEqual({ n: -1.5 });
  });

  it('generates a 24-hex _id when absent, assigns it to the input like the driver, and stores it first', async () => {
    const { db, journal } = open();
    const docs = db.collection<LooseDoc>('docs');
    const input: Document = { n: 1 };
    const { insertedId } = await docs.insertOne(input);
    expect(insertedId).toMatch(/^[0-9a-f]{24}$/);
    expect(input._id).toBe(insertedId);
    const second = await docs.insertOne({ n: 2 });
    expect(second.insertedId).not.toBe(insertedId);
    const [put] = journal.batches[0]!;
    expect(put).toEqual({ op: 'put', c: 'docs', id: insertedId, doc: `{"_id":"${insertedId}","n":1}` });
  });

  it('drops undefined fields and keeps number ids apart from string ids', async () => {
    const { db, journal } = open();
    const docs = db.collection<LooseDoc>('docs');
    await docs.insertMany([
      { _id: 1, a: undefined, b: 1 },
      { _id: '1', b: 2 },
    ]);
    expect(await docs.findOne({ _id: 1 })).toEqual({ _id: 1, b: 1 });
    expect(await docs.findOne({ _id: '1' })).toEqual({ _id: '1', b: 2 });
    expect(journal.batches[0]!.map((op) => (op.op === 'put' ? op.id : ''))).toEqual(['\u00001', '1']);
    expect(ids(await docs.find({}, { sort: { _id: 1 } }).toArray())).toEqual([1, '1']);
  });

  it('insertMany journals one batch and reports insertedIds by position', async () => {
    const { db, journal } = open();
    const result = await db.collection<LooseDoc>('docs').insertMany([{ _id: 'a' }, { _id: 'b' }]);
    expect(result).toEqual({ acknowledged: true, insertedCount: 2, insertedIds: { 0: 'a', 1: 'b' } });
    expect(journal.batches).toHaveLength(1);
    expect(journal.batches[0]).toHaveLength(2);
  });
});

describe('find', () => {
  it('filters with MongoDB semantics through mingo', async () => {
    const { rows } = await seeded();
    expect(ids(await rows.find({ g: 'x', n: { $gte: 2 } }).toArray())).toEqual(['r1', 'r3']);
    expect(ids(await rows.find({ $or: [{ n: 1 }, { 'meta.size': 1 }] }).toArray())).toEqual(['r2', 'r4']);
    expect(ids(await rows.find({ tags: 'b' }).toArray())).toEqual(['r1']);
    expect(ids(await rows.find({ meta: { $exists: false } }).toArray())).toEqual(['r2', 'r3', 'r5']);
    expect(ids(await rows.find({ 'meta.size': null }).toArray())).toEqual(['r2', 'r3', 'r5']);
  });

  it('compares embedded documents field by field, order included', async () => {
    const { db } = open();
    const docs = db.collection<LooseDoc>('docs');
    await docs.insertMany([
      { _id: 'ab', m: { a: 1, b: 2 } },
      { _id: 'ba', m: { b: 2, a: 1 } },
      { _id: 'list', m: [{ a: 1, b: 2 }] },
    ]);
    expect(ids(await docs.find({ m: { a: 1, b: 2 } }).toArray())).toEqual(['ab', 'list']);
    expect(ids(await docs.find({ m: { $eq: { b: 2, a: 1 } } }).toArray())).toEqual(['ba']);
    expect(ids(await docs.find({ $or: [{ m: { b: 2, a: 1 } }] }).toArray())).toEqual(['ba']);
  });

  it('sorts on several keys, dotted paths, missing first, then skips and limits', async () => {
    const { rows } = await seeded();
    expect(ids(await rows.find({}, { sort: { g: 1, n: -1 } }).toArray())).toEqual([
      'r3',
      'r1',
      'r5',
      'r4',
      'r2',
    ]);
    expect(ids(await rows.find({}, { sort: { 'meta.size': 1, _id: 1 } }).toArray())).toEqual([
      'r2',
      'r3',
      'r5',
      'r4',
      'r1',
    ]);
    expect(ids(await rows.find({}, { sort: { n: 1 }, skip: 1, limit: 2 }).toArray())).toEqual(['r5', 'r1']);
    expect(ids(await rows.find({}, { sort: { n: 1 }, limit: 0 }).toArray())).toHaveLength(5);
    expect(ids(await rows.find({}, { sort: { n: 1 }, limit: -2 }).toArray())).toEqual(['r2', 'r5']);
    expect(await rows.find({}, { skip: 9 }).toArray()).toEqual([]);
  });

  it('sorts arrays by their smallest element ascending and largest descending, [] before null', async () => {
    const { db } = open();
    const docs = db.collection<LooseDoc>('docs');
    await docs.insertMany([
      { _id: 'wide', v: [1, 9] },
      { _id: 'mid', v: 5 },
      { _id: 'empty', v: [] },
      { _id: 'none' },
    ]);
    expect(ids(await docs.find({}, { sort: { v: 1 } }).toArray())).toEqual(['empty', 'none', 'wide', 'mid']);
    expect(ids(await docs.find({}, { sort: { v: -1 } }).toArray())).toEqual(['wide', 'mid', 'none', 'empty']);
  });

  it('accepts the driver sort spellings', async () => {
    const { rows } = await seeded();
    const sorted = async (sort: unknown) => ids(await rows.find({}, { sort: sort as never }).toArray());
    const descending = ['r4', 'r3', 'r1', 'r5', 'r2'];
    expect(await sorted({ n: 'desc' })).toEqual(descending);
    expect(await sorted(['n', -1])).toEqual(descending);
    expect(await sorted([['n', 'descending']])).toEqual(descending);
    expect(await sorted(new Map([['n', -1]]))).toEqual(descending);
    expect(await sorted('n')).toEqual([...descending].reverse());
    await expect(rows.find({}, { sort: { n: 2 as never } }).toArray()).rejects.toThrow(
      /Invalid sort direction/,
    );
  });

  it('evaluates at toArray, not at find, and only once', async () => {
    const { db } = open();
    const docs = db.collection<LooseDoc>('docs');
    const cursor = docs.find({});
    await docs.insertOne({ _id: 'later' });
    expect(ids(await cursor.toArray())).toEqual(['later']);
    expect(await cursor.toArray()).toEqual([]);
  });

  it('findOne returns the first in sort order or null, with a projection', async () => {
    const { rows } = await seeded();
    expect(await rows.findOne({ g: 'x' }, { sort: { n: -1 }, projection: { n: 1, _id: 0 } })).toEqual({
      n: 3,
    });
    expect(await rows.findOne({ _id: 'r2' }, { projection: { g: 1 } })).toEqual({ _id: 'r2', g: 'y' });
    expect(await rows.findOne({ _id: 'nope' })).toBeNull();
    expect(await rows.findOne({ g: 'z' })).toBeNull();
  });

  it('counts with skip and limit', async () => {
    const { rows } = await seeded();
    expect(await rows.countDocuments()).toBe(5);
    expect(await rows.countDocuments({ g: 'x' })).toBe(3);
    expect(await rows.countDocuments({ g: 'x' }, { skip: 1, limit: 1 })).toBe(1);
    expect(await rows.countDocuments({}, { skip: 7 })).toBe(0);
    expect(await rows.countDocuments({ _id: { $in: ['r1', 'r9', 'r2'] } })).toBe(2);
  });
});

describe('replace and delete', () => {
  it('replaceOne keeps the _id, reports no modification for an identical replacement', async () => {
    const { rows, journal } = await seeded();
    expect(await rows.replaceOne({ _id: 'r2' }, { z: 1 })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(await rows.findOne({ _id: 'r2' })).toEqual({ _id: 'r2', z: 1 });
    const batches = journal.batches.length;
    expect(await rows.replaceOne({ _id: 'r2' }, { _id: 'r2', z: 1 })).toMatchObject({ modifiedCount: 0 });
    expect(journal.batches).toHaveLength(batches);
  });

  it('replaceOne upserts under the filter _id only', async () => {
    const { db } = open();
    const docs = db.collection<LooseDoc>('docs');
    const result = await docs.replaceOne({ _id: 'k', other: 1 }, { name: 'n' }, { upsert: true });
    expect(result).toEqual({
      acknowledged: true,
      matchedCount: 0,
      modifiedCount: 0,
      upsertedCount: 1,
      upsertedId: 'k',
    });
    expect(await docs.findOne({ _id: 'k' })).toEqual({ _id: 'k', name: 'n' });
  });

  it('deleteOne, deleteMany and findOneAndDelete journal deletions as one batch each', async () => {
    const { rows, journal } = await seeded();
    expect(await rows.deleteOne({ g: 'y' })).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(journal.batches.at(-1)).toEqual([{ op: 'del', c: 'rows', id: 'r2' }]);
    expect(await rows.findOneAndDelete({ g: 'x' }, { sort: { n: 1 }, projection: { n: 1 } })).toEqual({
      _id: 'r5',
      n: 1.5,
    });
    expect(await rows.deleteMany({ g: 'x' })).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(journal.batches.at(-1)).toHaveLength(2);
    expect(await rows.deleteMany({ g: 'x' })).toEqual({ acknowledged: true, deletedCount: 0 });
    expect(ids(await rows.find({}).toArray())).toEqual(['r4']);
  });
});
