import { describe, expect, it } from 'vitest';
import { type ContractContext, contentsOf, failureOf, idsOf, type LooseDoc } from '../context';

export function describeWrites(ctx: ContractContext): void {
  describe('inserts, replacements and deletes', () => {
    it('insertOne acknowledges with the _id, and the document is readable at once', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      expect(await docs.insertOne({ _id: 'x', n: 1 })).toEqual({ acknowledged: true, insertedId: 'x' });
      expect(await docs.findOne({ _id: 'x' })).toEqual({ _id: 'x', n: 1 });
    });

    it('insertOne generates distinct ids for documents without one', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      const first = await docs.insertOne({ n: 1 });
      const second = await docs.insertOne({ n: 2 });
      expect(first.insertedId).toBeDefined();
      expect(String(first.insertedId)).not.toBe(String(second.insertedId));
      expect(await docs.findOne({ _id: first.insertedId as LooseDoc['_id'] })).toMatchObject({ n: 1 });
      expect(await docs.findOne({ _id: second.insertedId as LooseDoc['_id'] })).toMatchObject({ n: 2 });
    });

    it('insertMany inserts every document', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      const result = await docs.insertMany([{ _id: 'a' }, { _id: 'b' }, { _id: 'c', n: 3 }]);
      expect(result).toMatchObject({ acknowledged: true, insertedCount: 3 });
      expect(await idsOf(docs, {})).toEqual(['a', 'b', 'c']);
    });

    it('round-trips JSON values unchanged', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      const value: LooseDoc = {
        _id: 'v',
        text: 'héllo ✓ 🎉',
        empty: '',
        zero: 0,
        negative: -12.5,
        big: 2 ** 52,
        yes: true,
        no: false,
        nothing: null,
        list: [1, 'two', [3], { four: 4 }],
        emptyList: [],
        emptyObject: {},
        nested: { a: { b: { c: 'deep' } } },
      };
      await docs.insertOne(structuredClone(value));
      expect(await docs.findOne({ _id: 'v' })).toEqual(value);
    });

    it("keeps stored documents apart from the caller's objects", async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      const input = { _id: 'i', list: [1], nested: { n: 1 } };
      await docs.insertOne(input);
      input.list.push(2);
      input.nested.n = 2;
      const read = await docs.findOne({ _id: 'i' });
      expect(read).toEqual({ _id: 'i', list: [1], nested: { n: 1 } });
      read!.list.push(3);
      read!.nested.n = 3;
      const [listed] = await docs.find({}).toArray();
      listed!.list.push(4);
      expect(await docs.findOne({ _id: 'i' })).toEqual({ _id: 'i', list: [1], nested: { n: 1 } });
    });

    it('replaceOne replaces the whole document and keeps its _id', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertMany([
        { _id: 'r', a: 1, b: 2 },
        { _id: 's', a: 1 },
      ]);
      expect(await docs.replaceOne({ _id: 'r' }, { c: 3 })).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 1,
        upsertedCount: 0,
        upsertedId: null,
      });
      expect(await docs.findOne({ _id: 'r' })).toEqual({ _id: 'r', c: 3 });
      expect(await docs.replaceOne({ _id: 'r' }, { c: 3 })).toMatchObject({
        matchedCount: 1,
        modifiedCount: 0,
      });
      expect(await docs.replaceOne({ _id: 'absent' }, { c: 4 })).toMatchObject({ matchedCount: 0 });
      expect(await docs.countDocuments()).toBe(2);
    });

    it('replaceOne with upsert inserts the replacement under the filter _id', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      expect(await docs.replaceOne({ _id: 'new' }, { name: 'fresh' }, { upsert: true })).toEqual({
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
        upsertedId: 'new',
      });
      expect(await docs.findOne({ _id: 'new' })).toEqual({ _id: 'new', name: 'fresh' });
    });

    it('deleteOne deletes one matching document, deleteMany all of them', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertMany([
        { _id: 'a', k: 1 },
        { _id: 'b', k: 1 },
        { _id: 'c', k: 1 },
        { _id: 'd', k: 2 },
      ]);
      expect(await docs.deleteOne({ k: 1 })).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await docs.countDocuments({ k: 1 })).toBe(2);
      expect(await docs.deleteOne({ k: 3 })).toEqual({ acknowledged: true, deletedCount: 0 });
      expect(await docs.deleteMany({ k: 1 })).toEqual({ acknowledged: true, deletedCount: 2 });
      expect(await idsOf(docs, {})).toEqual(['d']);
      expect(await docs.deleteMany({})).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await contentsOf(docs)).toEqual([]);
    });

    it('findOneAndDelete returns the deleted document (first in sort order), or null', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertMany([
        { _id: 'a', k: 1, n: 1 },
        { _id: 'b', k: 1, n: 3 },
        { _id: 'c', k: 1, n: 2 },
      ]);
      expect(await docs.findOneAndDelete({ k: 1 }, { sort: { n: -1 } })).toEqual({ _id: 'b', k: 1, n: 3 });
      expect(await docs.findOneAndDelete({ _id: 'c' }, { projection: { n: 1 } })).toEqual({ _id: 'c', n: 2 });
      expect(await docs.findOneAndDelete({ _id: 'absent' })).toBeNull();
      expect(await idsOf(docs, {})).toEqual(['a']);
    });

    it('a replacement cannot change _id', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertOne({ _id: 'r', a: 1 });
      await failureOf(() => docs.replaceOne({ _id: 'r' }, { _id: 'other', a: 2 }));
      expect(await contentsOf(docs)).toEqual([{ _id: 'r', a: 1 }]);
    });
  });
}
