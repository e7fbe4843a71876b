import { beforeEach, describe, expect, it } from 'vitest';
import type { StoreCollection } from '../../../src/collection';
import { type ContractContext, idsOf, type LooseDoc } from '../context';

const fruits: LooseDoc[] = [
  {
    _id: 'a',
    name: 'apple',
    n: 1,
    tags: ['x', 'y'],
    meta: { color: 'red', size: 3 },
    lines: [
      { sku: 'p', qty: 2 },
      { sku: 'q', qty: 10 },
    ],
    scores: [70, 95],
  },
  {
    _id: 'b',
    name: 'banana',
    n: 2,
    tags: ['y'],
    meta: { color: 'blue', size: 5 },
    lines: [{ sku: 'p', qty: 8 }],
    scores: [82],
  },
  { _id: 'c', name: 'Cherry', n: 3, tags: [], meta: { color: 'red' }, lines: [], scores: [] },
  { _id: 'd', name: 'date', n: null },
  { _id: 'e', name: 'elder' },
];

/** One value of each kind, to check that comparisons respect BSON type bracketing. */
export const mixedValues: LooseDoc[] = [
  { _id: 'm1', v: true },
  { _id: 'm2', v: 'b' },
  { _id: 'm3', v: 10 },
  { _id: 'm4' },
  { _id: 'm5', v: { k: 1 } },
  { _id: 'm6', v: 2 },
  { _id: 'm7', v: null },
  { _id: 'm8', v: 'a' },
  { _id: 'm9', v: 'B' },
  { _id: 'm10', v: false },
];

