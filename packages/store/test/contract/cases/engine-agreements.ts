import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../context';

interface Note {
  _id: string;
  text?: string;
  note?: string | undefined;
}

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
  });
}
