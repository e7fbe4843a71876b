import type { Document, StoreFindOptions } from '@quire/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedCollection, EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { LooseDoc } from './fixtures';

const organizations = 20;
const perOrganization = 250;

/** 5,000 entries: 20 organizations, createdAt interleaved so that insertion order is not index order. */
function entries(): Document[] {
  return Array.from({ length: organizations * perOrganization }, (_, i) => ({
    _id: `e${String(i).padStart(5, '0')}`,
    org: `o${i % organizations}`,
    createdAt: (i * 7919) % (organizations * perOrganization),
    kind: i % 3 === 0 ? 'note' : 'task',
  }));
}

let docs: EmbeddedCollection<LooseDoc>;

beforeAll(async () => {
  docs = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('entries');
  await docs.createIndex({ org: 1, createdAt: -1 });
  await docs.createIndex({ kind: 1 });
  await docs.insertMany(entries());
});

/** The expected result, computed by brute force. */
function bruteForce(
  filter: (doc: Document) => boolean,
  sort: (a: Document, b: Document) => number,
): unknown[] {
  return entries()
    .filter(filter)
    .sort(sort)
    .map((doc) => doc._id);
}

const ids = async (filter: Document, options: Document) =>
  (await docs.find(filter, options).toArray()).map((d) => d._id);

