/**
 * A write whose journal append or fdatasync fails is refused, and nothing of it is ever
 * readable: not after the refusal, not by reads that ran while it was in flight, not by
 * the writes queued behind it, not after the store is reopened. The engine runs over the
 * real durability layer on a file system that fails on demand.
 */

import { StoreUnavailableError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../src/durability';
import { FaultInjectingFs } from '../../src/durability/fault-injecting-fs';
import { EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { DatabaseState } from '../../src/journal-types';
import { tempDir } from '../durability/helpers';
import type { LooseDoc } from './fixtures';

async function openFaulty(dir: string) {
  const faults = new FaultInjectingFs();
  const storage = await openStorage(dir, { fs: faults.fs, compactOnClose: false });
  const db = new EmbeddedDatabase(storage.state, storage.journal);
  storage.setSnapshotSource(() => db.snapshot());
  return { faults, storage, db, close: () => storage.journal.close() };
}

/** Every document of every collection, reopened from disk. */
async function reopened(dir: string): Promise<Record<string, unknown[]>> {
  const storage = await openStorage(dir, { compactOnClose: false });
  const db = new EmbeddedDatabase(storage.state, storage.journal);
  const contents: Record<string, unknown[]> = {};
  for (const name of db.collectionNames().sort()) {
    contents[name] = await db
      .collection(name)
      .find({}, { sort: { _id: 1 } })
      .toArray();
  }
  await storage.journal.close();
  return contents;
}

const refusal = (error: unknown) => ({
  name: (error as Error).name,
  message: (error as Error).message,
  isStoreUnavailable: error instanceof StoreUnavailableError,
});

describe('a write the journal cannot make durable', () => {
  it('is refused with the storage error and never readable, when fdatasync fails (EIO)', async () => {
    const dir = await tempDir();
    const { faults, db, close } = await openFaulty(dir);
    const docs = db.collection<LooseDoc>('docs');
    await docs.createIndex({ n: 1 });
    await docs.insertOne({ _id: 'a', n: 1 });

    faults.inject({ operation: 'fdatasync', code: 'EIO' });
    const error = await docs.updateOne({ _id: 'a' }, { $inc: { n: 1 } }).catch((e: unknown) => e);
    expect(refusal(error)).toEqual({
      name: 'StoreUnavailableError',
      message: 'storage unavailable: I/O error (EIO)',
      isStoreUnavailable: true,
    });
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
    expect(await docs.find({ n: 2 }).toArray()).toEqual([]);
    expect(await docs.countDocuments({ n: 1 })).toBe(1);

    await close();
    expect(await reopened(dir)).toEqual({ docs: [{ _id: 'a', n: 1 }] });
  });

  it('is refused with "no space left on device" when the append fails half written (ENOSPC)', async () => {
    const dir = await tempDir();
    const { faults, db, close } = await openFaulty(dir);
    const users = db.collection<LooseDoc>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ _id: 'u1', email: 'a@x' });

    faults.inject({ operation: 'write', code: 'ENOSPC', torn: true });
    const error = await users.insertOne({ _id: 'u2', email: 'b@x' }).catch((e: unknown) => e);
    expect(refusal(error)).toEqual({
      name: 'StoreUnavailableError',
      message: 'storage unavailable: no space left on device',
      isStoreUnavailable: true,
    });
    expect(await users.findOne({ email: 'b@x' })).toBeNull();
    expect(await users.countDocuments()).toBe(1);

    // The refused insert holds neither its _id nor its unique key once the disk has room.
    faults.clear();
    await users.insertOne({ _id: 'u3', email: 'b@x' });
    await users.insertOne({ _id: 'u2', email: 'c@x' });
    await close();
    expect(await reopened(dir)).toEqual({
      users: [
        { _id: 'u1', email: 'a@x' },
        { _id: 'u2', email: 'c@x' },
        { _id: 'u3', email: 'b@x' },
      ],
    });
  });

  it('refuses the writes queued behind the failed group and undoes all of them, indexes included', async () => {
    const dir = await tempDir();
    const { faults, db, close } = await openFaulty(dir);
    const items = db.collection<LooseDoc>('items');
    await items.createIndex({ tag: 1 }, { unique: true });
    await items.createIndex({ n: -1 });
    await items.insertMany([
      { _id: 'a', tag: 'ta', n: 1 },
      { _id: 'b', tag: 'tb', n: 2 },
    ]);
    const before = await items.find({}, { sort: { _id: 1 } }).toArray();

    const sync = faults.pause('fdatasync');
    const inFlight = items.updateOne({ _id: 'a' }, { $set: { tag: 'tc' }, $inc: { n: 10 } });
    await sync.reached; // the first group is written and waits on its fdatasync
    // Queued behind it, each depending on what came before.
    const queued = [
      items.insertOne({ _id: 'c', tag: 'ta', n: 3 }), // takes the tag the update freed
      items.updateOne({ _id: 'a' }, { $inc: { n: 100 } }),
      items.deleteOne({ _id: 'b' }),
      items.insertOne({ _id: 'b', tag: 'tb', n: 4 }),
      items.createIndex({ extra: 1 }),
    ];
    faults.inject({ operation: 'fdatasync', code: 'EIO', times: 1 });
    sync.resume();
    const outcomes = await Promise.allSettled([inFlight, ...queued]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(refusal((outcome as PromiseRejectedResult).reason)).toMatchObject({ isStoreUnavailable: true });
    }

    expect(await items.find({}, { sort: { _id: 1 } }).toArray()).toEqual(before);
    expect(await items.find({ tag: 'tc' }).toArray()).toEqual([]);
    expect(await items.find({ tag: 'ta' }).toArray()).toEqual([{ _id: 'a', tag: 'ta', n: 1 }]);
    expect(await items.find({}, { sort: { n: -1 } }).toArray()).toEqual([before[1], before[0]]);
    expect((db.collection('items') as typeof items).indexDefinitions().map((index) => index.name)).toEqual([
      '_id_',
      'tag_1',
      'n_-1',
    ]);
    await expect(items.insertOne({ _id: 'd', tag: 'ta' })).rejects.toMatchObject({ code: 11000 });

    // The fault was one fdatasync: the store takes writes again without being reopened.
    await items.insertOne({ _id: 'd', tag: 'td', n: 5 });
    await close();
    expect(await reopened(dir)).toEqual({ items: [...before, { _id: 'd', tag: 'td', n: 5 }] });
  });

  it('restores a refused dropCollection whole', async () => {
    const dir = await tempDir();
    const { faults, db, close } = await openFaulty(dir);
    const kept = db.collection<LooseDoc>('kept');
    await kept.createIndex({ k: 1 }, { unique: true });
    await kept.insertMany([
      { _id: 1, k: 'x' },
      { _id: 2, k: 'y' },
    ]);
    faults.inject({ operation: 'fdatasync', code: 'EIO', times: 1 });
    await expect(db.dropCollection('kept')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await kept.find({ k: 'y' }).toArray()).toEqual([{ _id: 2, k: 'y' }]);
    await expect(kept.insertOne({ _id: 3, k: 'x' })).rejects.toMatchObject({ code: 11000 });
    expect(db.collectionNames()).toEqual(['kept']);
    await close();
    expect(await reopened(dir)).toEqual({
      kept: [
        { _id: 1, k: 'x' },
        { _id: 2, k: 'y' },
      ],
    });
  });
});

