/**
 * The open-comment counters of spaces and change requests: moved by the comment repository
 * with every post, resolve, reopen and delete, and recounted after a crash left them off.
 */
import type { CommentRecord } from '@quire/domain';
import type { Store } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { recountCommentCounters } from '../../src/maintenance/recount-comment-counters';
import { MongoCommentRepository } from '../../src/repositories/comments/comment-repository';

interface LooseDocument {
  _id: string;
  [field: string]: unknown;
}

const AT = '2030-01-01T00:00:00.000Z';

function memoryStore(): Store {
  const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
  return { engine: 'embedded', db, ping: async () => {}, close: async () => {} };
}

function comment(id: string, spaceId: string, changeRequestId: string | null): CommentRecord {
  return {
    id,
    spaceId,
    changeRequestId,
    postedBy: 'u1',
    postedAt: AT,
    body: 'Hi',
    target: { revision: 'r0' },
    reactions: [],
    replies: 0,
    status: 'open',
  };
}

async function seed(store: Store) {
  await store.db
    .collection<LooseDocument>('spaces')
    .insertOne({ _id: 's1', counters: { comments: 0, changeRequests: 1 } });
  await store.db
    .collection<LooseDocument>('changeRequests')
    .insertOne({ _id: 'cr1', spaceId: 's1', comments: 0 });
}

const spaceCount = async (store: Store) => {
  const space = await store.db.collection<LooseDocument>('spaces').findOne({ _id: 's1' });
  return (space?.counters as { comments?: number } | undefined)?.comments;
};
const changeRequestCount = async (store: Store) =>
  (await store.db.collection<LooseDocument>('changeRequests').findOne({ _id: 'cr1' }))?.comments;

describe('the open-comment counters', () => {
  it('follow post, resolve, reopen and delete, apart for the space and its change request', async () => {
    const store = memoryStore();
    await seed(store);
    const repo = new MongoCommentRepository(store.db);
    await repo.insert(comment('a', 's1', null));
    await repo.insert(comment('b', 's1', null));
    await repo.insert(comment('c', 's1', 'cr1'));
    expect([await spaceCount(store), await changeRequestCount(store)]).toEqual([2, 1]);
    await repo.update('a', { status: { status: 'resolved', resolvedAt: AT, resolvedBy: 'u1' } });
    // A second resolve finds it resolved already: the counter does not move twice.
    await repo.update('a', { status: { status: 'resolved', resolvedAt: AT, resolvedBy: 'u2' } });
    expect(await spaceCount(store)).toBe(1);
    expect((await repo.findById('a'))?.resolvedBy).toBe('u1');
    await repo.update('a', { status: { status: 'open' } });
    expect(await spaceCount(store)).toBe(2);
    expect((await repo.findById('a'))?.resolvedAt).toBeUndefined();
    await repo.remove('b');
    await repo.remove('c');
    expect([await spaceCount(store), await changeRequestCount(store)]).toEqual([1, 0]);
    expect(await repo.remove('c')).toBe(false);
    expect((await recountCommentCounters(store.db)).corrections).toEqual([]);
  });

  it('are recounted after a comment was written without its $inc', async () => {
    const store = memoryStore();
    await seed(store);
    const { id: _a, ...lostOnSpace } = comment('a', 's1', null);
    const { id: _b, ...lostInChangeRequest } = comment('b', 's1', 'cr1');
    const comments = store.db.collection<LooseDocument>('comments');
    await comments.insertOne({ _id: 'a', ...lostOnSpace });
    await comments.insertOne({ _id: 'b', ...lostInChangeRequest });
    await comments.insertOne({ _id: 'c', ...lostInChangeRequest, status: 'resolved' });
    const report = await recountCommentCounters(store.db);
    expect(report).toEqual({
      spaces: 1,
      changeRequests: 1,
      corrections: [
        { owner: 'space', id: 's1', was: 0, now: 1 },
        { owner: 'changeRequest', id: 'cr1', was: 0, now: 1 },
      ],
    });
    expect([await spaceCount(store), await changeRequestCount(store)]).toEqual([1, 1]);
    // The space's other counters are left alone.
    expect((await store.db.collection<LooseDocument>('spaces').findOne({ _id: 's1' }))?.counters).toEqual({
      comments: 1,
      changeRequests: 1,
    });
  });
});
