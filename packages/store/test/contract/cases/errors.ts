import { beforeEach, describe, expect, it } from 'vitest';
import type { Filter, StoreCollection, UpdateFilter } from '../../../src/collection';
import { type ContractContext, contentsOf, failureOf, type LooseDoc } from '../context';

/** Filters and updates outside the driver's types, as a caller's bug would produce them. */
const unknownFieldOperator = { n: { $frobnicate: 1 } } as Filter<LooseDoc>;
const unknownTopLevelOperator = { $frobnicate: [{ n: 1 }] } as Filter<LooseDoc>;
const unknownUpdateOperator = { $frobnicate: { n: 1 } } as UpdateFilter<LooseDoc>;

export function describeErrors(ctx: ContractContext): void {
  describe('invalid requests', () => {
    let docs: StoreCollection<LooseDoc>;
    beforeEach(async () => {
      docs = ctx.db.collection<LooseDoc>('docs');
      await docs.insertOne({ _id: 'a', n: 1, name: 'x' });
    });

    it('an unknown query operator is an error naming it, in every method', async () => {
      const attempts = [
        () => docs.find(unknownFieldOperator).toArray(),
        () => docs.find(unknownTopLevelOperator).toArray(),
        () => docs.findOne(unknownFieldOperator),
        () => docs.countDocuments(unknownFieldOperator),
        () => docs.updateOne(unknownFieldOperator, { $set: { n: 2 } }),
        () => docs.updateMany(unknownFieldOperator, { $set: { n: 2 } }),
        () => docs.deleteMany(unknownFieldOperator),
        () => docs.findOneAndDelete(unknownFieldOperator),
      ];
      for (const attempt of attempts) {
        expect((await failureOf(attempt)).message).toContain('$frobnicate');
      }
      expect(await contentsOf(docs)).toEqual([{ _id: 'a', n: 1, name: 'x' }]);
    });

    it('an unknown update operator is an error naming it', async () => {
      const error = await failureOf(() => docs.updateOne({ _id: 'a' }, unknownUpdateOperator));
      expect(error.message).toContain('$frobnicate');
      const upsert = await failureOf(() =>
        docs.findOneAndUpdate({ _id: 'b' }, unknownUpdateOperator, { upsert: true }),
      );
      expect(upsert.message).toContain('$frobnicate');
      expect(await contentsOf(docs)).toEqual([{ _id: 'a', n: 1, name: 'x' }]);
    });

    it('refuses an update without operators, and a replacement with them', async () => {
      await failureOf(() => docs.updateOne({ _id: 'a' }, { n: 2 } as UpdateFilter<LooseDoc>));
      await failureOf(() => docs.replaceOne({ _id: 'a' }, { $set: { n: 2 } }));
      expect(await contentsOf(docs)).toEqual([{ _id: 'a', n: 1, name: 'x' }]);
    });

    it('refuses conflicting paths in one update, and a change of _id', async () => {
      await failureOf(() => docs.updateOne({ _id: 'a' }, { $set: { n: 2 }, $inc: { n: 1 } }));
      await failureOf(() => docs.updateOne({ _id: 'a' }, { $set: { _id: 'b' } }));
      expect(await contentsOf(docs)).toEqual([{ _id: 'a', n: 1, name: 'x' }]);
    });
  });
}
