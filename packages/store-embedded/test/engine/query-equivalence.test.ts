/**
 * The planner's and executor's fast paths (index intervals for `$in`, skipping the filter
 * when the index expresses it, counting index entries, kept parsed documents, multikey
 * fallbacks) return what a brute-force evaluation returns: every document judged and
 * sorted by `brute-force.ts`, an oracle written from MongoDB's rules that shares no code
 * with the engine. Documents hold arrays, and writes land between the queries, checked
 * against the oracle's own model of the collection.
 */

import type { Document } from '@quire/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedCollection, EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import { compileProjection } from '../../src/engine/projection';
import { bruteForceFind, matches, type OracleDocument, type OracleSort } from './brute-force';
import type { LooseDoc } from './fixtures';
import { pick, type Random, seededRandom } from './random-queries';

const A = [0, 1, 2, 3, 'x', 'y', null, true] as const;
const B = ['p', 'q', 'r', 's', 1, 2] as const;
/** What the array-holding fields take besides scalars. */
const ARRAYS = [[], [1, 'x'], [3, 2], [null], ['y', 'x', 'y'], [0, [1]], [{ n: 1 }, 2]] as const;

function row(random: Random, i: number, withArrays: boolean): Document {
  const doc: Document = { _id: i % 5 === 0 ? i : `r${String(i).padStart(3, '0')}` };
  if (random() < 0.9) doc.a = withArrays && random() < 0.15 ? pick(random, ARRAYS) : pick(random, A);
  if (random() < 0.9) doc.b = pick(random, B);
  if (random() < 0.9) doc.c = Math.floor(random() * 20);
  if (random() < 0.1) doc.c = pick(random, ['ten', { n: 1 }]);
  doc.d = pick(random, ['u', 'v', 'w']);
  if (random() < 0.5) doc.e = random() < 0.5 ? pick(random, ARRAYS) : pick(random, A);
  return structuredClone(doc);
}

function condition(random: Random, field: 'a' | 'b' | 'c' | 'd' | 'e'): unknown {
  const values: readonly unknown[] =
    field === 'a' || field === 'e' ? A : field === 'b' ? B : field === 'c' ? [0, 3, 7, 19] : ['u', 'v'];
  const roll = random();
  if (roll < 0.3) return pick(random, values);
  if (roll < 0.35 && (field === 'a' || field === 'e')) return pick(random, ARRAYS);
  if (roll < 0.6)
    return { $in: Array.from({ length: Math.floor(random() * 5) }, () => pick(random, values)) };
  if (roll < 0.85 && (field === 'c' || field === 'a' || field === 'e')) {
    const low = field === 'c' ? Math.floor(random() * 15) : Math.floor(random() * 3);
    return {
      [pick(random, ['$gt', '$gte'])]: low,
      [pick(random, ['$lt', '$lte'])]: low + Math.floor(random() * 8),
    };
  }
  if (roll < 0.9) return { $ne: pick(random, values) };
  return { $nin: [pick(random, values), pick(random, values)] };
}

