import type { Document, UpdateFilter } from '@quire/store';
import { beforeEach, describe, expect, it } from 'vitest';
import { type EmbeddedCollection, EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { LooseDoc } from './fixtures';

const original = {
  _id: 'u',
  name: 'widget',
  n: 5,
  tags: ['x', 'y'],
  scores: [70, 85, 95],
  lines: [
    { sku: 'p', qty: 1 },
    { sku: 'q', qty: 2 },
  ],
  meta: { color: 'red', size: 3 },
};

let journal: MemoryJournal;
let docs: EmbeddedCollection<LooseDoc>;

beforeEach(async () => {
  journal = new MemoryJournal();
  docs = new EmbeddedDatabase(new Map(), journal).collection<LooseDoc>('docs');
  await docs.insertOne(structuredClone(original));
});

/** Updates the document, returning the result and the stored document. */
async function apply(update: Document) {
  const result = await docs.updateOne({ _id: 'u' }, update as UpdateFilter<Document>);
  return { result, doc: await docs.findOne({ _id: 'u' }) };
}

/** Expects `update` to be refused with `message`, leaving the document and the journal untouched. */
async function expectRefused(update: unknown, message: RegExp | string) {
  const batches = journal.batches.length;
  await expect(docs.updateOne({ _id: 'u' }, update as UpdateFilter<Document>)).rejects.toThrow(message);
  expect(await docs.findOne({ _id: 'u' })).toEqual(original);
  expect(journal.batches).toHaveLength(batches);
}

describe('update operators', () => {
  it('$set sets top-level, dotted and positional paths, creating objects', async () => {
    const { result, doc } = await apply({
      $set: { name: 'g', 'meta.color': 'blue', 'x.y.z': 1, 'tags.1': 'z' },
    });
    expect(result).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
      upsertedId: null,
    });
    expect(doc).toEqual({
      ...original,
      name: 'g',
      tags: ['x', 'z'],
      meta: { color: 'blue', size: 3 },
      x: { y: { z: 1 } },
    });
  });

  it('$unset removes fields; a no-op update is matched but not modified and not journaled', async () => {
    expect((await apply({ $unset: { 'meta.size': '' } })).doc?.meta).toEqual({ color: 'red' });
    const batches = journal.batches.length;
    expect((await apply({ $unset: { absent: '' } })).result).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
    expect((await apply({ $set: { name: 'widget' } })).result).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
    expect(journal.batches).toHaveLength(batches);
  });

  it('$inc and $mul do arithmetic and create missing fields', async () => {
    const { doc } = await apply({ $inc: { n: -2, 'stats.views': 1 }, $mul: { 'meta.size': 1.5 } });
    expect(doc).toMatchObject({ n: 3, stats: { views: 1 }, meta: { size: 4.5 } });
  });

  it('$push appends, $each appends several, an array without $each is one element', async () => {
    expect((await apply({ $push: { tags: 'z' } })).doc?.tags).toEqual(['x', 'y', 'z']);
    expect((await apply({ $push: { tags: { $each: ['a', 'b'] } } })).doc?.tags).toEqual([
      'x',
      'y',
      'z',
      'a',
      'b',
    ]);
    expect((await apply({ $push: { pairs: ['a', 'b'] } })).doc?.pairs).toEqual([['a', 'b']]);
    expect((await apply({ $push: { scores: { $each: [1], $slice: -2 } } })).doc?.scores).toEqual([95, 1]);
  });

  it('$pull removes equal values, values matching a condition, and matching objects', async () => {
    const { doc } = await apply({ $pull: { tags: 'x', scores: { $gte: 80 }, lines: { sku: 'p' } } });
    expect(doc).toMatchObject({ tags: ['y'], scores: [70], lines: [{ sku: 'q', qty: 2 }] });
  });

  it('$addToSet adds only absent values, with or without $each', async () => {
    expect((await apply({ $addToSet: { tags: 'y' } })).result.modifiedCount).toBe(0);
    expect((await apply({ $addToSet: { tags: { $each: ['y', 'w', 'w'] } } })).doc?.tags).toEqual([
      'x',
      'y',
      'w',
    ]);
    expect((await apply({ $addToSet: { fresh: 'a' } })).doc?.fresh).toEqual(['a']);
  });

  it('$min and $max replace only with a lower or higher value', async () => {
    expect((await apply({ $min: { n: 7 } })).result.modifiedCount).toBe(0);
    expect((await apply({ $min: { n: 2 } })).doc?.n).toBe(2);
    expect((await apply({ $max: { n: 9, low: 1 } })).doc).toMatchObject({ n: 9, low: 1 });
  });

  it('$rename and $pop', async () => {
    const { doc } = await apply({ $rename: { name: 'title' }, $pop: { scores: 1 } });
    expect(doc).toMatchObject({ title: 'widget', scores: [70, 85] });
    expect(doc).not.toHaveProperty('name');
  });

  it('the positional $ updates the element the filter matched', async () => {
    await docs.updateOne({ _id: 'u', 'lines.sku': 'q' }, { $inc: { 'lines.$.qty': 10 } });
    expect((await docs.findOne({ _id: 'u' }))?.lines).toEqual([
      { sku: 'p', qty: 1 },
      { sku: 'q', qty: 12 },
    ]);
  });

  it('$setOnInsert is ignored on an update', async () => {
    const { doc } = await apply({ $set: { name: 'kept' }, $setOnInsert: { createdAt: 1 } });
    expect(doc).not.toHaveProperty('createdAt');
    expect((await apply({ $setOnInsert: { createdAt: 1 } })).result).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });
});

