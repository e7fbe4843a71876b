import { beforeEach, describe, expect, it } from 'vitest';
import type { StoreCollection, UpdateFilter } from '../../../src/collection';
import { type ContractContext, failureOf } from '../context';

/** Typed, because the driver's types for $push, $pull and $addToSet need declared array fields. */
interface Widget {
  _id: string;
  name?: string;
  n?: number;
  tags?: string[];
  labels?: string[];
  nested?: string[][];
  scores?: number[];
  lines?: Array<{ sku: string; qty: number }>;
  meta?: { color?: string; size?: number };
  kind?: string;
  seen?: boolean;
  createdAt?: number;
  count?: number;
  stats?: { views?: number };
  extra?: { deep?: { flag?: boolean } };
  low?: number;
  high?: number;
}

/** An update the driver's types reject, as a caller's bug would send it. */
function untyped(update: object): UpdateFilter<Widget> {
  return update as UpdateFilter<Widget>;
}

const original: Widget = {
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

export function describeUpdates(ctx: ContractContext): void {
  describe('update operators', () => {
    let docs: StoreCollection<Widget>;
    beforeEach(async () => {
      docs = ctx.db.collection<Widget>('docs');
      await docs.insertOne(structuredClone(original));
    });

    /** Applies `update` to the document and returns the result and the stored document. */
    async function apply(update: UpdateFilter<Widget>) {
      const result = await docs.updateOne({ _id: 'u' }, update);
      return { result, doc: await docs.findOne({ _id: 'u' }) };
    }

    it('$set sets top-level, dotted and array-position paths, creating missing objects', async () => {
      const { result, doc } = await apply({
        $set: { name: 'gadget', 'meta.color': 'blue', 'extra.deep.flag': true, 'tags.1': 'z' },
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
        name: 'gadget',
        tags: ['x', 'z'],
        meta: { color: 'blue', size: 3 },
        extra: { deep: { flag: true } },
      });
    });

    it('reports a match that changes nothing as not modified', async () => {
      expect((await apply({ $set: { name: 'widget', 'meta.size': 3 } })).result).toMatchObject({
        matchedCount: 1,
        modifiedCount: 0,
      });
      expect((await apply({ $unset: { absent: '' } })).result).toMatchObject({
        matchedCount: 1,
        modifiedCount: 0,
      });
    });

    it('$unset removes top-level and dotted fields', async () => {
      const { doc } = await apply({ $unset: { name: '', 'meta.size': '' } });
      const { name: _name, ...rest } = original;
      expect(doc).toEqual({ ...rest, meta: { color: 'red' } });
    });

    it('$inc adds to numbers and creates missing fields', async () => {
      const { doc } = await apply({ $inc: { n: -2, 'meta.size': 0.5, count: 3, 'stats.views': 1 } });
      expect(doc).toMatchObject({ n: 3, meta: { size: 3.5 }, count: 3, stats: { views: 1 } });
    });

    it('$inc refuses a non-numeric field and changes nothing', async () => {
      await failureOf(() => docs.updateOne({ _id: 'u' }, untyped({ $inc: { name: 1, n: 1 } })));
      expect(await docs.findOne({ _id: 'u' })).toEqual(original);
    });

    it('$push appends one value, or several with $each, creating missing arrays', async () => {
      expect((await apply({ $push: { tags: 'z' } })).doc?.tags).toEqual(['x', 'y', 'z']);
      expect((await apply({ $push: { tags: { $each: ['a', 'b'] } } })).doc?.tags).toEqual([
        'x',
        'y',
        'z',
        'a',
        'b',
      ]);
      // Without $each an array is pushed as one element.
      expect((await apply({ $push: { nested: ['a', 'b'] } })).doc?.nested).toEqual([['a', 'b']]);
      expect((await apply({ $push: { lines: { sku: 'r', qty: 3 } } })).doc?.lines).toHaveLength(3);
    });

    it('$push refuses a non-array field and changes nothing', async () => {
      await failureOf(() => docs.updateOne({ _id: 'u' }, untyped({ $push: { name: 'x' } })));
      expect(await docs.findOne({ _id: 'u' })).toEqual(original);
    });

    it('$pull removes equal values, values matching a condition, and matching objects', async () => {
      const { doc } = await apply({
        $pull: { tags: 'x', scores: { $gte: 80 }, lines: { sku: 'p' } },
      });
      expect(doc).toMatchObject({ tags: ['y'], scores: [70], lines: [{ sku: 'q', qty: 2 }] });
      expect((await apply({ $pull: { tags: 'absent' } })).result.modifiedCount).toBe(0);
    });

    it('$addToSet adds only absent values, with or without $each', async () => {
      expect((await apply({ $addToSet: { tags: 'y' } })).result.modifiedCount).toBe(0);
      expect((await apply({ $addToSet: { tags: 'z' } })).doc?.tags).toEqual(['x', 'y', 'z']);
      expect((await apply({ $addToSet: { tags: { $each: ['y', 'w', 'w'] } } })).doc?.tags).toEqual([
        'x',
        'y',
        'z',
        'w',
      ]);
      expect((await apply({ $addToSet: { labels: 'new' } })).doc?.labels).toEqual(['new']);
      expect((await apply({ $addToSet: { lines: { sku: 'q', qty: 2 } } })).result.modifiedCount).toBe(0);
    });

    it('$min and $max replace only with a lower or higher value, and set missing fields', async () => {
      expect((await apply({ $min: { n: 7 } })).result.modifiedCount).toBe(0);
      expect((await apply({ $min: { n: 2 } })).doc?.n).toBe(2);
      expect((await apply({ $max: { n: 1 } })).result.modifiedCount).toBe(0);
      expect((await apply({ $max: { n: 9, 'meta.size': 4 } })).doc).toMatchObject({
        n: 9,
        meta: { size: 4 },
      });
      expect((await apply({ $min: { low: 1 }, $max: { high: 2 } })).doc).toMatchObject({ low: 1, high: 2 });
    });

    it('applies several operators in one update', async () => {
      const { doc } = await apply({
        $set: { name: 'combo' },
        $inc: { n: 1 },
        $push: { tags: 'z' },
        $unset: { meta: '' },
      });
      const { meta: _meta, ...rest } = original;
      expect(doc).toEqual({ ...rest, name: 'combo', n: 6, tags: ['x', 'y', 'z'] });
    });

    it('$setOnInsert does nothing when an existing document is updated', async () => {
      const { doc } = await apply({ $set: { name: 'kept' }, $setOnInsert: { createdAt: 1 } });
      expect(doc).not.toHaveProperty('createdAt');
      expect(doc?.name).toBe('kept');
    });

    it('updateOne changes one matching document, updateMany all of them', async () => {
      await docs.insertMany([
        { _id: 'v1', kind: 'k', n: 1 },
        { _id: 'v2', kind: 'k', n: 1 },
        { _id: 'v3', kind: 'k', n: 2 },
      ]);
      expect(await docs.updateOne({ kind: 'k' }, { $set: { seen: true } })).toMatchObject({
        matchedCount: 1,
        modifiedCount: 1,
      });
      expect(await docs.countDocuments({ seen: true })).toBe(1);
      expect(await docs.updateMany({ kind: 'k' }, { $set: { n: 2 } })).toEqual({
        acknowledged: true,
        matchedCount: 3,
        modifiedCount: 2,
        upsertedCount: 0,
        upsertedId: null,
      });
      expect(await docs.countDocuments({ kind: 'k', n: 2 })).toBe(3);
    });

    it('reports no match without inserting', async () => {
      const none = {
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 0,
        upsertedId: null,
      };
      expect(await docs.updateOne({ _id: 'absent' }, { $set: { n: 1 } })).toEqual(none);
      expect(await docs.updateMany({ n: 42 }, { $set: { n: 1 } })).toEqual(none);
      expect(await docs.countDocuments()).toBe(1);
    });
  });
}
