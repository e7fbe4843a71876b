import { describe, expect, it } from 'vitest';
import type { Document, StoreCollection } from '../../../src/collection';
import { type ContractContext, idsOf, type LooseDoc } from '../context';

/** The document an upsert inserted, without its generated `_id`. */
async function upserted(collection: StoreCollection<LooseDoc>, upsertedId: unknown): Promise<Document> {
  const doc = await collection.findOne({ _id: upsertedId as LooseDoc['_id'] });
  expect(doc).not.toBeNull();
  const { _id, ...rest } = doc!;
  return rest;
}

export function describeUpserts(ctx: ContractContext): void {
  describe('upserts', () => {
    it('inserts a document built from the filter equality fields and the update', async () => {
      const pages = ctx.db.collection<LooseDoc>('pages');
      const result = await pages.updateOne(
        { organizationId: 'o', slug: 's' },
        { $set: { title: 't' }, $setOnInsert: { createdAt: 1 }, $inc: { views: 1 } },
        { upsert: true },
      );
      expect(result).toMatchObject({
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
      });
      expect(result.upsertedId).not.toBeNull();
      expect(await upserted(pages, result.upsertedId)).toEqual({
        organizationId: 'o',
        slug: 's',
        title: 't',
        createdAt: 1,
        views: 1,
      });
    });

    it('uses the filter _id, and copies $eq, $and and dotted equalities but not other conditions', async () => {
      const pages = ctx.db.collection<LooseDoc>('pages');
      const result = await pages.updateOne(
        { _id: 'k', $and: [{ a: 1 }, { b: { $eq: 2 } }], 'meta.color': 'red', n: { $gt: 5 } },
        { $set: { c: 3 } },
        { upsert: true },
      );
      expect(result.upsertedId).toBe('k');
      expect(await pages.findOne({ _id: 'k' })).toEqual({
        _id: 'k',
        a: 1,
        b: 2,
        meta: { color: 'red' },
        c: 3,
      });
    });

    it('updates the match when there is one, ignoring $setOnInsert', async () => {
      const pages = ctx.db.collection<LooseDoc>('pages');
      await pages.insertOne({ _id: 'p', slug: 's', views: 1 });
      const result = await pages.updateOne(
        { slug: 's' },
        { $inc: { views: 1 }, $setOnInsert: { createdAt: 1 } },
        { upsert: true },
      );
      expect(result).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 1,
        upsertedCount: 0,
        upsertedId: null,
      });
      expect(await pages.findOne({ _id: 'p' })).toEqual({ _id: 'p', slug: 's', views: 2 });
    });

    it('updateMany with upsert inserts one document when nothing matches', async () => {
      const pages = ctx.db.collection<LooseDoc>('pages');
      const result = await pages.updateMany({ kind: 'k' }, { $set: { seen: true } }, { upsert: true });
      expect(result).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
      expect(await upserted(pages, result.upsertedId)).toEqual({ kind: 'k', seen: true });
    });
  });

  describe('findOneAndUpdate', () => {
    it('returns the document before the update by default, after it on request', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertOne({ _id: 'f', n: 1 });
      expect(await docs.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } }, {})).toEqual({ _id: 'f', n: 1 });
      expect(
        await docs.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } }, { returnDocument: 'before' }),
      ).toEqual({ _id: 'f', n: 2 });
      expect(
        await docs.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
      ).toEqual({
        _id: 'f',
        n: 4,
      });
    });

    it('returns null without a match, and inserts nothing unless asked', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      expect(
        await docs.findOneAndUpdate({ _id: 'g' }, { $set: { n: 1 } }, { returnDocument: 'after' }),
      ).toBeNull();
      expect(await docs.countDocuments()).toBe(0);
    });

    it('upserts: null before the insert, the new document after it', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      expect(
        await docs.findOneAndUpdate(
          { _id: 'g' },
          { $set: { n: 1 } },
          { upsert: true, returnDocument: 'before' },
        ),
      ).toBeNull();
      expect(await docs.findOne({ _id: 'g' })).toEqual({ _id: 'g', n: 1 });
      expect(
        await docs.findOneAndUpdate(
          { _id: 'h', kind: 'k' },
          { $set: { n: 2 }, $setOnInsert: { createdAt: 5 } },
          { upsert: true, returnDocument: 'after' },
        ),
      ).toEqual({ _id: 'h', kind: 'k', n: 2, createdAt: 5 });
    });

    it('picks the first match in sort order and applies the projection to what it returns', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertMany([
        { _id: 'a', q: 'ready', priority: 2 },
        { _id: 'b', q: 'ready', priority: 9 },
        { _id: 'c', q: 'ready', priority: 5 },
      ]);
      const claimed = await docs.findOneAndUpdate(
        { q: 'ready' },
        { $set: { q: 'taken' } },
        { sort: { priority: -1 }, projection: { priority: 1, _id: 0 }, returnDocument: 'after' },
      );
      expect(claimed).toEqual({ priority: 9 });
      expect(await idsOf(docs, { q: 'taken' })).toEqual(['b']);
      expect(await docs.findOne({ _id: 'b' })).toEqual({ _id: 'b', q: 'taken', priority: 9 });
    });
  });
}
