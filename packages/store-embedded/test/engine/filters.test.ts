import type { Document, Filter } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { LooseDoc } from './fixtures';

async function collection() {
  const docs = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('docs');
  await docs.insertOne({ _id: 'a', n: 1, name: 'x' });
  return docs;
}

const loose = (filter: unknown) => filter as Filter<LooseDoc>;

describe('malformed filters are errors naming the operator or field, in every method', () => {
  const cases: Array<[string, unknown, RegExp | string]> = [
    ['unknown field operator', { n: { $frobnicate: 1 } }, '$frobnicate'],
    ['unknown top-level operator', { $frobnicate: [{ n: 1 }] }, '$frobnicate'],
    ['field mixed with operators', { n: { $gt: 0, b: 1 } }, /\bb\b/],
    ['$in without an array', { n: { $in: 1 } }, "$in needs an array (at 'n.$in')"],
    ['$or without clauses', { $or: [] }, '$or must be a nonempty array'],
    ['$and with a non-object', { $and: [1] }, "$and argument's entries must be objects"],
    ['$where', { $where: 'this.n > 0' }, '$where is not supported'],
    ['a Date value', { at: { $lt: new Date() } }, /Filter 'at.\$lt' compares with a Date/],
  ];
  for (const [label, filter, message] of cases) {
    it(label, async () => {
      const docs = await collection();
      const attempts = [
        () => docs.find(loose(filter)).toArray(),
        () => docs.findOne(loose(filter)),
        () => docs.countDocuments(loose(filter)),
        () => docs.updateMany(loose(filter), { $set: { n: 2 } }),
        () => docs.deleteMany(loose(filter)),
        () => docs.findOneAndDelete(loose(filter)),
      ];
      for (const attempt of attempts) await expect(attempt()).rejects.toThrow(message);
      expect(await docs.find({}).toArray()).toEqual([{ _id: 'a', n: 1, name: 'x' }]);
    });
  }

  it('server-side refusals carry the driver error shape', async () => {
    const docs = await collection();
    await expect(docs.find(loose({ n: { $frobnicate: 1 } })).toArray()).rejects.toMatchObject({
      name: 'MongoServerError',
      code: 2,
      codeName: 'BadValue',
    });
    await expect(docs.find(loose('n')).toArray()).rejects.toMatchObject({
      name: 'MongoInvalidArgumentError',
    });
  });
});

describe('values that cannot be stored', () => {
  it('are refused with the field named, and nothing is written', async () => {
    const docs = await collection();
    const refusals: Array<[Document, RegExp]> = [
      [{ at: new Date() }, /Field 'at' holds a Date.*ISO strings/],
      [{ nested: { blob: Buffer.from('x') } }, /Field 'nested.blob' holds a Buffer/],
      [{ list: [1, () => 2] }, /Field 'list.1' holds a function/],
      [{ big: 10n }, /Field 'big' holds a bigint/],
      [{ n: Number.NaN }, /Field 'n' holds the number NaN/],
      [{ map: new Map() }, /Field 'map' holds a Map/],
      [{ _id: { compound: 1 } }, /_id must be a string or a finite number/],
      [{ _id: '\u0000x' }, /must not start with a NUL/],
    ];
    for (const [doc, message] of refusals) {
      await expect(docs.insertOne(doc)).rejects.toThrow(message);
    }
    const cyclic: Document = { _id: 'cyclic' };
    cyclic.self = cyclic;
    await expect(docs.insertOne(cyclic)).rejects.toThrow(/nested more than 100 levels/);
    expect(await docs.countDocuments()).toBe(1);
  });
});
