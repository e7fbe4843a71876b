/**
 * Randomized: inserts, updates, replaces and deletes on indexed fields (a unique one, a
 * compound one, a multikey one), some of them hit by an injected ENOSPC or EIO on write or
 * fdatasync, some launched together so that they share a group commit; after every step
 * the store's answers to random queries are checked against the brute-force oracle over a
 * model holding only acknowledged writes, and again after the store is reopened (recovery).
 *
 * The seed is printed; QUIRE_TEST_SEED=<seed> replays a run (fast-check then also prints
 * the shrunk counterexample and its path).
 */

import type { Document, Store, StoreCollection } from '@quire/store';
import { isStoreUnavailableError } from '@quire/store';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FaultInjectingFs, type InjectedFault } from '../src/durability/fault-injecting-fs';
import { openEmbeddedStore } from '../src/embedded-store';
import { tempDir } from './durability/helpers';
import { bruteForceFind, matches, type OracleDocument, type OracleSort } from './engine/brute-force';

/** What the runs went through, so that a run that never hit a fault cannot pass for one that did. */
const seen = { refused: 0, acknowledged: 0, duplicates: 0, queries: 0 };

const SEED = Number(process.env.QUIRE_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.QUIRE_TEST_RUNS ?? 40);

interface Item {
  _id: string;
  k: string;
  g?: string;
  n?: number;
  tags?: string[];
}

type Fields = Omit<Item, '_id'>;
interface QueryAnswer {
  found: Item[];
  count: number;
}
type Filter = Record<string, unknown>;

const K = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'] as const;
const G = ['g1', 'g2', 'g3'] as const;
const TAGS = [[], ['a'], ['a', 'b'], ['c'], ['b', 'a', 'b']] as const;

const fieldsArb: fc.Arbitrary<Fields> = fc.record(
  {
    k: fc.constantFrom(...K),
    g: fc.constantFrom(...G),
    n: fc.integer({ min: -3, max: 3 }),
    tags: fc.constantFrom(...TAGS).map((tags) => [...tags]),
  },
  { requiredKeys: ['k'] },
);

const filterArb: fc.Arbitrary<Filter> = fc.record(
  {
    g: fc.oneof(
      fc.constantFrom(...G),
      fc.record({ $in: fc.subarray([...G]) }),
      fc.record({ $ne: fc.constantFrom(...G) }),
    ),
    n: fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.record({ $gte: fc.integer({ min: -3, max: 3 }) }),
      fc.record({ $gt: fc.integer({ min: -3, max: 0 }), $lte: fc.integer({ min: 0, max: 3 }) }),
    ),
    tags: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.record({ $in: fc.subarray(['a', 'b', 'c']) })),
    k: fc.record({ $in: fc.subarray([...K]) }),
  },
  { requiredKeys: [] },
);

const SORTS: OracleSort[] = [
  [['_id', 1]],
  [
    ['n', 1],
    ['_id', 1],
  ],
  [
    ['g', -1],
    ['n', 1],
    ['_id', -1],
  ],
  [
    ['k', 1],
    ['_id', 1],
  ],
  [
    ['tags', 1],
    ['_id', -1],
  ],
  [
    ['tags', -1],
    ['n', -1],
    ['_id', 1],
  ],
];

const queryArb = fc.record({
  filter: filterArb,
  sort: fc.constantFrom(...SORTS),
  skip: fc.constantFrom(0, 0, 1, 3),
  limit: fc.constantFrom(0, 1, 4),
});

const faultArb: fc.Arbitrary<InjectedFault | null> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  {
    arbitrary: fc.record({
      operation: fc.constantFrom('write' as const, 'fdatasync' as const),
      code: fc.constantFrom('ENOSPC', 'EIO'),
      torn: fc.boolean(),
      times: fc.constant(1),
    }),
    weight: 1,
  },
);

/** `target` picks one of the current documents by position (modulo their number). */
const commandArb = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), fields: fieldsArb }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      target: fc.nat(),
      set: fc.record({ g: fc.constantFrom(...G), k: fc.constantFrom(...K) }, { requiredKeys: [] }),
      inc: fc.option(fc.integer({ min: -2, max: 2 })),
      unsetTags: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('updateMany' as const),
      filter: filterArb,
      set: fc.oneof(
        fc.record({ g: fc.constantFrom(...G) }),
        fc.record({ tags: fc.constantFrom(...TAGS).map((tags) => [...tags]) }),
        fc.record({ k: fc.constantFrom(...K) }),
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('replace' as const), target: fc.nat(), fields: fieldsArb }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deleteMany' as const), filter: filterArb }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      targets: fc.uniqueArray(fc.nat({ max: 30 }), { minLength: 2, maxLength: 5 }),
      inc: fc.integer({ min: 1, max: 2 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('reopen' as const) }), weight: 1 },
);

