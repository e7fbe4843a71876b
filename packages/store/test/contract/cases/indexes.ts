import { describe, expect, it } from 'vitest';
import { isDuplicateKeyError } from '../../../src/collection';
import { type ContractContext, contentsOf, failureOf, idsOf, type LooseDoc } from '../context';

/** A refused write must fail exactly like the driver's duplicate key error. */
function expectDuplicateKey(error: Error, keyPattern: object, keyValue: object): void {
  expect(isDuplicateKeyError(error)).toBe(true);
  expect(error).toMatchObject({ name: 'MongoServerError', code: 11000, keyPattern, keyValue });
}

export function describeIndexes(ctx: ContractContext): void {
  describe('indexes', () => {
    it('createIndex returns the default or given name, and is idempotent', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      expect(await docs.createIndex({ email: 1 })).toBe('email_1');
      expect(await docs.createIndex({ organizationId: 1, createdAt: -1, _id: 1 })).toBe(
        'organizationId_1_createdAt_-1__id_1',
      );
      expect(await docs.createIndex({ slug: 1 }, { unique: true, name: 'by_slug' })).toBe('by_slug');
      expect(await docs.createIndex({ email: 1 })).toBe('email_1');
      expect(await docs.createIndex({ slug: 1 }, { unique: true, name: 'by_slug' })).toBe('by_slug');
    });

    it('refuses an index name already used for another key', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.createIndex({ a: 1 }, { name: 'mine' });
      await failureOf(() => docs.createIndex({ b: 1 }, { name: 'mine' }));
    });

    it('refuses a duplicate _id with the driver error shape', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertOne({ _id: 'a', n: 1 });
      const error = await failureOf(() => docs.insertOne({ _id: 'a', n: 2 }));
      expectDuplicateKey(error, { _id: 1 }, { _id: 'a' });
      expect(await contentsOf(docs)).toEqual([{ _id: 'a', n: 1 }]);
    });

    it('a unique index refuses a duplicate insert and changes nothing', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.insertOne({ _id: 'u1', email: 'a@x' });
      const error = await failureOf(() => users.insertOne({ _id: 'u2', email: 'a@x' }));
      expectDuplicateKey(error, { email: 1 }, { email: 'a@x' });
      expect(await contentsOf(users)).toEqual([{ _id: 'u1', email: 'a@x' }]);
    });

    it('a unique compound index refuses only the same combination', async () => {
      const pages = ctx.db.collection<LooseDoc>('pages');
      await pages.createIndex({ organizationId: 1, slug: 1 }, { unique: true });
      await pages.insertMany([
        { _id: 'p1', organizationId: 'o1', slug: 's' },
        { _id: 'p2', organizationId: 'o1', slug: 't' },
        { _id: 'p3', organizationId: 'o2', slug: 's' },
      ]);
      const error = await failureOf(() => pages.insertOne({ _id: 'p4', organizationId: 'o2', slug: 's' }));
      expectDuplicateKey(error, { organizationId: 1, slug: 1 }, { organizationId: 'o2', slug: 's' });
      expect(await idsOf(pages, {})).toEqual(['p1', 'p2', 'p3']);
    });

    it('a unique index treats a missing field as null', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.insertOne({ _id: 'u1' });
      const error = await failureOf(() => users.insertOne({ _id: 'u2' }));
      expectDuplicateKey(error, { email: 1 }, { email: null });
    });

    it('a non-unique index allows duplicates', async () => {
      const docs = ctx.db.collection<LooseDoc>('docs');
      await docs.createIndex({ tag: 1 });
      await docs.insertMany([
        { _id: 'a', tag: 't' },
        { _id: 'b', tag: 't' },
      ]);
      expect(await idsOf(docs, { tag: 't' })).toEqual(['a', 'b']);
    });

    it('refuses updates, replacements and upserts that would duplicate a key, changing nothing', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.insertMany([
        { _id: 'u1', email: 'a@x', n: 1 },
        { _id: 'u2', email: 'b@x', n: 1 },
      ]);
      const before = await contentsOf(users);
      const refusals = [
        () => users.updateOne({ _id: 'u2' }, { $set: { email: 'a@x' }, $inc: { n: 1 } }),
        () => users.replaceOne({ _id: 'u2' }, { email: 'a@x', n: 2 }),
        () => users.updateOne({ _id: 'u3' }, { $set: { email: 'a@x' } }, { upsert: true }),
        () => users.findOneAndUpdate({ _id: 'u2' }, { $set: { email: 'a@x' } }, { returnDocument: 'after' }),
      ];
      for (const refused of refusals) {
        expectDuplicateKey(await failureOf(refused), { email: 1 }, { email: 'a@x' });
      }
      expect(await contentsOf(users)).toEqual(before);
      // The index still holds the original keys.
      expectDuplicateKey(
        await failureOf(() => users.insertOne({ email: 'b@x' })),
        { email: 1 },
        { email: 'b@x' },
      );
    });

    it('frees a key when its document is deleted or changes it', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.insertMany([
        { _id: 'u1', email: 'a@x' },
        { _id: 'u2', email: 'b@x' },
      ]);
      await users.deleteOne({ _id: 'u1' });
      await users.updateOne({ _id: 'u2' }, { $set: { email: 'c@x' } });
      await users.insertMany([
        { _id: 'u3', email: 'a@x' },
        { _id: 'u4', email: 'b@x' },
      ]);
      expect(await users.countDocuments()).toBe(3);
    });

    it('insertMany refuses a duplicate key', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.insertOne({ _id: 'u1', email: 'a@x' });
      const error = await failureOf(() =>
        users.insertMany([
          { _id: 'u2', email: 'b@x' },
          { _id: 'u3', email: 'a@x' },
        ]),
      );
      // Whether u2 stays is engine-specific: MongoDB keeps the documents before the duplicate,
      // the embedded engine applies a batch atomically.
      expect(isDuplicateKeyError(error)).toBe(true);
      expect(await users.countDocuments({ _id: 'u3' })).toBe(0);
    });

    it('refuses to build a unique index over duplicates, and leaves no index behind', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.insertMany([
        { _id: 'u1', email: 'a@x' },
        { _id: 'u2', email: 'a@x' },
      ]);
      expect(
        isDuplicateKeyError(await failureOf(() => users.createIndex({ email: 1 }, { unique: true }))),
      ).toBe(true);
      await users.insertOne({ _id: 'u3', email: 'a@x' });
      expect(await users.countDocuments({ email: 'a@x' })).toBe(3);
    });
  });
}