describe('refused updates change nothing', () => {
  it('an update without operators, or mixing fields with operators', async () => {
    await expectRefused({ name: 'x' }, 'Update document requires atomic operators');
    await expectRefused({}, 'Update document requires atomic operators');
    await expectRefused({ $set: { n: 1 }, name: 'x' }, /Unknown modifier: name/);
    await expectRefused([{ $set: { n: 1 } }], /pipeline updates are not supported/);
  });

  it('an unknown operator, named; $currentDate, which would store a Date', async () => {
    await expectRefused({ $frobnicate: { n: 1 } }, /Unknown modifier: \$frobnicate/);
    await expectRefused({ $currentDate: { at: true } }, /\$currentDate is not supported/);
    await expectRefused({ $set: 5 }, /Modifiers operate on fields/);
  });

  it('conflicting paths across operators', async () => {
    await expectRefused(
      { $set: { n: 1 }, $inc: { n: 1 } },
      "Updating the path 'n' would create a conflict at 'n'",
    );
    await expectRefused({ $set: { meta: {} }, $unset: { 'meta.size': '' } }, /conflict at 'meta'/);
    await expectRefused({ $set: { a: 1 }, $setOnInsert: { 'a.b': 1 } }, /conflict at 'a'/);
  });

  it('arithmetic on a non-number and array operators on a non-array, naming the field', async () => {
    await expectRefused(
      { $inc: { name: 1, n: 1 } },
      /Cannot apply \$inc to a value of non-numeric type.*'name'/,
    );
    await expectRefused({ $inc: { n: 'one' } }, 'Cannot increment with non-numeric argument: {n: "one"}');
    await expectRefused({ $push: { name: 'x' } }, /The field 'name' must be an array but is of type string/);
    await expectRefused({ $addToSet: { n: 1 } }, /The field 'n' must be an array but is of type int/);
    await expectRefused(
      { $set: { 'name.first': 'a' } },
      /Cannot create field 'first' in element \{name: "widget"\}/,
    );
  });

  it('a change of _id, by $set, $unset or $rename', async () => {
    await expectRefused({ $set: { _id: 'v' } }, /immutable field '_id'/);
    await expectRefused({ $unset: { _id: '' } }, /immutable field '_id'/);
    await expectRefused({ $rename: { _id: 'id' } }, /immutable field '_id'/);
    expect((await apply({ $set: { _id: 'u', n: 6 } })).doc?.n).toBe(6);
  });

  it('a value that is not JSON, naming the field', async () => {
    await expectRefused({ $set: { 'meta.at': new Date() } }, /Field 'meta.at' holds a Date/);
    await expectRefused({ $push: { tags: 10n } }, /Field 'tags.2' holds a bigint/);
  });

  it('updateMany refuses the whole batch when one document fails', async () => {
    await docs.insertOne({ _id: 'v', n: 'text' });
    await expect(docs.updateMany({}, { $inc: { n: 1 } })).rejects.toThrow(/non-numeric/);
    expect((await docs.findOne({ _id: 'u' }))?.n).toBe(5);
  });
});

