import { describe, expect, it } from 'vitest';
import { isDuplicateKeyError } from '../../../src/collection';
import type { ContractContext, LooseDoc } from '../context';

interface Versioned {
  _id: string;
  version: number;
  value: string;
}

interface Counter {
  _id: string;
  n: number;
}

const writers = 16;

export function describeConcurrency(ctx: ContractContext): void {
  describe('concurrency', () => {
    it('compare-and-swap on a version field: exactly one concurrent writer wins per version', async () => {
      const docs = ctx.db.collection<Versioned>('versioned');
      await docs.insertOne({ _id: 'doc', version: 0, value: '' });
      for (let version = 0; version < 8; version++) {
        const attempts = await Promise.all(
          Array.from({ length: writers }, (_, writer) =>
            docs.updateOne(
              { _id: 'doc', version },
              { $set: { value: `v${version}w${writer}` }, $inc: { version: 1 } },
            ),
          ),
        );
        expect(attempts.filter((result) => result.modifiedCount === 1)).toHaveLength(1);
        expect(attempts.filter((result) => result.matchedCount === 0)).toHaveLength(writers - 1);
      }
      expect(await docs.findOne({ _id: 'doc' })).toMatchObject({
        version: 8,
        value: expect.stringMatching(/^v7w/),
      });
    });

    it('$inc is atomic under concurrency, upserting the counter on first use', async () => {
      const counters = ctx.db.collection<Counter>('counters');
      await Promise.all(
        Array.from({ length: 50 }, () =>
          counters.updateOne({ _id: 'hits' }, { $inc: { n: 1 } }, { upsert: true }),
        ),
      );
      expect(await counters.findOne({ _id: 'hits' })).toEqual({ _id: 'hits', n: 50 });
    });

    it('findOneAndUpdate with $inc hands out each sequence number once', async () => {
      const counters = ctx.db.collection<Counter>('counters');
      await counters.insertOne({ _id: 'seq', n: 0 });
      const issued = await Promise.all(
        Array.from({ length: 40 }, () =>
          counters.findOneAndUpdate({ _id: 'seq' }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
        ),
      );
      const numbers = issued.map((doc) => doc?.n).sort((a, b) => (a ?? 0) - (b ?? 0));
      expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('exactly one of concurrent inserts with the same unique key succeeds', async () => {
      const users = ctx.db.collection<LooseDoc>('users');
      await users.createIndex({ email: 1 }, { unique: true });
      const outcomes = await Promise.allSettled(
        Array.from({ length: writers }, (_, i) => users.insertOne({ _id: `u${i}`, email: 'same@x' })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused.every((outcome) => isDuplicateKeyError(outcome.reason))).toBe(true);
      expect(await users.countDocuments()).toBe(1);
    });
  });
}