const stepArb = fc.record({ command: commandArb, fault: faultArb, query: queryArb });
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

/** The model's view of canonical equality: same fields, same values, any order. */
const canonical = (doc: Document | undefined) =>
  doc === undefined ? 'none' : JSON.stringify(Object.entries(doc).sort(([a], [b]) => (a < b ? -1 : 1)));

/** MongoDB's unique index on `k`: no two documents share a value. */
function uniqueK(docs: Iterable<Document>): boolean {
  const seen = new Set<unknown>();
  for (const doc of docs) {
    if (seen.has(doc.k)) return false;
    seen.add(doc.k);
  }
  return true;
}

class Harness {
  readonly faults = new FaultInjectingFs();
  /** Acknowledged state: `_id` to document. */
  readonly model = new Map<string, Document>();
  store!: Store;
  items!: StoreCollection<Item>;
  nextId = 0;

  constructor(readonly dir: string) {}

  async open(): Promise<void> {
    this.store = await openEmbeddedStore(this.dir, { fs: this.faults.fs });
    this.items = this.store.db.collection<Item>('items');
  }

  async reopen(): Promise<void> {
    await this.store.close();
    await this.open();
    await this.checkContents('after reopening');
  }

  pick(target: number): string | undefined {
    const ids = [...this.model.keys()].sort();
    return ids.length === 0 ? undefined : ids[target % ids.length];
  }

  /**
   * Runs one write with `fault` armed: the model says what the write must do (`after`, the
   * documents it changes); the store must refuse it exactly when it changes something and
   * a fault is armed, and otherwise do it.
   */
  async write(
    fault: InjectedFault | null,
    after: Map<string, Document | undefined> | 'duplicate',
    run: () => Promise<unknown>,
  ) {
    if (fault) this.faults.inject(fault);
    const outcome = await run().then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    this.faults.clear();
    if (after === 'duplicate') {
      expect(outcome.ok ? 'acknowledged' : (outcome.error as { code?: unknown }).code).toBe(11000);
      seen.duplicates++;
      return;
    }
    const changes = [...after].filter(([id, doc]) => canonical(doc) !== canonical(this.model.get(id)));
    if (fault && changes.length > 0) {
      expect(outcome.ok ? 'acknowledged' : isStoreUnavailableError(outcome.error)).toBe(true);
      seen.refused++;
      return;
    }
    if (!outcome.ok) throw outcome.error;
    if (changes.length > 0) seen.acknowledged++;
    for (const [id, doc] of changes) {
      if (doc === undefined) this.model.delete(id);
      else this.model.set(id, doc);
    }
  }

  /** The model after `change` is applied to each of `ids`; 'duplicate' if that breaks the unique index. */
  changed(ids: string[], change: (doc: Document) => Document | undefined) {
    const after = new Map<string, Document | undefined>();
    for (const id of ids) after.set(id, change(structuredClone(this.model.get(id)!)));
    const state = new Map(this.model);
    for (const [id, doc] of after) {
      if (doc === undefined) state.delete(id);
      else state.set(id, doc);
    }
    return uniqueK(state.values()) ? after : ('duplicate' as const);
  }

  matching(filter: Filter): string[] {
    return [...this.model.values()]
      .filter((doc) => matches(doc as OracleDocument, filter as never))
      .map((doc) => doc._id);
  }

