/**
 * The planner's and executor's fast paths (index intervals for `$in`, skipping the filter
 * when the index expresses it, counting index entries, kept parsed documents) return what
 * a brute-force evaluation returns: every document judged by mingo, sorted in memory.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedCollection, EmbeddedDatabase, MemoryJournal } from '../../../src/embedded/engine';
import { normalizeSort, sortByDocument } from '../../../src/embedded/engine/document-sort';
import { compileWithMingo } from '../../../src/embedded/engine/matcher';
import { compileProjection } from '../../../src/embedded/engine/projection';
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

describe('projections taken from kept documents', () => {
  const PROJECTIONS: Document[] = [{ b: 1 }, { c: 1, _id: 0 }, { c: 0 }, { a: 0, d: 0 }, { _id: 1 }];

  it('equal projecting a freshly parsed document, for random filters', async () => {
    const random = seededRandom(99);
    for (let round = 0; round < 200; round++) {
      const filter = randomFilter(random);
      const projection = pick(random, PROJECTIONS);
      const sort = { _id: 1 } as const;
      const project = compileProjection(projection)!;
      const expected = bruteForce(filter, sort).map((doc) => project(structuredClone(doc)));
      const context = `filter ${JSON.stringify(filter)} projection ${JSON.stringify(projection)}`;
      // Twice: the first read may parse and keep, the second projects the kept documents.
      expect(await rows.find(filter, { sort, projection }).toArray(), context).toEqual(expected);
      expect(await rows.find(filter, { sort, projection }).toArray(), context).toEqual(expected);
    }
  });

  it('hand out private copies of nested values', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const nested = db.collection<LooseDoc>('nested');
    await nested.createIndex({ k: 1 });
    await nested.insertOne({ _id: 'n1', k: 1, o: { list: [{ v: 1 }] }, s: [[1], [2]] });
    for (const projection of [{ o: 1 }, { k: 0 }, { s: { $slice: 1 } }, { 'o.list': 1 }]) {
      const [first] = await nested.find({ k: 1 }, { projection }).toArray();
      const again = await nested.findOne({ _id: 'n1' }, { projection });
      expect(again).toEqual(first);
      const o = first!.o as { list: Array<{ v: number }> } | undefined;
      if (o !== undefined) o.list[0]!.v = 99;
      const s = first!.s as number[][] | undefined;
      if (s !== undefined) s[0]!.push(99);
      expect(await nested.find({ k: 1 }, { projection }).toArray(), JSON.stringify(projection)).toEqual([
        again,
      ]);
    }
  });
});

describe('$in of many values', () => {
  const names = Array.from({ length: 120 }, (_, i) => `n${String((i * 37) % 150).padStart(3, '0')}`);

  it('read an empty collection (or index) without examining anything', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const empty = db.collection<LooseDoc>('empty');
    await empty.createIndex({ userId: 1, organizationId: 1 });
    const filter = { userId: { $in: names }, organizationId: 'o1' };
    expect(await empty.find(filter, { projection: { userId: 1 } }).toArray()).toEqual([]);
    expect(await empty.countDocuments(filter)).toBe(0);
    expect(empty.explain(filter)).toMatchObject({ plan: 'indexScan', keysExamined: 0, docsExamined: 0 });
    await expect(empty.find({ userId: { $in: names }, x: { $bogus: 1 } }).toArray()).rejects.toThrow();
  });

  it('of strings, with duplicates, scan in index order either way', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const people = db.collection<LooseDoc>('people');
    await people.createIndex({ name: -1, org: 1 });
    const docs = Array.from({ length: 150 }, (_, i) => ({
      _id: `p${i}`,
      name: `n${String(i).padStart(3, '0')}`,
      org: i % 3 === 0 ? 'o1' : 'o2',
    }));
    await people.insertMany(docs.map((doc) => ({ ...doc })));
    const wanted = new Set(names);
    const filter = { name: { $in: [...names, ...names.slice(0, 10)] }, org: 'o1' };
    const matching = docs.filter((doc) => wanted.has(doc.name) && doc.org === 'o1');
    for (const direction of [1, -1] as const) {
      const sorted = [...matching].sort((a, b) => (a.name < b.name ? -direction : direction));
      expect(people.explain(filter, { sort: { name: direction } })).toMatchObject({ sortedInMemory: false });
      expect(await people.find(filter, { sort: { name: direction }, limit: 7 }).toArray()).toEqual(
        sorted.slice(0, 7),
      );
    }
    expect(await people.countDocuments(filter)).toBe(matching.length);
  });

  it('on _id, keep the first of equal values and tell numbers from strings', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const ids = db.collection<LooseDoc>('ids');
    await ids.insertMany([{ _id: 1 }, { _id: '1' }, { _id: 0 }, { _id: 'a' }]);
    const found = await ids.find({ _id: { $in: ['a', 1, -0, '1', 'a', 1, 'missing'] } }).toArray();
    expect(found).toEqual([{ _id: 'a' }, { _id: 1 }, { _id: 0 }, { _id: '1' }]);
  });
});
