/**
 * `withAttachedWrite` on MongoDB, as far as the real driver goes without a server: its own
 * `MongoClient`, sessions and `withTransaction` (a transaction that sent nothing to a server
 * commits and aborts locally), in front of stand-in collections that record what they were
 * called with. What a real server does with the transaction (the atomic commit itself) is
 * not verified here: no MongoDB can run on this machine.
 */
import { type ClientSession, Collection, Db, MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { attachedWritesOver, changedBy } from '../src/mongodb/attached-writes';

interface Call {
  collection: string;
  method: string;
  args: unknown[];
  session: ClientSession | undefined;
  inTransaction: boolean;
}

const client = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=200');
afterAll(() => client.close());

/**
 * A stand-in database whose collections answer writes with `answers['<collection>.<method>']`
 * or `answers[method]` and record each call.
 */
function standIn(answers: Record<string, unknown> = {}) {
  const calls: Call[] = [];
  const collection = (name: string) => {
    const write =
      (method: string) =>
      async (...args: unknown[]) => {
        const options = args.at(-1) as { session?: ClientSession } | undefined;
        const session = options?.session;
        calls.push({
          collection: name,
          method,
          args,
          session,
          inTransaction: session?.inTransaction() ?? false,
        });
        const answer = answers[`${name}.${method}`] ?? answers[method];
        if (answer instanceof Error) throw answer;
        return answer ?? { insertedId: args[0], modifiedCount: 1, upsertedCount: 0, deletedCount: 1 };
      };
    return {
      collectionName: name,
      insertOne: write('insertOne'),
      updateOne: write('updateOne'),
      deleteOne: write('deleteOne'),
      findOne: async () => null,
    };
  };
  return { calls, db: { collection } as unknown as Db };
}

/** Documents with string ids (the driver's default `Document` wants an ObjectId). */
interface Loose {
  _id: string;
  [field: string]: unknown;
}

const event = (id: string) => () => ({ collection: 'auditEvents', document: { _id: id, action: 'x' } });

describe('a write carrying an attached document on MongoDB', () => {
  it('runs in a transaction with the attached insert, both with one session of the real driver', async () => {
    const { calls, db } = standIn();
    const attached = attachedWritesOver(client, db);
    await attached.withAttachedWrite(event('e1'), async () => {
      await attached.db
        .collection<Loose>('spaces')
        .updateOne({ _id: 's' }, { $set: { title: 'T' } }, { upsert: false });
      await attached.db.collection<Loose>('spaces').deleteOne({ _id: 's' });
    });
    expect(calls.map((call) => [call.collection, call.method, call.inTransaction])).toEqual([
      ['spaces', 'updateOne', true],
      ['auditEvents', 'insertOne', true],
      ['spaces', 'deleteOne', false],
    ]);
    expect(calls[0]!.session).toBe(calls[1]!.session);
    // The caller's own options are kept beside the session.
    expect(calls[0]!.args[2]).toMatchObject({ upsert: false });
    expect(calls[1]!.args[0]).toEqual({ _id: 'e1', action: 'x' });
    expect(calls[2]!.session).toBeUndefined();
  });

  it('leaves the scope open after a write that changed nothing: the next write takes the document', async () => {
    const { calls, db } = standIn({ updateOne: { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 } });
    const attached = attachedWritesOver(client, db);
    await attached.withAttachedWrite(event('e2'), async () => {
      await attached.db.collection<Loose>('spaces').updateOne({ _id: 'missing' }, { $set: { n: 1 } });
      await attached.db.collection<Loose>('spaces').insertOne({ _id: 'a' });
    });
    expect(calls.map((call) => [call.collection, call.method, call.inTransaction])).toEqual([
      ['spaces', 'updateOne', true],
      ['spaces', 'insertOne', true],
      ['auditEvents', 'insertOne', true],
    ]);
  });

  it('aborts the transaction on a refused write, inserting nothing, and lets the next write try', async () => {
    const duplicate = Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    const { calls, db } = standIn({ 'spaces.insertOne': duplicate });
    const attached = attachedWritesOver(client, db);
    await attached.withAttachedWrite(event('e3'), async () => {
      await expect(attached.db.collection<Loose>('spaces').insertOne({ _id: 'a' })).rejects.toBe(duplicate);
      await attached.db.collection<Loose>('spaces').deleteOne({ _id: 'b' });
    });
    expect((calls[0]!.session as unknown as { transaction: { state: string } }).transaction.state).toBe(
      'TRANSACTION_ABORTED',
    );
    expect(calls.map((call) => [call.collection, call.method])).toEqual([
      ['spaces', 'insertOne'],
      ['spaces', 'deleteOne'],
      ['auditEvents', 'insertOne'],
    ]);
  });

  it('passes over the collections it is told to', async () => {
    const { calls, db } = standIn();
    const attached = attachedWritesOver(client, db);
    await attached.withAttachedWrite(
      event('e5'),
      async () => {
        await attached.db.collection<Loose>('treeLocks').insertOne({ _id: 'lock' });
        await attached.db.collection<Loose>('spaces').insertOne({ _id: 'a' });
      },
      { passOver: new Set(['treeLocks']) },
    );
    expect(calls.map((call) => [call.collection, call.method, call.inTransaction])).toEqual([
      ['treeLocks', 'insertOne', false],
      ['spaces', 'insertOne', true],
      ['auditEvents', 'insertOne', true],
    ]);
  });

  it('passes writes outside a scope, and reads, straight to the collection', async () => {
    const { calls, db } = standIn();
    const attached = attachedWritesOver(client, db);
    await attached.db.collection<Loose>('spaces').insertOne({ _id: 'a' });
    await attached.withAttachedWrite(event('e4'), () =>
      attached.db.collection<Loose>('spaces').findOne({ _id: 'a' }),
    );
    expect(calls.map((call) => [call.method, call.session])).toEqual([['insertOne', undefined]]);
  });

  it("keeps the driver's own objects: the database is a Db, its collections Collections", () => {
    const attached = attachedWritesOver(client, client.db('quire'));
    expect(attached.db).toBeInstanceOf(Db);
    expect(attached.db.databaseName).toBe('quire');
    const spaces = attached.db.collection<Loose>('spaces');
    expect(spaces).toBeInstanceOf(Collection);
    expect(spaces.collectionName).toBe('spaces');
    expect(attached.db.collection<Loose>('spaces')).toBe(spaces);
  });

  it("reads whether a write changed something from the driver's result shapes", () => {
    expect(changedBy('insertOne', { insertedId: 1 })).toBe(true);
    expect(changedBy('updateOne', { matchedCount: 1, modifiedCount: 0, upsertedCount: 0 })).toBe(false);
    expect(changedBy('updateOne', { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 })).toBe(true);
    expect(changedBy('deleteMany', { deletedCount: 0 })).toBe(false);
    expect(changedBy('findOneAndUpdate', null)).toBe(false);
    expect(changedBy('findOneAndDelete', { _id: 1 })).toBe(true);
    expect(changedBy('insertMany', { insertedCount: 2 })).toBe(true);
  });
});