  async step({ command, fault, query }: Step): Promise<void> {
    switch (command.kind) {
      case 'insert': {
        const _id = `d${String(this.nextId++).padStart(3, '0')}`;
        const doc = { _id, ...command.fields };
        const after = uniqueK([...this.model.values(), doc]) ? new Map([[_id, doc]]) : ('duplicate' as const);
        await this.write(fault, after, () => this.items.insertOne(structuredClone(doc)));
        break;
      }
      case 'update': {
        const id = this.pick(command.target);
        if (id === undefined) break;
        const update: Document = {};
        if (Object.keys(command.set).length > 0) update.$set = command.set;
        if (command.inc !== null) update.$inc = { n: command.inc };
        if (command.unsetTags) update.$unset = { tags: '' };
        if (Object.keys(update).length === 0) break;
        const after = this.changed([id], (doc) => {
          Object.assign(doc, command.set);
          if (command.inc !== null) doc.n = (doc.n ?? 0) + command.inc;
          if (command.unsetTags) delete doc.tags;
          return doc;
        });
        await this.write(fault, after, () => this.items.updateOne({ _id: id }, update));
        break;
      }
      case 'updateMany': {
        const after = this.changed(this.matching(command.filter), (doc) => Object.assign(doc, command.set));
        await this.write(fault, after, () => this.items.updateMany(command.filter, { $set: command.set }));
        break;
      }
      case 'replace': {
        const id = this.pick(command.target);
        if (id === undefined) break;
        const after = this.changed([id], () => ({ _id: id, ...command.fields }));
        await this.write(fault, after, () =>
          this.items.replaceOne({ _id: id }, { _id: id, ...command.fields }),
        );
        break;
      }
      case 'delete': {
        const id = this.pick(command.target);
        if (id === undefined) break;
        await this.write(
          fault,
          this.changed([id], () => undefined),
          () => this.items.deleteOne({ _id: id }),
        );
        break;
      }
      case 'deleteMany': {
        const after = this.changed(this.matching(command.filter), () => undefined);
        await this.write(fault, after, () => this.items.deleteMany(command.filter));
        break;
      }
      case 'burst': {
        // Launched together: one group commit, all acknowledged or, with a fault, all refused.
        // The step's query runs while they are in flight: it must answer as the model does
        // once their fate is known (it waits for them only if it could see them).
        const ids = [...new Set(command.targets.map((target) => this.pick(target)))].filter(
          (id): id is string => id !== undefined,
        );
        const after = this.changed(ids, (doc) => ({ ...doc, n: (doc.n ?? 0) + command.inc }));
        let during: Promise<QueryAnswer> | undefined;
        await this.write(fault, after, async () => {
          const updates = ids.map((id) => this.items.updateOne({ _id: id }, { $inc: { n: command.inc } }));
          during = this.ask(query);
          const outcomes = await Promise.allSettled(updates);
          const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
          expect(refused.length === 0 || refused.length === outcomes.length).toBe(true);
          if (refused.length > 0) throw (refused[0] as PromiseRejectedResult).reason;
        });
        if (during !== undefined)
          this.expectAnswer(query, await during, 'asked while the writes were in flight');
        break;
      }
      case 'reopen':
        await this.reopen();
        break;
    }
    await this.checkQuery(query);
  }

  async checkQuery(query: Step['query']): Promise<void> {
    this.expectAnswer(query, await this.ask(query), 'asked after the step');
  }

  async ask(query: Step['query']): Promise<QueryAnswer> {
    const options = { sort: Object.fromEntries(query.sort), skip: query.skip, limit: query.limit };
    const [found, count] = await Promise.all([
      this.items.find(query.filter, options).toArray(),
      this.items.countDocuments(query.filter),
    ]);
    return { found, count };
  }

  expectAnswer(query: Step['query'], answer: QueryAnswer, when: string): void {
    const context = `${JSON.stringify(query)}, ${when}`;
    seen.queries++;
    const docs = [...this.model.values()] as OracleDocument[];
    expect(answer.found, context).toEqual(bruteForceFind(docs, query as never));
    expect(answer.count, `${context}: count`).toBe(
      bruteForceFind(docs, { filter: query.filter as never }).length,
    );
  }

  async checkContents(when: string): Promise<void> {
    const stored = await this.items.find({}, { sort: { _id: 1 } }).toArray();
    const expected = bruteForceFind(this.model.values() as Iterable<OracleDocument>, {
      filter: {},
      sort: [['_id', 1]],
    });
    expect(stored, when).toEqual(expected);
  }
}

async function indexes(items: StoreCollection<Item>): Promise<void> {
  await items.createIndex({ k: 1 }, { unique: true });
  await items.createIndex({ g: 1, n: 1 });
  await items.createIndex({ tags: 1 });
}

describe('random writes on indexed fields, with disk faults, against a brute-force oracle', () => {
  it('answer every query as the acknowledged writes say, before and after recovery', async () => {
    console.info(`random writes: seed ${SEED}, ${RUNS} runs (replay with QUIRE_TEST_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 40 }), async (steps) => {
        const harness = new Harness(await tempDir());
        await harness.open();
        await indexes(harness.items);
        try {
          for (const step of steps) await harness.step(step);
          await harness.checkContents('at the end');
          await harness.reopen();
          for (const { query } of steps.slice(0, 10)) await harness.checkQuery(query);
        } finally {
          await harness.store.close();
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.info(`random writes: ${JSON.stringify(seen)}`);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.duplicates).toBeGreaterThan(0);
  }, 120_000);
});
