import { type Document, isDuplicateKeyError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { LooseDoc } from './fixtures';

async function usersWithEmails() {
  const journal = new MemoryJournal();
  const db = new EmbeddedDatabase(new Map(), journal, { name: 'quire' });
  const users = db.collection<LooseDoc>('users');
  await users.createIndex({ email: 1 }, { unique: true });
  await users.insertMany([
    { _id: 'u1', email: 'a@x', n: 1 },
    { _id: 'u2', email: 'b@x', n: 1 },
  ]);
  return { journal, db, users };
}

/** Runs `write`, expecting a duplicate key on `email`, and checks that memory and journal are unchanged. */
async function expectRefusedDuplicate(
  setup: Awaited<ReturnType<typeof usersWithEmails>>,
  write: () => Promise<unknown>,
  keyValue: Document = { email: 'a@x' },
) {
  const before = await setup.users.find({}, { sort: { _id: 1 } }).toArray();
  const batches = setup.journal.batches.length;
  const error = await write().then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(isDuplicateKeyError(error)).toBe(true);
  expect(error).toBeInstanceOf(DuplicateKeyError);
  expect(error).toMatchObject({ name: 'MongoServerError', code: 11000, keyPattern: { email: 1 }, keyValue });
  expect(await setup.users.find({}, { sort: { _id: 1 } }).toArray()).toEqual(before);
  expect(setup.journal.batches).toHaveLength(batches);
}

describe('unique indexes', () => {
  it('raise the driver error shape and message, for _id too', async () => {
    const setup = await usersWithEmails();
    const error = await setup.users.insertOne({ _id: 'u3', email: 'a@x' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'E11000 duplicate key error collection: quire.users index: email_1 dup key: { email: "a@x" }',
    );
    const byId = await setup.users.insertOne({ _id: 'u1' }).catch((e: unknown) => e);
    expect(byId).toMatchObject({ code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: 'u1' } });
    expect((byId as Error).message).toContain('index: _id_ dup key: { _id: "u1" }');
  });

  it('refuse inserts, updates, replacements, upserts and findOneAndUpdate, changing nothing', async () => {
    const setup = await usersWithEmails();
    const { users } = setup;
    await expectRefusedDuplicate(setup, () => users.insertOne({ _id: 'u3', email: 'a@x' }));
    await expectRefusedDuplicate(setup, () => users.updateOne({ _id: 'u2' }, { $set: { email: 'a@x' } }));
    await expectRefusedDuplicate(setup, () => users.replaceOne({ _id: 'u2' }, { email: 'a@x' }));
    await expectRefusedDuplicate(setup, () =>
      users.updateOne({ _id: 'u3' }, { $set: { email: 'a@x' } }, { upsert: true }),
    );
    await expectRefusedDuplicate(setup, () =>
      users.findOneAndUpdate({ _id: 'u2' }, { $set: { email: 'a@x' } }, { returnDocument: 'after' }),
    );
  });

  it('make updateMany all or nothing, including duplicates within the write', async () => {
    const setup = await usersWithEmails();
    await expectRefusedDuplicate(setup, () => setup.users.updateMany({}, { $set: { email: 'same@x' } }), {
      email: 'same@x',
    });
  });

  it('keep the documents before the first duplicate of an ordered insertMany, as MongoDB does, in one journal batch', async () => {
    const setup = await usersWithEmails();
    const { users, journal } = setup;
    const batches = journal.batches.length;
    const refusal = await users
      .insertMany([
        { _id: 'u3', email: 'c@x' },
        { _id: 'u4', email: 'd@x' },
        { _id: 'u5', email: 'd@x' },
        { _id: 'u6', email: 'e@x' },
      ])
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DuplicateKeyError);
    expect(refusal).toMatchObject({
      code: 11000,
      keyValue: { email: 'd@x' },
      insertedCount: 2,
      insertedIds: { 0: 'u3', 1: 'u4' },
      writeErrors: [{ index: 2, code: 11000 }],
    });
    expect((await users.find({}, { sort: { _id: 1 } }).toArray()).map((user) => user._id)).toEqual([
      'u1',
      'u2',
      'u3',
      'u4',
    ]);
    expect(journal.batches).toHaveLength(batches + 1);
    // Refused at the first document: nothing written, nothing journaled.
    await expectRefusedDuplicate(setup, () => users.insertMany([{ _id: 'u7', email: 'a@x' }, { _id: 'u8' }]));
    const byId = await users.insertMany([{ _id: 'u9' }, { _id: 'u9' }]).catch((e: unknown) => e);
    expect(byId).toMatchObject({ code: 11000, keyValue: { _id: 'u9' }, insertedCount: 1 });
  });

  it('check a multi-document write as a whole: keys freed by the same write are free', async () => {
    const { db } = await usersWithEmails();
    const ranks = db.collection<LooseDoc>('ranks');
    await ranks.createIndex({ rank: 1 }, { unique: true });
    await ranks.insertMany([
      { _id: 'r1', rank: 1 },
      { _id: 'r2', rank: 2 },
    ]);
    // r1 moves to 2, which r2 holds before the write and gives up in it.
    expect(await ranks.updateMany({}, { $inc: { rank: 1 } })).toMatchObject({ modifiedCount: 2 });
    expect(await ranks.find({}, { sort: { rank: 1 } }).toArray()).toEqual([
      { _id: 'r1', rank: 2 },
      { _id: 'r2', rank: 3 },
    ]);
  });

  it('free the keys of deleted and changed documents', async () => {
    const { users } = await usersWithEmails();
    await users.deleteOne({ _id: 'u1' });
    await users.insertOne({ _id: 'u3', email: 'a@x' });
    await users.updateOne({ _id: 'u2' }, { $set: { email: 'c@x' } });
    await users.insertOne({ _id: 'u4', email: 'b@x' });
    expect(await users.countDocuments()).toBe(3);
  });

  it('treat a missing field as null, and arrays element by element', async () => {
    const { db } = await usersWithEmails();
    const tags = db.collection<LooseDoc>('tags');
    await tags.createIndex({ tag: 1 }, { unique: true });
    await tags.insertOne({ _id: 't1' });
    expect(await tags.insertOne({ _id: 't2' }).catch((e: unknown) => e)).toMatchObject({
      keyValue: { tag: null },
    });
    await tags.insertOne({ _id: 't3', tag: ['x', 'y', 'x'] });
    expect(await tags.insertOne({ _id: 't4', tag: 'y' }).catch((e: unknown) => e)).toMatchObject({
      keyValue: { tag: 'y' },
    });
    await tags.updateOne({ _id: 't3' }, { $set: { tag: ['x'] } });
    await tags.insertOne({ _id: 't4', tag: 'y' });
  });

  it('refuse documents with parallel arrays in a compound index', async () => {
    const { db } = await usersWithEmails();
    const pairs = db.collection<LooseDoc>('pairs');
    await pairs.createIndex({ a: 1, b: 1 });
    await expect(pairs.insertOne({ _id: 'p', a: [1], b: [2] })).rejects.toMatchObject({
      code: 171,
      message: expect.stringContaining('cannot index parallel arrays'),
    });
    expect(await pairs.countDocuments()).toBe(0);
  });
});

