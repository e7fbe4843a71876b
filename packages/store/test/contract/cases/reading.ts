import { beforeEach, describe, expect, it } from 'vitest';
import type { Document, StoreCollection } from '../../../src/collection';
import { type ContractContext, failureOf, type LooseDoc } from '../context';
import { mixedValues } from './queries';

const rows: LooseDoc[] = [
  { _id: 'r1', g: 'x', n: 2, meta: { size: 3, color: 'red' }, lines: [{ sku: 'p', qty: 1 }] },
  { _id: 'r2', g: 'y', n: 1, meta: { size: 1 } },
  { _id: 'r3', g: 'x', n: 3 },
  { _id: 'r4', g: 'y', n: 5, meta: { size: 2 } },
  { _id: 'r5', g: 'x', n: 1.5 },
];

async function idsIn(
  collection: StoreCollection<LooseDoc>,
  sort: Document,
  extra: Document = {},
): Promise<unknown[]> {
  const docs = await collection.find({}, { sort, ...extra }).toArray();
  return docs.map((doc) => doc._id);
}

export function describeReading(ctx: ContractContext): void {
  describe('sort, skip, limit, projection and count', () => {
    let table: StoreCollection<LooseDoc>;
    beforeEach(async () => {
      table = ctx.db.collection<LooseDoc>('rows');
      await table.insertMany(rows);
    });

    it('sorts on several keys in the order given', async () => {
      expect(await idsIn(table, { g: 1, n: -1 })).toEqual(['r3', 'r1', 'r5', 'r4', 'r2']);
      expect(await idsIn(table, { n: 1, g: -1 })).toEqual(['r2', 'r5', 'r1', 'r3', 'r4']);
      expect(await idsIn(table, { _id: -1 })).toEqual(['r5', 'r4', 'r3', 'r2', 'r1']);
    });

    it('sorts on dotted paths, missing values first ascending and last descending', async () => {
      expect(await idsIn(table, { 'meta.size': 1, _id: 1 })).toEqual(['r3', 'r5', 'r2', 'r4', 'r1']);
      expect(await idsIn(table, { 'meta.size': -1, _id: 1 })).toEqual(['r1', 'r4', 'r2', 'r3', 'r5']);
    });

    it('sorts mixed types in BSON order (null and missing < numbers < strings < objects < booleans)', async () => {
      const mixed = ctx.db.collection<LooseDoc>('mixed');
      await mixed.insertMany(mixedValues);
      const ascending = ['m4', 'm7', 'm6', 'm3', 'm9', 'm8', 'm2', 'm5', 'm10', 'm1'];
      expect(await idsIn(mixed, { v: 1, _id: 1 })).toEqual(ascending);
      // Strings compare by code point ('B' < 'a'), numbers numerically (2 < 10).
      expect(await idsIn(mixed, { v: -1, _id: 1 })).toEqual([
        'm1',
        'm10',
        'm5',
        'm2',
        'm8',
        'm9',
        'm3',
        'm6',
        'm4',
        'm7',
      ]);
    });

    it('applies skip then limit after sorting; limit 0 means no limit', async () => {
      expect(await idsIn(table, { n: 1 }, { skip: 1, limit: 2 })).toEqual(['r5', 'r1']);
      expect(await idsIn(table, { n: 1 }, { limit: 0 })).toEqual(['r2', 'r5', 'r1', 'r3', 'r4']);
      expect(await idsIn(table, { n: 1 }, { skip: 4 })).toEqual(['r4']);
      expect(await idsIn(table, { n: 1 }, { skip: 10 })).toEqual([]);
      const [first] = await table.find({ g: 'y' }, { sort: { n: -1 }, limit: 1 }).toArray();
      expect(first?._id).toBe('r4');
    });

    it('projects by inclusion, with or without _id', async () => {
      expect(await table.find({ _id: 'r1' }, { projection: { g: 1, n: 1 } }).toArray()).toEqual([
        { _id: 'r1', g: 'x', n: 2 },
      ]);
      expect(await table.find({ _id: 'r1' }, { projection: { g: 1, _id: 0 } }).toArray()).toEqual([
        { g: 'x' },
      ]);
      expect(await table.findOne({ _id: 'r3' }, { projection: { meta: 1 } })).toEqual({ _id: 'r3' });
    });

    it('projects by exclusion, _id included', async () => {
      expect(await table.findOne({ _id: 'r1' }, { projection: { meta: 0, lines: 0 } })).toEqual({
        _id: 'r1',
        g: 'x',
        n: 2,
      });
      expect(await table.findOne({ _id: 'r2' }, { projection: { _id: 0 } })).toEqual({
        g: 'y',
        n: 1,
        meta: { size: 1 },
      });
    });

    it('projects dotted paths, into arrays of objects too', async () => {
      expect(await table.findOne({ _id: 'r1' }, { projection: { 'meta.color': 1, _id: 0 } })).toEqual({
        meta: { color: 'red' },
      });
      expect(await table.findOne({ _id: 'r1' }, { projection: { 'lines.sku': 1 } })).toEqual({
        _id: 'r1',
        lines: [{ sku: 'p' }],
      });
      expect(await table.findOne({ _id: 'r1' }, { projection: { 'meta.size': 0, lines: 0 } })).toEqual({
        _id: 'r1',
        g: 'x',
        n: 2,
        meta: { color: 'red' },
      });
    });

    it('refuses a projection mixing inclusion and exclusion', async () => {
      await failureOf(() => table.find({}, { projection: { g: 1, n: 0 } }).toArray());
    });

    it('counts documents, honouring skip and limit', async () => {
      expect(await table.countDocuments()).toBe(5);
      expect(await table.countDocuments({})).toBe(5);
      expect(await table.countDocuments({ g: 'x' })).toBe(3);
      expect(await table.countDocuments({}, { skip: 2 })).toBe(3);
      expect(await table.countDocuments({}, { limit: 2 })).toBe(2);
      expect(await table.countDocuments({ g: 'x' }, { skip: 2, limit: 10 })).toBe(1);
      expect(await table.countDocuments({}, { skip: 10 })).toBe(0);
      expect(await ctx.db.collection<LooseDoc>('empty').countDocuments({})).toBe(0);
    });
  });

  describe('a cursor transform (map)', () => {
    let table: StoreCollection<LooseDoc>;
    beforeEach(async () => {
      table = ctx.db.collection<LooseDoc>('rows');
      await table.insertMany(rows);
    });

    it('answers the transform of each document, in the order, window and projection asked', async () => {
      const options = { sort: { n: -1 as const }, skip: 1, limit: 3 };
      const plain = await table.find({}, options).toArray();
      const mapped = await table
        .find({}, options)
        .map((doc) => `${String(doc._id)}:${String(doc.n)}`)
        .toArray();
      expect(mapped).toEqual(['r3:3', 'r1:2', 'r5:1.5']);
      expect(mapped).toEqual(plain.map((doc) => `${String(doc._id)}:${String(doc.n)}`));
      const projected = await table
        .find({ _id: 'r1' }, { projection: { meta: 1 } })
        .map((doc) => ({ ...doc }))
        .toArray();
      expect(projected).toEqual([{ _id: 'r1', meta: { size: 3, color: 'red' } }]);
    });

    it('composes transforms, and a filter matching nothing transforms nothing', async () => {
      let calls = 0;
      const ids = await table
        .find({ g: 'x' }, { sort: { _id: 1 } })
        .map((doc) => String(doc._id))
        .map((id) => id.toUpperCase())
        .toArray();
      expect(ids).toEqual(['R1', 'R3', 'R5']);
      const none = await table
        .find({ g: 'z' })
        .map(() => calls++)
        .toArray();
      expect(none).toEqual([]);
      expect(calls).toBe(0);
    });

    it('leaves the stored documents as they were for the reads that follow', async () => {
      // Nested values read through a transform, copied out, then changed by the caller.
      const copies = await table
        .find({ _id: 'r1' })
        .map((doc) => ({ meta: { ...(doc.meta as Document) }, lines: [...(doc.lines as Document[])] }))
        .toArray();
      copies[0]!.meta.size = 99;
      copies[0]!.lines.push({ sku: 'q', qty: 2 });
      expect(await table.findOne({ _id: 'r1' })).toEqual(rows[0]);
      expect(await table.find({ _id: 'r1' }).toArray()).toEqual([rows[0]]);
    });

    it('rejects with the error a transform throws', async () => {
      const failing = table.find({}).map(() => {
        throw new Error('transform failed');
      });
      await expect(failing.toArray()).rejects.toThrow('transform failed');
    });
  });
}
