/**
 * The planner's and executor's fast paths (index intervals for `$in`, skipping the filter
 * when the index expresses it, counting index entries, kept parsed documents) return what
 * a brute-force evaluation returns: every document judged by mingo, sorted in memory.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedCollection, EmbeddedDatabase, MemoryJournal } from '../../../src/embedded/engine';
import { normalizeSort, sortByDocument } from '../../../src/embedded/engine/document-sort';
import { compileWithMingo } from '../../../src/embedded/engine/matcher';
import type { Document } from '../../../src/store/collection';
import type { LooseDoc } from './fixtures';
import { pick, type Random, seededRandom } from './random-queries';

const A = [0, 1, 2, 3, 'x', 'y', null, true] as const;
const B = ['p', 'q', 'r', 's', 1, 2] as const;

function row(random: Random, i: number): Document {
  const doc: Document = { _id: i % 5 === 0 ? i : `r${String(i).padStart(3, '0')}` };
  if (random() < 0.9) doc.a = pick(random, A);
  if (random() < 0.9) doc.b = pick(random, B);
  if (random() < 0.9) doc.c = Math.floor(random() * 20);
  if (random() < 0.1) doc.c = pick(random, ['ten', { n: 1 }]);
  doc.d = pick(random, ['u', 'v', 'w']);
  return doc;
}

function condition(random: Random, field: 'a' | 'b' | 'c' | 'd'): unknown {
  const values: readonly unknown[] =
    field === 'a' ? A : field === 'b' ? B : field === 'c' ? [0, 3, 7, 19] : ['u', 'v'];
  const roll = random();
  if (roll < 0.35) return pick(random, values);
  if (roll < 0.65)
    return { $in: Array.from({ length: Math.floor(random() * 5) }, () => pick(random, values)) };
  if (roll < 0.85 && field === 'c') {
    const low = Math.floor(random() * 15);
    return {
      [pick(random, ['$gt', '$gte'])]: low,
      [pick(random, ['$lt', '$lte'])]: low + Math.floor(random() * 8),
    };
  }
  if (roll < 0.9) return { $ne: pick(random, values) };
  return { $nin: [pick(random, values), pick(random, values)] };
}

function randomFilter(random: Random): Document {
  const filter: Document = {};
  for (const field of ['a', 'b', 'c', 'd'] as const)
    if (random() < 0.5) filter[field] = condition(random, field);
  if (random() < 0.15) {
    const c = Math.floor(random() * 20);
    filter.$or = [{ c: { $gt: c } }, { c, _id: { $gt: 'r100' } }];
  }
  if (random() < 0.1) filter._id = { $in: ['r001', 'r002', 'r003', 5, 10, 'missing'] };
  // A second condition on a field, or the only one, inside `$and`.
  if (random() < 0.2) {
    const field = pick(random, ['a', 'b', 'c', 'd'] as const);
    filter.$and = [{ [field]: condition(random, field) }];
  }
  return filter;
}

const SORTS: ReadonlyArray<Record<string, 1 | -1> | undefined> = [
  undefined,
  { c: 1 },
  { c: -1 },
  { b: 1, c: -1 },
  { b: -1, c: 1 },
  { a: 1 },
  { _id: -1 },
];

let rows: EmbeddedCollection<LooseDoc>;
let all: Document[];

beforeAll(async () => {
  rows = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('rows');
  await rows.createIndex({ a: 1 });
  await rows.createIndex({ b: 1, c: -1 });
  await rows.createIndex({ d: 1, a: 1, _id: 1 });
  const random = seededRandom(7);
  all = Array.from({ length: 300 }, (_, i) => row(random, i));
  await rows.insertMany(all.map((doc) => ({ ...doc })));
});

function bruteForce(filter: Document, sort: Record<string, 1 | -1> | undefined): Document[] {
  const matches = compileWithMingo(filter);
  const found = all.filter((doc) => matches(doc)).map((doc) => ({ doc }));
  return sort === undefined
    ? found.map(({ doc }) => doc)
    : sortByDocument(found, normalizeSort(sort)).map(({ doc }) => doc);
}

describe('indexed reads return what a brute-force evaluation returns', () => {
  it('for random filters, sorts, skips and limits', async () => {
    const random = seededRandom(42);
    const plans = new Set<string>();
    for (let round = 0; round < 600; round++) {
      const filter = randomFilter(random);
      const sort = pick(random, SORTS);
      const context = `filter ${JSON.stringify(filter)} sort ${JSON.stringify(sort)}`;
      const expected = bruteForce(filter, sort === undefined ? undefined : { ...sort, _id: 1 });
      plans.add(rows.explain(filter, { sort }).plan);
      if (sort === undefined) {
        const found = await rows.find(filter).toArray();
        expect(found.map((doc) => doc._id).sort(), context).toEqual(expected.map((doc) => doc._id).sort());
      } else {
        // With `_id` last, the order is total: the page is exactly determined. Either
        // direction, so that reversed index walks are covered too.
        const fullSort = { ...sort, _id: sort._id ?? pick(random, [1, -1] as const) };
        const skip = pick(random, [0, 0, 2, 7]);
        const limit = pick(random, [0, 1, 5, 20]);
        const found = await rows.find(filter, { sort: fullSort, skip, limit }).toArray();
        const page = bruteForce(filter, fullSort).slice(skip, limit > 0 ? skip + limit : undefined);
        expect(found, context).toEqual(page);
      }
      const skip = pick(random, [0, 0, 3]);
      const limit = pick(random, [0, 0, 1, 4]);
      const total = Math.max(
        0,
        Math.min(expected.length - skip, limit > 0 ? limit : Number.POSITIVE_INFINITY),
      );
      expect(await rows.countDocuments(filter, { skip, limit }), `${context} count`).toBe(total);
    }
    expect([...plans].sort()).toEqual(['collectionScan', 'idLookup', 'indexScan']);
  });

  it('hands out private copies: changing a result changes neither the store nor the next read', async () => {
    const [first] = await rows.find({ d: 'u' }, { sort: { _id: 1 }, limit: 1 }).toArray();
    const again = await rows.findOne({ _id: first!._id });
    expect(again).toEqual(first);
    first!.d = 'changed';
    (again as Document).extra = { nested: [1] };
    expect(await rows.findOne({ _id: first!._id })).toEqual({ ...first, d: 'u' });
    expect(await rows.find({ _id: first!._id }).toArray()).toEqual([{ ...first, d: 'u' }]);
  });
});

describe('$in on indexed fields', () => {
  it('scans one interval per distinct value, in index order, stopping after the page', async () => {
    const filter = { b: { $in: ['q', 'p', 'q', 2] } };
    const sort = { b: 1, c: -1, _id: 1 } as const;
    const expected = bruteForce(filter, sort);
    expect(rows.explain(filter, { sort })).toMatchObject({
      plan: 'indexScan',
      index: 'b_1_c_-1',
      sortedInMemory: false,
      keysExamined: expected.length,
      docsExamined: expected.length,
    });
    expect(await rows.find(filter, { sort, limit: 4 }).toArray()).toEqual(expected.slice(0, 4));
    expect(rows.explain(filter, { sort, limit: 4 })).toMatchObject({ keysExamined: 4 });
    // Walked backwards for the opposite order, intervals last to first.
    const reversed = { b: -1, c: 1, _id: -1 } as const;
    expect(rows.explain(filter, { sort: reversed })).toMatchObject({ reverse: true, sortedInMemory: false });
    expect(await rows.find(filter, { sort: reversed }).toArray()).toEqual(bruteForce(filter, reversed));
  });

  it('sorts in memory when the order runs across the intervals', async () => {
    const filter = { b: { $in: ['p', 's'] } };
    expect(rows.explain(filter, { sort: { c: -1 } })).toMatchObject({
      plan: 'indexScan',
      sortedInMemory: true,
    });
    const sort = { c: -1, _id: 1 } as const;
    expect(await rows.find(filter, { sort }).toArray()).toEqual(bruteForce(filter, sort));
  });

  it('combines an equality prefix, an $in and a range, and counts without reading documents', async () => {
    const filter = { b: { $in: ['r', 1] }, c: { $gte: 3, $lt: 12 } };
    const expected = bruteForce(filter, undefined).length;
    expect(rows.explainCount(filter)).toMatchObject({
      plan: 'indexScan',
      index: 'b_1_c_-1',
      keysExamined: expected,
      docsExamined: 0,
    });
    expect(await rows.countDocuments(filter)).toBe(expected);
    const prefixed = { d: 'v', a: { $in: [1, 'x', null] } };
    expect(rows.explainCount(prefixed)).toMatchObject({ index: 'd_1_a_1__id_1', docsExamined: 0 });
    expect(await rows.countDocuments(prefixed)).toBe(bruteForce(prefixed, undefined).length);
  });

  it('matches nothing, examining nothing, for an empty $in', async () => {
    expect(await rows.find({ b: { $in: [] } }).toArray()).toEqual([]);
    expect(rows.explain({ b: { $in: [] } })).toMatchObject({ plan: 'indexScan', keysExamined: 0 });
  });

  it('checks the rest of the filter on an index prefix, stopping a count at its limit', async () => {
    const filter = { d: 'w', a: 2, b: { $ne: 'p' } };
    const stats = rows.explainCount(filter, { limit: 1 });
    expect(stats).toMatchObject({ index: 'd_1_a_1__id_1' });
    expect(stats.docsExamined).toBeLessThanOrEqual(bruteForce({ d: 'w', a: 2 }, undefined).length);
    expect(await rows.countDocuments(filter, { limit: 1 })).toBe(
      Math.min(1, bruteForce(filter, undefined).length),
    );
  });
});