export function describeQueries(ctx: ContractContext): void {
  describe('queries', () => {
    let items: StoreCollection<LooseDoc>;
    beforeEach(async () => {
      items = ctx.db.collection<LooseDoc>('items');
      await items.insertMany(fruits);
    });

    it('matches equality, $eq and the empty filter', async () => {
      expect(await idsOf(items, {})).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(await idsOf(items, { n: 2 })).toEqual(['b']);
      expect(await idsOf(items, { n: { $eq: 2 } })).toEqual(['b']);
      expect(await idsOf(items, { name: 'Cherry' })).toEqual(['c']);
      expect(await idsOf(items, { name: 'cherry' })).toEqual([]);
      expect(await idsOf(items, { _id: { $in: ['a', 'e', 'zz'] } })).toEqual(['a', 'e']);
    });

    it('treats null as matching both null and missing fields', async () => {
      expect(await idsOf(items, { n: null })).toEqual(['d', 'e']);
      expect(await idsOf(items, { n: { $eq: null } })).toEqual(['d', 'e']);
      expect(await idsOf(items, { n: { $ne: null } })).toEqual(['a', 'b', 'c']);
      expect(await idsOf(items, { n: { $in: [null] } })).toEqual(['d', 'e']);
      expect(await idsOf(items, { 'meta.color': null })).toEqual(['d', 'e']);
    });

    it('$ne and $nin also match documents without the field', async () => {
      expect(await idsOf(items, { n: { $ne: 2 } })).toEqual(['a', 'c', 'd', 'e']);
      expect(await idsOf(items, { n: { $nin: [1, 3] } })).toEqual(['b', 'd', 'e']);
      expect(await idsOf(items, { tags: { $ne: 'y' } })).toEqual(['c', 'd', 'e']);
      expect(await idsOf(items, { tags: { $nin: ['y'] } })).toEqual(['c', 'd', 'e']);
    });

    it('compares with $gt, $gte, $lt and $lte', async () => {
      expect(await idsOf(items, { n: { $gt: 1 } })).toEqual(['b', 'c']);
      expect(await idsOf(items, { n: { $gte: 2 } })).toEqual(['b', 'c']);
      expect(await idsOf(items, { n: { $lt: 2 } })).toEqual(['a']);
      expect(await idsOf(items, { n: { $lte: 2 } })).toEqual(['a', 'b']);
      expect(await idsOf(items, { n: { $gt: 1, $lt: 3 } })).toEqual(['b']);
      expect(await idsOf(items, { name: { $gte: 'banana', $lt: 'date' } })).toEqual(['b']);
    });

    it('compares only values of the same BSON type', async () => {
      const mixed = ctx.db.collection<LooseDoc>('mixed');
      await mixed.insertMany(mixedValues);
      expect(await idsOf(mixed, { v: { $gt: 1 } })).toEqual(['m3', 'm6']);
      expect(await idsOf(mixed, { v: { $lt: 'b' } })).toEqual(['m8', 'm9']);
      expect(await idsOf(mixed, { v: { $gte: false } })).toEqual(['m1', 'm10']);
    });

    it('matches $in and $nin against scalars and arrays', async () => {
      expect(await idsOf(items, { n: { $in: [1, 3] } })).toEqual(['a', 'c']);
      expect(await idsOf(items, { n: { $in: [] } })).toEqual([]);
      expect(await idsOf(items, { tags: { $in: ['x', 'z'] } })).toEqual(['a']);
    });

    it('tests presence with $exists (null counts as present)', async () => {
      expect(await idsOf(items, { n: { $exists: true } })).toEqual(['a', 'b', 'c', 'd']);
      expect(await idsOf(items, { n: { $exists: false } })).toEqual(['e']);
      expect(await idsOf(items, { 'meta.size': { $exists: true } })).toEqual(['a', 'b']);
      expect(await idsOf(items, { tags: { $exists: true } })).toEqual(['a', 'b', 'c']);
    });

    it('combines conditions with $and, $or and implicit and', async () => {
      expect(await idsOf(items, { $and: [{ n: { $gte: 1 } }, { n: { $lte: 2 } }] })).toEqual(['a', 'b']);
      expect(await idsOf(items, { $or: [{ name: 'apple' }, { 'meta.color': 'blue' }] })).toEqual(['a', 'b']);
      expect(await idsOf(items, { $or: [{ n: { $gt: 2 } }, { n: { $exists: false } }] })).toEqual(['c', 'e']);
      expect(await idsOf(items, { 'meta.color': 'red', n: { $gt: 1 } })).toEqual(['c']);
      expect(await idsOf(items, { $or: [{ $and: [{ n: 1 }, { name: 'apple' }] }, { n: 3 }] })).toEqual([
        'a',
        'c',
      ]);
    });

    it('negates with $not, which also matches missing fields', async () => {
      expect(await idsOf(items, { n: { $not: { $gt: 1 } } })).toEqual(['a', 'd', 'e']);
      expect(await idsOf(items, { name: { $not: /^[a-c]/ } })).toEqual(['c', 'd', 'e']);
    });

    it('matches strings with $regex, $options and RegExp literals', async () => {
      expect(await idsOf(items, { name: { $regex: '^[ab]' } })).toEqual(['a', 'b']);
      expect(await idsOf(items, { name: { $regex: '^CH', $options: 'i' } })).toEqual(['c']);
      expect(await idsOf(items, { name: /^c/i })).toEqual(['c']);
      expect(await idsOf(items, { name: /an/ })).toEqual(['b']);
      expect(await idsOf(items, { tags: /^x/ })).toEqual(['a']);
      expect(await idsOf(items, { n: /1/ })).toEqual([]);
    });

    it('$elemMatch requires one element to satisfy every condition', async () => {
      expect(await idsOf(items, { lines: { $elemMatch: { sku: 'p', qty: { $gt: 5 } } } })).toEqual(['b']);
      // Without $elemMatch, each condition may be met by a different element.
      expect(await idsOf(items, { 'lines.sku': 'p', 'lines.qty': { $gt: 5 } })).toEqual(['a', 'b']);
      expect(await idsOf(items, { scores: { $elemMatch: { $gte: 80, $lt: 90 } } })).toEqual(['b']);
      expect(await idsOf(items, { scores: { $gte: 80, $lt: 90 } })).toEqual(['a', 'b']);
    });

    it('counts the elements of an array that match, with $expr, $size and $filter', async () => {
      // How a conditional write caps one person's entries in a shared array (reactions).
      const skuCount = (sku: string) => ({
        $size: {
          $filter: {
            input: { $ifNull: ['$lines', []] },
            as: 'line',
            cond: { $eq: ['$$line.sku', { $literal: sku }] },
          },
        },
      });
      expect(await idsOf(items, { $expr: { $lt: [skuCount('p'), 1] } })).toEqual(['c', 'd', 'e']);
      expect(await idsOf(items, { $expr: { $gte: [skuCount('q'), 1] } })).toEqual(['a']);
      expect(await idsOf(items, { _id: 'a', $expr: { $lt: [skuCount('$p'), 1] } })).toEqual(['a']);
    });

    it('follows dotted paths into objects, array positions and arrays of objects', async () => {
      expect(await idsOf(items, { 'meta.color': 'red' })).toEqual(['a', 'c']);
      expect(await idsOf(items, { 'meta.size': { $gte: 4 } })).toEqual(['b']);
      expect(await idsOf(items, { 'tags.0': 'y' })).toEqual(['b']);
      expect(await idsOf(items, { 'tags.1': 'y' })).toEqual(['a']);
      expect(await idsOf(items, { 'lines.sku': 'q' })).toEqual(['a']);
      expect(await idsOf(items, { 'lines.1.qty': 10 })).toEqual(['a']);
    });

    it('matches array fields by element or as a whole array', async () => {
      expect(await idsOf(items, { tags: 'y' })).toEqual(['a', 'b']);
      expect(await idsOf(items, { tags: ['y'] })).toEqual(['b']);
      expect(await idsOf(items, { tags: ['x', 'y'] })).toEqual(['a']);
      expect(await idsOf(items, { tags: ['y', 'x'] })).toEqual([]);
      expect(await idsOf(items, { tags: [] })).toEqual(['c']);
      expect(await idsOf(items, { scores: { $gt: 90 } })).toEqual(['a']);
    });

    it('matches embedded documents exactly, field order included', async () => {
      expect(await idsOf(items, { meta: { color: 'red', size: 3 } })).toEqual(['a']);
      expect(await idsOf(items, { meta: { color: 'red' } })).toEqual(['c']);
      expect(await idsOf(items, { meta: { size: 3, color: 'red' } })).toEqual([]);
    });

    it('findOne returns the first match in sort order, or null', async () => {
      expect(await items.findOne({ n: { $gt: 1 } }, { sort: { n: -1 } })).toMatchObject({ _id: 'c' });
      expect(await items.findOne({ _id: 'b' })).toEqual(fruits[1]);
      expect(await items.findOne({ n: 42 })).toBeNull();
    });
  });
}
