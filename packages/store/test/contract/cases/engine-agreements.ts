import { describe, expect, it } from 'vitest';
import type { Filter } from '../../../src/collection';
import type { ContractContext, LooseDoc } from '../context';

interface Note {
  _id: string;
  text?: string;
  note?: string | undefined;
}

/** Strings whose order differs between UTF-16 units and UTF-8 bytes, in MongoDB's (UTF-8) order. */
const IN_MONGODB_ORDER = [
  'a',
  'x\ue000',
  'x\u{10000}',
  '\ud7ff',
  '\ue000',
  '\uffff',
  '\u{10000}',
  '\u{1f389}',
];

/**
 * Where the engines used to disagree by default (issue 34, item 8), pinned down: MongoDB runs
 * these on the client Quire makes (`mongoClientOptions`), the embedded engine as it is.
 */
export function describeEngineAgreements(ctx: ContractContext): void {
  describe('engine agreements', () => {
    it('leaves an undefined field out, so $exists: false finds it and null only matches it as missing', async () => {
      const notes = ctx.db.collection<Note>('notes');
      await notes.insertOne({ _id: 'a', text: 'x', note: undefined });
      await notes.updateOne({ _id: 'a' }, { $set: { note: undefined } });
      expect(await notes.findOne({ _id: 'a' })).toEqual({ _id: 'a', text: 'x' });
      expect(await notes.countDocuments({ note: { $exists: false } })).toBe(1);
      expect(await notes.countDocuments({ note: { $exists: true } })).toBe(0);
    });

    it('takes an empty $set as a match that modifies nothing', async () => {
      const notes = ctx.db.collection<Note>('notes');
      await notes.insertOne({ _id: 'a', text: 'x' });
      const result = await notes.updateOne({ _id: 'a' }, { $set: {} });
      expect({ matched: result.matchedCount, modified: result.modifiedCount }).toEqual({
        matched: 1,
        modified: 0,
      });
      expect(await notes.findOne({ _id: 'a' })).toEqual({ _id: 'a', text: 'x' });
    });

    it('orders strings by code point (UTF-8 bytes), not UTF-16 units: sorts, indexes and ranges', async () => {
      const notes = ctx.db.collection<Note>('notes');
      const shuffled = [...IN_MONGODB_ORDER].reverse();
      await notes.insertMany(shuffled.map((text, i) => ({ _id: `n${i}`, text, note: text })));
      await notes.createIndex({ text: 1 });
      const texts = async (filter: Filter<Note>, sort: Record<string, 1 | -1>) =>
        (await notes.find(filter, { sort, projection: { _id: 0, text: 1 } }).toArray()).map(
          (doc) => doc.text,
        );
      // `text` is indexed, `note` is not: an index scan and an in-memory sort must agree.
      expect(await texts({}, { text: 1 })).toEqual(IN_MONGODB_ORDER);
      expect(await texts({}, { note: 1 })).toEqual(IN_MONGODB_ORDER);
      expect(await texts({}, { note: -1 })).toEqual([...IN_MONGODB_ORDER].reverse());
      const aboveFFFF = IN_MONGODB_ORDER.slice(6);
      expect(await texts({ text: { $gt: '\uffff' } }, { text: 1 })).toEqual(aboveFFFF);
      expect(await texts({ note: { $gt: '\uffff' } }, { note: 1 })).toEqual(aboveFFFF);
      expect(await texts({ note: { $lt: '\u{10000}' } }, { note: 1 })).toEqual(IN_MONGODB_ORDER.slice(0, 6));
      // A negation, which a query engine evaluates operator by operator rather than as a range.
      expect(await texts({ note: { $not: { $lte: '\uffff' } } }, { note: 1 })).toEqual(aboveFFFF);
    });

    it('keeps the documents before a duplicate key in an ordered insertMany, and says how many', async () => {
      const notes = ctx.db.collection<Note>('notes');
      await notes.insertOne({ _id: 'b', text: 'there before' });
      const refusal = await notes.insertMany([{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]).then(
        () => undefined,
        (error: unknown) => error as { code?: number; insertedCount?: number },
      );
      expect(refusal?.code).toBe(11000);
      expect(refusal?.insertedCount).toBe(1);
      const ids = (await notes.find({}, { sort: { _id: 1 } }).toArray()).map((doc) => doc._id);
      expect(ids).toEqual(['a', 'b']);
      expect(await notes.findOne({ _id: 'b' })).toEqual({ _id: 'b', text: 'there before' });
    });

    it('stores `$`-prefixed field names on insert, top level and nested, and refuses them as a replacement or $set at the top', async () => {
      const docs = ctx.db.collection<LooseDoc>('dollars');
      await docs.insertOne({ _id: 'a', $price: 50, location: { $db: 'novels', $inc: true } });
      expect(await docs.findOne({ _id: 'a' })).toEqual({
        _id: 'a',
        $price: 50,
        location: { $db: 'novels', $inc: true },
      });
      await docs.replaceOne({ _id: 'a' }, { address: { $number: 123 } });
      expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', address: { $number: 123 } });
      const refused = (write: Promise<unknown>) =>
        write.then(
          () => 'written',
          () => 'refused',
        );
      expect(await refused(docs.replaceOne({ _id: 'a' }, { $rooms: 2 }))).toBe('refused');
      expect(await refused(docs.updateOne({ _id: 'a' }, { $set: { $hotel: 320 } }))).toBe('refused');
      expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', address: { $number: 123 } });
    });
  });
}
