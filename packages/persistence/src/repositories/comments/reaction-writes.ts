/**
 * Reactions written one conditional update at a time: a push of `{emoji, userId}` only where
 * that person has no reaction with that emoji yet and fewer than `MAX_REACTIONS_PER_PERSON`,
 * then one pull of the ones taken back. Two people reacting at once both land (a
 * read-modify-write of the whole list lost one), a person reacting twice with the same emoji
 * at once lands once, and a person's updates sent at once never hold more than the cap
 * together (the count is part of each push's condition, not read before it).
 */
import { MAX_REACTIONS_PER_PERSON, type ReactionChange, type ReactionRecord } from '@quire/domain';
import type { Filter, StoreCollection, UpdateFilter } from '@quire/store';

interface WithReactions {
  _id: string;
  reactions: ReactionRecord[];
}

export async function writeReactionChange<T extends WithReactions>(
  collection: StoreCollection<T>,
  id: string,
  change: ReactionChange,
): Promise<void> {
  const { userId } = change;
  for (const emoji of new Set(change.added)) {
    const notYet = {
      _id: id,
      reactions: { $not: { $elemMatch: { emoji, userId } } },
      $expr: { $lt: [reactionsOf(userId), MAX_REACTIONS_PER_PERSON] },
    } as unknown as Filter<T>;
    const push = {
      $push: { reactions: { emoji, userId, reactedAt: change.at } },
    } as unknown as UpdateFilter<T>;
    await collection.updateOne(notYet, push);
  }
  if (change.removed.length > 0) {
    const pull = {
      $pull: { reactions: { userId, emoji: { $in: [...change.removed] } } },
    } as unknown as UpdateFilter<T>;
    await collection.updateOne({ _id: id } as Filter<T>, pull);
  }
}

/** How many reactions `userId` holds on the document, as an aggregation expression. */
const reactionsOf = (userId: string) => ({
  $size: {
    $filter: {
      input: { $ifNull: ['$reactions', []] },
      as: 'reaction',
      cond: { $eq: ['$$reaction.userId', { $literal: userId }] },
    },
  },
});
