/**
 * Reactions on comments and replies under concurrency: every interleaving of people reacting
 * at once (fast-check's scheduler orders the store calls) keeps every reaction, one per
 * person and emoji. The whole-list read-modify-write this replaced lost reactions here.
 */
import type { CommentRecord, CommentReplyRecord } from '@quire/domain';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MongoCommentReplyRepository } from '../../src/repositories/comments/comment-reply-repository';
import { MongoCommentRepository } from '../../src/repositories/comments/comment-repository';
import { scheduledDatabase } from '../maintenance/interleaved-database';

const AT = '2030-01-01T00:00:00.000Z';

const comment: CommentRecord = {
  id: 'c1',
  spaceId: 's1',
  changeRequestId: null,
  postedBy: 'u0',
  postedAt: AT,
  body: 'Hi',
  target: { revision: 'r0' },
  reactions: [],
  replies: 0,
  status: 'open',
};

const reply: CommentReplyRecord = {
  id: 'r1',
  commentId: 'c1',
  spaceId: 's1',
  postedBy: 'u0',
  postedAt: AT,
  body: 'Hello',
  reactions: [],
};

const emptyDatabase = () => new EmbeddedDatabase(new Map(), new MemoryJournal());
const reaction = (userId: string, emoji: string) => ({ userId, emoji });
const sortedPairs = (reactions: readonly { userId: string; emoji: string }[]) =>
  reactions.map(({ userId, emoji }) => `${userId} ${emoji}`).sort();

describe('reactions', () => {
  it('on a comment: people reacting at once all land, in every order of the store calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (scheduler) => {
        const inner = emptyDatabase();
        await new MongoCommentRepository(inner).insert(comment);
        const repo = new MongoCommentRepository(scheduledDatabase(inner, scheduler));
        const writes = Promise.all([
          repo.update('c1', { reactions: { userId: 'u1', added: ['👍'], removed: [], at: AT } }),
          repo.update('c1', { reactions: { userId: 'u2', added: ['👍', '🎉'], removed: [], at: AT } }),
          repo.update('c1', { reactions: { userId: 'u3', added: ['🎉'], removed: [], at: AT } }),
          // The same person twice at once: one reaction.
          repo.update('c1', { reactions: { userId: 'u3', added: ['🎉'], removed: [], at: AT } }),
          repo.update('c1', { body: 'Edited', editedAt: AT }),
        ]);
        await scheduler.waitFor(writes);
        const after = await new MongoCommentRepository(inner).findById('c1');
        expect(after?.body).toBe('Edited');
        expect(sortedPairs(after?.reactions ?? [])).toEqual(
          sortedPairs([
            reaction('u1', '👍'),
            reaction('u2', '👍'),
            reaction('u2', '🎉'),
            reaction('u3', '🎉'),
          ]),
        );
      }),
      { numRuns: 60, seed: 20261123 },
    );
  });

  it('on a reply: a removal takes back only the caller’s own, and removing one never made changes nothing', async () => {
    const db = emptyDatabase();
    await new MongoCommentRepository(db).insert(comment);
    const repo = new MongoCommentReplyRepository(db);
    await repo.insert(reply);
    await Promise.all([
      repo.update('r1', { reactions: { userId: 'u1', added: ['👍', '🚀'], removed: [], at: AT } }),
      repo.update('r1', { reactions: { userId: 'u2', added: ['👍'], removed: [], at: AT } }),
    ]);
    const after = await repo.update('r1', {
      reactions: { userId: 'u1', added: [], removed: ['👍', '🎉'], at: AT },
    });
    expect(sortedPairs(after?.reactions ?? [])).toEqual(
      sortedPairs([reaction('u1', '🚀'), reaction('u2', '👍')]),
    );
    expect(after?.reactions.every((r) => r.reactedAt === AT)).toBe(true);
  });

  it('a change to a comment that is gone is null', async () => {
    const repo = new MongoCommentRepository(emptyDatabase());
    expect(
      await repo.update('nope', { reactions: { userId: 'u1', added: ['👍'], removed: [], at: AT } }),
    ).toBe(null);
  });
});