describe('upserts', () => {
  it('builds the new document from filter equalities ($eq, $and, dotted) plus the update', async () => {
    const result = await docs.updateOne(
      { _id: 'k', $and: [{ a: 1 }, { b: { $eq: 2 } }], 'meta.color': 'red', n: { $gt: 5 }, $or: [{ z: 1 }] },
      { $set: { c: 3 }, $setOnInsert: { createdAt: 1 }, $inc: { views: 1 } },
      { upsert: true },
    );
    expect(result).toEqual({
      acknowledged: true,
      matchedCount: 0,
      modifiedCount: 0,
      upsertedCount: 1,
      upsertedId: 'k',
    });
    const [put] = journal.batches.at(-1)!;
    expect(put).toMatchObject({ op: 'put', c: 'docs', id: 'k' });
    const stored = JSON.parse(put?.op === 'put' ? put.doc : '{}');
    expect(Object.keys(stored)[0]).toBe('_id');
    expect(stored).toEqual({ _id: 'k', a: 1, b: 2, meta: { color: 'red' }, c: 3, views: 1, createdAt: 1 });
  });

  it('generates an _id when the filter has none, and does not touch the caller filter', async () => {
    const filter = { kind: { deep: true } };
    const result = await docs.updateMany(filter, { $set: { 'kind.other': 1 } }, { upsert: true });
    expect(result.upsertedId).toMatch(/^[0-9a-f]{24}$/);
    expect(await docs.findOne({ _id: result.upsertedId as string })).toEqual({
      _id: result.upsertedId,
      kind: { deep: true, other: 1 },
    });
    expect(filter).toEqual({ kind: { deep: true } });
  });

  it('takes the _id from $set or $setOnInsert when the filter has none', async () => {
    expect((await docs.updateOne({ n: 42 }, { $set: { _id: 's' } }, { upsert: true })).upsertedId).toBe('s');
    expect(
      (await docs.updateOne({ n: 43 }, { $setOnInsert: { _id: 'o' } }, { upsert: true })).upsertedId,
    ).toBe('o');
    expect(await docs.findOne({ _id: 'o' })).toEqual({ _id: 'o', n: 43 });
  });

  it('refuses an update changing the filter _id', async () => {
    await expect(docs.updateOne({ _id: 'k' }, { $set: { _id: 'other' } }, { upsert: true })).rejects.toThrow(
      /immutable field '_id'/,
    );
    expect(await docs.countDocuments()).toBe(1);
  });

  it('findOneAndUpdate returns before (default) or after, null before an upsert', async () => {
    expect(await docs.findOneAndUpdate({ _id: 'u' }, { $inc: { n: 1 } }, {})).toMatchObject({ n: 5 });
    expect(
      await docs.findOneAndUpdate({ _id: 'u' }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
    ).toMatchObject({
      n: 7,
    });
    expect(await docs.findOneAndUpdate({ _id: 'new' }, { $set: { n: 1 } }, { upsert: true })).toBeNull();
    expect(
      await docs.findOneAndUpdate(
        { _id: 'newer' },
        { $set: { n: 1 } },
        { upsert: true, returnDocument: 'after', projection: { _id: 0 } },
      ),
    ).toEqual({ n: 1 });
    expect(
      await docs.findOneAndUpdate({ _id: 'none' }, { $set: { n: 1 } }, { returnDocument: 'after' }),
    ).toBeNull();
  });
});
