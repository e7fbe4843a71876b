import { describe, expect, it } from 'vitest';
import type { Filter, StoreCollection } from '../../../src/collection';
import type { ContractContext } from '../context';

interface Entry {
  _id: string;
  organizationId: string;
  createdAt: number;
  title: string;
}

const pageSize = 7;

/** Keyset paging on (createdAt, _id): `_id` breaks ties between entries created at the same time. */
async function pageAfter(entries: StoreCollection<Entry>, after: Entry | undefined): Promise<Entry[]> {
  const filter: Filter<Entry> = after
    ? {
        organizationId: 'o1',
        $or: [
          { createdAt: { $gt: after.createdAt } },
          { createdAt: after.createdAt, _id: { $gt: after._id } },
        ],
      }
    : { organizationId: 'o1' };
  return entries.find(filter, { sort: { createdAt: 1, _id: 1 }, limit: pageSize }).toArray();
}

function entry(index: number, organizationId: string, createdAt: number): Entry {
  return { _id: `e${String(index).padStart(3, '0')}`, organizationId, createdAt, title: `entry ${index}` };
}

export function describePaging(ctx: ContractContext): void {
  describe('paging', () => {
    it('pages through an index with an _id tie-breaker, skipping and repeating nothing while inserts happen', async () => {
      const entries = ctx.db.collection<Entry>('entries');
      await entries.createIndex({ organizationId: 1, createdAt: 1, _id: 1 });
      // Four entries per timestamp, inserted out of order, plus another organization's.
      const initial = Array.from({ length: 60 }, (_, i) => entry(i * 10, 'o1', 1000 + Math.floor(i / 4)));
      const others = Array.from({ length: 20 }, (_, i) => entry(i * 10 + 1, 'o2', 1000 + i));
      await entries.insertMany([...initial.slice(30), ...others, ...initial.slice(0, 30)]);

      const seen: Entry[] = [];
      const behind: string[] = [];
      const ahead: string[] = [];
      let last: Entry | undefined;
      for (let round = 0; round < 100; round++) {
        const page = await pageAfter(entries, last);
        if (page.length === 0) break;
        seen.push(...page);
        last = page.at(-1)!;
        if (last.createdAt >= 1012) continue;
        // Between pages, entries land on both sides of the cursor, some tied on createdAt:
        // those behind it must never show up, those ahead of it must.
        const at = (createdAt: number, _id: string): Entry => ({ ...entry(0, 'o1', createdAt), _id });
        const newBehind = [at(last.createdAt, `d${last._id}`), at(last.createdAt - 1, `${last._id}-earlier`)];
        const newAhead = [
          at(last.createdAt, `${last._id}-tied`),
          at(last.createdAt + 1, `${last._id}-later`),
        ];
        behind.push(...newBehind.map((e) => e._id));
        ahead.push(...newAhead.map((e) => e._id));
        await entries.insertMany([...newBehind, ...newAhead]);
      }

      const seenIds = seen.map((e) => e._id);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seen.every((e) => e.organizationId === 'o1')).toBe(true);
      for (let i = 1; i < seen.length; i++) {
        const [previous, current] = [seen[i - 1]!, seen[i]!];
        const increasing =
          previous.createdAt < current.createdAt ||
          (previous.createdAt === current.createdAt && previous._id < current._id);
        expect(increasing, `${previous._id} then ${current._id}`).toBe(true);
      }
      expect(seenIds).toEqual(expect.arrayContaining([...initial.map((e) => e._id), ...ahead]));
      expect(seenIds.filter((id) => behind.includes(id))).toEqual([]);
      expect(ahead.length).toBeGreaterThan(10);
    });
  });
}