describe('reads while a write is in flight', () => {
  it('wait for it to be durable, and never return it if it is refused', async () => {
    const dir = await tempDir();
    const { faults, db, close } = await openFaulty(dir);
    const docs = db.collection<LooseDoc>('docs');
    await docs.insertMany([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 5 },
    ]);

    const sync = faults.pause('fdatasync');
    const update = docs.updateOne({ _id: 'a' }, { $set: { n: 2 } }).catch((e: unknown) => e);
    await sync.reached;
    const settled: string[] = [];
    const noting = <T>(name: string, promise: Promise<T>) =>
      promise.then((value) => {
        settled.push(name);
        return value;
      });
    const reads = [
      noting('findOne', docs.findOne({ _id: 'a' })),
      noting('find', docs.find({ n: 2 }).toArray()),
      noting('count', docs.countDocuments({ n: 2 })),
      // The pending write moves `a` out of this one: it sees it by its version before.
      noting('left', docs.find({ n: 1 }).toArray()),
      // A write that changes nothing still reports what it saw: only once that is durable.
      noting('noop', docs.updateOne({ _id: 'a' }, { $set: { n: 2 } })),
    ] as const;
    // Reads the pending write cannot change do not wait: another collection, another document.
    expect(await db.collection('other').countDocuments()).toBe(0);
    expect(await docs.findOne({ _id: 'b' })).toEqual({ _id: 'b', n: 5 });
    expect(await docs.countDocuments({ n: 5 })).toBe(1);
    expect(settled).toEqual([]);

    faults.inject({ operation: 'fdatasync', code: 'EIO', times: 1 });
    sync.resume();
    expect(await update).toBeInstanceOf(StoreUnavailableError);
    const [one, found, count, left, noop] = await Promise.all(reads);
    expect(one).toEqual({ _id: 'a', n: 1 });
    expect(found).toEqual([]);
    expect(count).toBe(0);
    expect(left).toEqual([{ _id: 'a', n: 1 }]);
    expect(noop).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    // The no-op update ran again once the refusal had been undone, and so made the change.
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2 });
    await close();
  });

  it('return a write that became durable', async () => {
    let release: () => void = () => {};
    const journal = {
      commit: () => new Promise<void>((resolve) => (release = resolve)),
      close: async () => {},
    };
    const docs = new EmbeddedDatabase(new Map(), journal).collection<LooseDoc>('docs');
    let acknowledged = false;
    const insert = docs.insertOne({ _id: 'a' }).then(() => (acknowledged = true));
    let counted: number | undefined;
    const count = docs.countDocuments().then((n) => (counted = n));
    await Promise.resolve();
    expect(acknowledged).toBe(false);
    expect(counted).toBeUndefined();
    release();
    await Promise.all([insert, count]);
    expect(acknowledged).toBe(true);
    expect(counted).toBe(1);
  });
});