function randomFilter(random: Random, fields: ReadonlyArray<'a' | 'b' | 'c' | 'd' | 'e'>): Document {
  const filter: Document = {};
  for (const field of fields) if (random() < 0.45) filter[field] = condition(random, field);
  if (random() < 0.15) {
    const c = Math.floor(random() * 20);
    filter.$or = [{ c: { $gt: c } }, { c, _id: { $gt: 'r100' } }];
  }
  if (random() < 0.1) filter._id = { $in: ['r001', 'r002', 'r003', 5, 10, 'missing'] };
  // A second condition on a field, or the only one, inside `$and`.
  if (random() < 0.2) {
    const field = pick(random, fields);
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
  { a: -1 },
  { e: 1, a: -1 },
  { _id: -1 },
];

/** The oracle's answer over `docs`, with `_id` appended to the sort so that the order is total. */
function oracle(
  docs: Iterable<Document>,
  filter: Document,
  sort?: Record<string, 1 | -1>,
  skip = 0,
  limit = 0,
): Document[] {
  const spec: OracleSort | undefined =
    sort === undefined
      ? undefined
      : Object.entries(sort).map(([field, direction]) => [field, direction] as const);
  return bruteForceFind(docs as Iterable<OracleDocument>, {
    filter: filter as OracleDocument,
    sort: spec,
    skip,
    limit,
  });
}

let rows: EmbeddedCollection<LooseDoc>;
let all: Document[];

beforeAll(async () => {
  rows = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('rows');
  await rows.createIndex({ a: 1 });
  await rows.createIndex({ b: 1, c: -1 });
  await rows.createIndex({ d: 1, a: 1, _id: 1 });
  const random = seededRandom(7);
  all = Array.from({ length: 300 }, (_, i) => row(random, i, false));
  await rows.insertMany(all.map((doc) => structuredClone(doc)));
});

const bruteForce = (filter: Document, sort: Record<string, 1 | -1> | undefined) => oracle(all, filter, sort);

/** Compares one random query's results, page and count with the oracle's over `docs`. */
async function checkRandomQuery(
  collection: EmbeddedCollection<LooseDoc>,
  docs: readonly Document[],
  random: Random,
  filter: Document,
  plans: Set<string>,
) {
  const sort = pick(random, SORTS);
  const context = `filter ${JSON.stringify(filter)} sort ${JSON.stringify(sort)}`;
  plans.add(collection.explain(filter, { sort }).plan);
  const expected = oracle(docs, filter, { _id: 1 });
  if (sort === undefined) {
    const found = await collection.find(filter).toArray();
    expect(oracle(found, {}, { _id: 1 }), context).toEqual(expected);
  } else {
    // With `_id` last, the order is total: the page is exactly determined. Either
    // direction, so that reversed index walks are covered too.
    const fullSort = { ...sort, _id: sort._id ?? pick(random, [1, -1] as const) };
    const skip = pick(random, [0, 0, 2, 7]);
    const limit = pick(random, [0, 1, 5, 20]);
    const found = await collection.find(filter, { sort: fullSort, skip, limit }).toArray();
    expect(found, context).toEqual(oracle(docs, filter, fullSort, skip, limit));
  }
  const skip = pick(random, [0, 0, 3]);
  const limit = pick(random, [0, 0, 1, 4]);
  const total = Math.max(0, Math.min(expected.length - skip, limit > 0 ? limit : Number.POSITIVE_INFINITY));
  expect(await collection.countDocuments(filter, { skip, limit }), `${context} count`).toBe(total);
}

describe('indexed reads return what a brute-force evaluation returns', () => {
  it('for random filters, sorts, skips and limits', async () => {
    const random = seededRandom(42);
    const plans = new Set<string>();
    for (let round = 0; round < 600; round++) {
      await checkRandomQuery(rows, all, random, randomFilter(random, ['a', 'b', 'c', 'd']), plans);
    }
    expect([...plans].sort()).toEqual(['collectionScan', 'idLookup', 'indexScan']);
  });

  it('with arrays in indexed fields, and writes between the queries', async () => {
    const seed = Number(process.env.QUIRE_TEST_SEED ?? 20_240_607);
    const random = seededRandom(seed);
    const mixed = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('mixed');
    await mixed.createIndex({ a: 1 });
    await mixed.createIndex({ b: 1, c: -1 });
    await mixed.createIndex({ d: 1, a: 1, _id: 1 });
    const model = new Map<string | number, Document>();
    const initial = Array.from({ length: 200 }, (_, i) => row(random, i, true));
    await mixed.insertMany(initial.map((doc) => structuredClone(doc)));
    for (const doc of initial) model.set(doc._id, doc);
    let nextId = initial.length;
    const plans = new Set<string>();
    const fields = ['a', 'b', 'c', 'd', 'e'] as const;

    for (let round = 0; round < 500; round++) {
      const roll = random();
      const ids = [...model.keys()];
      if (roll < 0.25) {
        const doc = row(random, nextId++, true);
        await mixed.insertOne(structuredClone(doc));
        model.set(doc._id, doc);
      } else if (roll < 0.45 && ids.length > 0) {
        const id = pick(random, ids);
        const replacement = { ...row(random, 0, true), _id: id };
        await mixed.replaceOne({ _id: id }, replacement);
        model.set(id, replacement);
      } else if (roll < 0.6) {
        // An update chosen by a filter: the oracle decides which documents it reaches.
        const filter = randomFilter(random, fields);
        const field = pick(random, fields);
        // Arrays only where `row` puts them: two array fields in one index cannot be indexed.
        const arrayField = field === 'a' || field === 'e';
        const value = arrayField && random() < 0.3 ? pick(random, ARRAYS) : pick(random, [...A, ...B]);
        const result = await mixed.updateMany(filter, { $set: { [field]: structuredClone(value) } });
        const reached = [...model.values()].filter((doc) => matches(doc as OracleDocument, filter));
        expect(result.matchedCount, `updateMany ${JSON.stringify(filter)} (seed ${seed})`).toBe(
          reached.length,
        );
        for (const doc of reached) model.set(doc._id, { ...doc, [field]: structuredClone(value) });
      } else if (roll < 0.7 && ids.length > 0) {
        const id = pick(random, ids);
        await mixed.deleteOne({ _id: id });
        model.delete(id);
      } else if (roll < 0.75) {
        const filter = randomFilter(random, fields);
        const result = await mixed.deleteMany(filter);
        const reached = [...model.values()].filter((doc) => matches(doc as OracleDocument, filter));
        expect(result.deletedCount, `deleteMany ${JSON.stringify(filter)} (seed ${seed})`).toBe(
          reached.length,
        );
        for (const doc of reached) model.delete(doc._id);
      }
      await checkRandomQuery(mixed, [...model.values()], random, randomFilter(random, fields), plans);
    }
    expect(plans).toContain('indexScan');
    expect(plans).toContain('collectionScan');
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
      const filter = randomFilter(random, ['a', 'b', 'c', 'd']);
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