describe('createIndex', () => {
  it('names indexes like MongoDB, is idempotent, and journals only new indexes', async () => {
    const journal = new MemoryJournal();
    const docs = new EmbeddedDatabase(new Map(), journal).collection<LooseDoc>('docs');
    expect(await docs.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    expect(await docs.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    expect(await docs.createIndex('c')).toBe('c_1');
    expect(await docs.createIndex([['d', -1]])).toBe('d_-1');
    expect(await docs.createIndex({ e: 1 }, { unique: true, name: 'by_e' })).toBe('by_e');
    expect(await docs.createIndex({ _id: 1 })).toBe('_id_');
    expect(journal.batches).toEqual([
      [
        {
          op: 'createIndex',
          c: 'docs',
          index: {
            name: 'a_1_b_-1',
            key: [
              ['a', 1],
              ['b', -1],
            ],
            unique: false,
          },
        },
      ],
      [{ op: 'createIndex', c: 'docs', index: { name: 'c_1', key: [['c', 1]], unique: false } }],
      [{ op: 'createIndex', c: 'docs', index: { name: 'd_-1', key: [['d', -1]], unique: false } }],
      [{ op: 'createIndex', c: 'docs', index: { name: 'by_e', key: [['e', 1]], unique: true } }],
    ]);
    expect(docs.indexDefinitions().map((index) => index.name)).toEqual([
      '_id_',
      'a_1_b_-1',
      'c_1',
      'd_-1',
      'by_e',
    ]);
  });

  it('refuses conflicting names, keys and unsupported index kinds', async () => {
    const docs = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('docs');
    await docs.createIndex({ a: 1 }, { name: 'mine' });
    await expect(docs.createIndex({ b: 1 }, { name: 'mine' })).rejects.toMatchObject({ code: 86 });
    await expect(docs.createIndex({ a: 1 }, { name: 'other' })).rejects.toMatchObject({ code: 85 });
    await expect(docs.createIndex({ a: 1 }, { name: 'mine', unique: true })).rejects.toMatchObject({
      code: 86,
    });
    await expect(docs.createIndex({ t: 'text' } as never)).rejects.toThrow(/Index type 'text'/);
    await expect(docs.createIndex({ t: 1 }, { sparse: true } as never)).rejects.toThrow(
      /'sparse' is not supported/,
    );
    await expect(docs.createIndex({})).rejects.toThrow(/empty/);
  });

  it('refuses a unique index over existing duplicates, leaving no index and no journal entry', async () => {
    const journal = new MemoryJournal();
    const docs = new EmbeddedDatabase(new Map(), journal).collection<LooseDoc>('docs');
    await docs.insertMany([
      { _id: 'a', k: 1 },
      { _id: 'b', k: 1 },
    ]);
    await expect(docs.createIndex({ k: 1 }, { unique: true })).rejects.toMatchObject({
      code: 11000,
      keyValue: { k: 1 },
    });
    expect(journal.batches).toHaveLength(1);
    expect(docs.indexDefinitions()).toHaveLength(1);
    await docs.insertOne({ _id: 'c', k: 1 });
  });
});