describe('recovery and snapshots', () => {
  async function writeSomething(db: EmbeddedDatabase) {
    const users = db.collection<LooseDoc>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany([
      { _id: 'u1', email: 'a@x', n: 1 },
      { _id: 'u2', email: 'b@x', n: 2 },
      { _id: 3, email: 'c@x', n: 3 },
    ]);
    await users.updateOne({ _id: 'u2' }, { $inc: { n: 10 } });
    await users.deleteOne({ _id: 'u1' });
    await db.collection<LooseDoc>('scratch').insertOne({ _id: 's' });
    await db.dropCollection('scratch');
  }

  it('the journal replays into the same state, and indexes are rebuilt from it', async () => {
    const journal = new MemoryJournal();
    const db = new EmbeddedDatabase(new Map(), journal);
    await writeSomething(db);
    const recovered: DatabaseState = journal.recover();
    expect(recovered).toEqual(db.snapshot());

    const reopenedDb = new EmbeddedDatabase(recovered, new MemoryJournal());
    const users = reopenedDb.collection<LooseDoc>('users');
    expect(await users.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 3, email: 'c@x', n: 3 },
      { _id: 'u2', email: 'b@x', n: 12 },
    ]);
    expect(users.explain({ email: 'b@x' })).toMatchObject({
      plan: 'indexScan',
      index: 'email_1',
      docsExamined: 1,
    });
    await expect(users.insertOne({ _id: 'u9', email: 'c@x' })).rejects.toMatchObject({ code: 11000 });
    // The bulk-loaded trees take further writes.
    await users.insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: `n${i}`, email: `n${i}@x` })));
    await users.updateOne({ _id: 'u2' }, { $set: { email: 'z@x' } });
    expect(await users.findOne({ email: 'z@x' })).toMatchObject({ _id: 'u2' });
    expect(await users.countDocuments({ email: { $gte: 'n' } })).toBe(201);
    expect(users.explainCount({ email: { $gte: 'n' } })).toMatchObject({
      plan: 'indexScan',
      docsExamined: 0,
    });
    expect(reopenedDb.collectionNames()).toEqual(['users']);
  });

  it('a snapshot is a copy: later writes do not change it', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    await writeSomething(db);
    const snapshot = db.snapshot();
    await db.collection<LooseDoc>('users').deleteMany({});
    await db.collection<LooseDoc>('users').createIndex({ n: 1 });
    expect(snapshot.get('users')?.docs.size).toBe(2);
    expect(snapshot.get('users')?.indexes.map((index) => index.name)).toEqual(['email_1']);
    expect(snapshot.has('scratch')).toBe(false);
  });
});