describe('query planner', () => {
  it('reads a page by equality on the first field, sorted by the second, touching only the page', async () => {
    const options: StoreFindOptions = { sort: { createdAt: -1 }, limit: 100 };
    expect(docs.explain({ org: 'o3' }, options)).toEqual({
      plan: 'indexScan',
      index: 'org_1_createdAt_-1',
      reverse: false,
      sortedInMemory: false,
      keysExamined: 100,
      docsExamined: 100,
      returned: 100,
    });
    const expected = bruteForce(
      (doc) => doc.org === 'o3',
      (a, b) => b.createdAt - a.createdAt,
    ).slice(0, 100);
    expect(await ids({ org: 'o3' }, options)).toEqual(expected);
  });

  it('walks the index backwards for the opposite sort, and skips without parsing', async () => {
    const options: StoreFindOptions = { sort: { createdAt: 1 }, skip: 50, limit: 10 };
    expect(docs.explain({ org: 'o3' }, options)).toMatchObject({
      plan: 'indexScan',
      reverse: true,
      keysExamined: 60,
      docsExamined: 10,
    });
    const expected = bruteForce(
      (doc) => doc.org === 'o3',
      (a, b) => a.createdAt - b.createdAt,
    ).slice(50, 60);
    expect(await ids({ org: 'o3' }, options)).toEqual(expected);
  });

  it('uses a range on the next field, with the type bracket as the open end', async () => {
    const filter = { org: 'o7', createdAt: { $gte: 1000, $lt: 2000 } };
    const stats = docs.explain(filter, { sort: { createdAt: 1 } });
    expect(stats).toMatchObject({ plan: 'indexScan', sortedInMemory: false });
    const expected = bruteForce(
      (doc) => doc.org === 'o7' && doc.createdAt >= 1000 && doc.createdAt < 2000,
      (a, b) => a.createdAt - b.createdAt,
    );
    expect(stats.keysExamined).toBe(expected.length);
    expect(await ids(filter, { sort: { createdAt: 1 } })).toEqual(expected);
    expect(docs.explain({ org: 'o7', createdAt: { $gt: 4900 } }).keysExamined).toBe(
      bruteForce(
        (doc) => doc.org === 'o7' && doc.createdAt > 4900,
        () => 0,
      ).length,
    );
  });

  it('scans each value of an $in once, however often it is repeated', async () => {
    // 1,200 values, two of them distinct: two intervals, not more than the 1,000 allowed.
    const repeated = { org: { $in: Array.from({ length: 1200 }, (_, i) => `o${(i % 2) * 5}`) } };
    const options: StoreFindOptions = { sort: { createdAt: -1 } };
    const expected = bruteForce(
      (doc) => doc.org === 'o0' || doc.org === 'o5',
      (a, b) => b.createdAt - a.createdAt,
    );
    expect(docs.explain(repeated, options)).toMatchObject({
      plan: 'indexScan',
      index: 'org_1_createdAt_-1',
      keysExamined: expected.length,
      returned: expected.length,
    });
    expect(new Set(await ids(repeated, options)).size).toBe(expected.length);
    const fewer = { org: { $in: ['o5', 'o0', 'o5', 'o0'] } };
    expect((await ids(fewer, { sort: { org: 1, createdAt: -1 } })).length).toBe(expected.length);
  });

  it('checks the remaining conditions on the candidates and stops after the page', async () => {
    const options: StoreFindOptions = { sort: { createdAt: -1 }, limit: 5 };
    const stats = docs.explain({ org: 'o1', kind: 'note' }, options);
    expect(stats).toMatchObject({ plan: 'indexScan', index: 'org_1_createdAt_-1', returned: 5 });
    expect(stats.docsExamined).toBeLessThan(30);
    const expected = bruteForce(
      (doc) => doc.org === 'o1' && doc.kind === 'note',
      (a, b) => b.createdAt - a.createdAt,
    ).slice(0, 5);
    expect(await ids({ org: 'o1', kind: 'note' }, options)).toEqual(expected);
  });

  it('narrows a keyset-paging $or to the range common to its branches, and returns the page after the cursor', async () => {
    const paged = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('paged');
    await paged.createIndex({ org: 1, createdAt: -1, _id: -1 });
    // Entries tied with the cursor on createdAt, on both sides of it by _id.
    const tied = ['a0', 'e02499z', 'e02500a', 'z9'].map((_id) => ({ _id, org: 'o0', createdAt: 2500 }));
    const all = [...entries(), ...tied];
    await paged.insertMany(all.map((doc) => ({ ...doc })));
    const after = { createdAt: 2500, _id: 'e02500' };
    const filter = {
      org: 'o0',
      $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after._id } }],
    };
    const options: StoreFindOptions = { sort: { createdAt: -1, _id: -1 }, limit: 10 };
    const stats = paged.explain(filter, options);
    expect(stats).toMatchObject({ plan: 'indexScan', sortedInMemory: false, returned: 10 });
    expect(stats.keysExamined).toBeLessThanOrEqual(15);
    // The page itself: the ten entries right after the cursor, ties first, none before it.
    const expected = all
      .filter(
        (doc) =>
          doc.org === 'o0' &&
          (doc.createdAt < after.createdAt || (doc.createdAt === after.createdAt && doc._id < after._id)),
      )
      .sort((a, b) => b.createdAt - a.createdAt || (a._id < b._id ? 1 : -1))
      .slice(0, 10)
      .map((doc) => doc._id);
    expect(expected.slice(0, 2)).toEqual(['e02499z', 'a0']);
    expect((await paged.find(filter, options).toArray()).map((doc) => doc._id)).toEqual(expected);
  });

  it('looks up _id equality and $in in the document map', async () => {
    expect(docs.explain({ _id: 'e00042' })).toMatchObject({
      plan: 'idLookup',
      keysExamined: 1,
      docsExamined: 1,
    });
    expect(
      docs.explain({ _id: { $in: ['e00001', 'e00002', 'missing'] } }, { sort: { _id: -1 } }),
    ).toMatchObject({
      plan: 'idLookup',
      keysExamined: 3,
      returned: 2,
      sortedInMemory: true,
    });
    expect(await ids({ _id: { $in: ['e00001', 'e00002', 'missing'] } }, { sort: { _id: -1 } })).toEqual([
      'e00002',
      'e00001',
    ]);
  });

  it('answers one _id without planning exactly as the planned lookup does', async () => {
    // `{ _id: x }` alone, unsorted, nothing skipped, is read from the document map directly;
    // `{ _id: x, kind: ... }` with the same document goes through the plan: the same answers.
    const kindOf = (id: string) => entries().find((doc) => doc._id === id)!.kind;
    for (const id of ['e00042', 'e04999', 'missing']) {
      const planned = id === 'missing' ? { _id: id, kind: { $ne: 'none' } } : { _id: id, kind: kindOf(id) };
      for (const options of [{}, { limit: 1 }, { projection: { org: 1 } }, { projection: { kind: 0 } }]) {
        expect(await docs.find({ _id: id }, options).toArray()).toEqual(
          await docs.find(planned, options).toArray(),
        );
        expect(
          await docs
            .find({ _id: id }, options)
            .map((doc) => ({ ...doc }))
            .toArray(),
        ).toEqual(await docs.find(planned, options).toArray());
      }
      expect(docs.explain({ _id: id })).toEqual({
        plan: 'idLookup',
        sortedInMemory: false,
        keysExamined: 1,
        docsExamined: id === 'missing' ? 0 : 1,
        returned: id === 'missing' ? 0 : 1,
      });
    }
    // `$in` alone: each id once, in the list's order, up to the limit; as the plan answers it
    // when another condition that every document meets sends the query through the planner.
    const lists = [['e00003', 'missing', 'e00001', 'e00003', 'e00002'], [], ['missing']];
    for (const list of lists) {
      for (const options of [{}, { limit: 2 }, { projection: { org: 1 } }]) {
        const planned = { _id: { $in: list }, kind: { $ne: 'none' } };
        expect(await docs.find({ _id: { $in: list } }, options).toArray()).toEqual(
          await docs.find(planned, options).toArray(),
        );
        const { index: _none, ...plannedStats } = docs.explain(planned, options) as Document;
        expect(docs.explain({ _id: { $in: list } }, options)).toEqual(plannedStats);
      }
    }
    // A private copy without a transform: changing it changes nothing stored.
    const [copy] = await docs.find({ _id: 'e00042' }).toArray();
    copy!.org = 'changed';
    expect((await docs.findOne({ _id: 'e00042' }))?.org).toBe('o2');
    // Skipped or sorted: the plan's path, with its own answers.
    expect(await ids({ _id: 'e00042' }, { skip: 1 })).toEqual([]);
    expect(await ids({ _id: 'e00042' }, { sort: { createdAt: -1 } })).toEqual(['e00042']);
  });

  it('pages by _id through the _id index', async () => {
    const stats = docs.explain({ _id: { $gt: 'e04000' } }, { sort: { _id: 1 }, limit: 3 });
    expect(stats).toMatchObject({ plan: 'indexScan', index: '_id_', keysExamined: 3, docsExamined: 3 });
    expect(await ids({ _id: { $gt: 'e04000' } }, { sort: { _id: 1 }, limit: 3 })).toEqual([
      'e04001',
      'e04002',
      'e04003',
    ]);
    expect(docs.explain({}, { sort: { _id: -1 }, limit: 2 })).toMatchObject({
      index: '_id_',
      reverse: true,
      keysExamined: 2,
    });
  });

  it('counts from the index without parsing when the index expresses the whole filter', async () => {
    const notes = bruteForce(
      (doc) => doc.kind === 'note',
      () => 0,
    ).length;
    expect(await docs.countDocuments({ kind: 'note' })).toBe(notes);
    expect(docs.explainCount({ kind: 'note' })).toMatchObject({
      plan: 'indexScan',
      keysExamined: notes,
      docsExamined: 0,
    });
    expect(docs.explainCount({ kind: 'note' }, { limit: 10 })).toMatchObject({ keysExamined: 10 });
    expect(docs.explainCount({ org: 'o1', kind: 'note' })).toMatchObject({ keysExamined: perOrganization });
  });

  it('falls back to a collection scan and an in-memory sort', async () => {
    const stats = docs.explain({ createdAt: { $lt: 10 } }, { sort: { createdAt: 1 } });
    expect(stats).toMatchObject({
      plan: 'collectionScan',
      sortedInMemory: true,
      docsExamined: 5000,
      returned: 10,
    });
  });

  it('leaves a multikey index alone, as documents would come out once per element', async () => {
    const tagged = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('tagged');
    await tagged.createIndex({ tag: 1 });
    await tagged.insertMany([
      { _id: 'a', tag: 'x' },
      { _id: 'b', tag: 'y' },
    ]);
    expect(tagged.explain({ tag: 'x' })).toMatchObject({ plan: 'indexScan' });
    await tagged.insertOne({ _id: 'c', tag: ['x', 'z'] });
    expect(tagged.explain({ tag: 'x' })).toMatchObject({ plan: 'collectionScan' });
    expect(await tagged.find({ tag: 'x' }, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 'a', tag: 'x' },
      { _id: 'c', tag: ['x', 'z'] },
    ]);
    await tagged.deleteOne({ _id: 'c' });
    expect(tagged.explain({ tag: 'x' })).toMatchObject({ plan: 'indexScan' });
  });
});
