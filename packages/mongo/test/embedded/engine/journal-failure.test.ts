import { describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal, StoreFailedError } from '../../../src/embedded/engine';
import type { DatabaseState } from '../../../src/embedded/journal-types';
import type { LooseDoc } from './fixtures';

describe('journaling', () => {
  it('acknowledges a write only after its batch is committed', async () => {
    let release: () => void = () => {};
    const journal = {
      commit: () => new Promise<void>((resolve) => (release = resolve)),
      close: async () => {},
    };
    const docs = new EmbeddedDatabase(new Map(), journal).collection<LooseDoc>('docs');
    let acknowledged = false;
    const insert = docs.insertOne({ _id: 'a' }).then(() => (acknowledged = true));
    await Promise.resolve();
    expect(acknowledged).toBe(false);
    // Applied to memory at once: later operations see it (like a primary at w:1).
    expect(await docs.countDocuments()).toBe(1);
    release();
    await insert;
    expect(acknowledged).toBe(true);
  });

  it('rejects the write whose commit fails, then refuses every write until reopened', async () => {
    const journal = new MemoryJournal();
    const db = new EmbeddedDatabase(new Map(), journal);
    const docs = db.collection<LooseDoc>('docs');
    await docs.insertOne({ _id: 'a', n: 1 });
    const diskError = new Error('EIO: i/o error, fdatasync');
    journal.fail(diskError);
    await expect(docs.updateOne({ _id: 'a' }, { $inc: { n: 1 } })).rejects.toBe(diskError);
    const refusals = [
      () => docs.insertOne({ _id: 'b' }),
      () => docs.updateOne({ _id: 'a' }, { $inc: { n: 1 } }),
      () => docs.deleteMany({}),
      () => docs.createIndex({ n: 1 }),
      () => db.collection<LooseDoc>('other').insertOne({}),
      () => db.dropCollection('docs'),
    ];
    for (const refused of refusals) {
      const error = await refused().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreFailedError);
      expect((error as Error).message).toMatch(
        /journal failed \(EIO: i\/o error, fdatasync\).*must be reopened/,
      );
      expect((error as Error).cause).toBe(diskError);
    }
    // Reads still work; they may show the write that did not become durable.
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2 });
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

    const reopened = new EmbeddedDatabase(recovered, new MemoryJournal());
    const users = reopened.collection<LooseDoc>('users');
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
    expect(reopened.collectionNames()).toEqual(['users']);
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
