/**
 * Recounts the open-comment counters: each space's `counters.comments` (its own comments)
 * and each change request's `comments`, from the open comments of each. The comment
 * repository writes a comment, then moves the counter by `$inc`: a crash between the two
 * leaves it off, and this puts it right.
 *
 * Runs where the other recounts run (see reconcile-after-unclean-shutdown.ts), with the
 * same guarantee that nothing else writes. Owners are read in pages of ids, and the open
 * comments of each page in one query (index `{spaceId, changeRequestId, status, _id}` for
 * spaces), so memory stays bounded by a page's open comments.
 */
import type { StoreCollection, StoreDatabase } from '@quire/store';
import type { CommentDocument } from '../repositories/comments/comment-repository';

const PAGE_SIZE = 200;

export interface CommentCounterCorrection {
  /** 'space' for `counters.comments` of a space, 'changeRequest' for `comments` of a change request. */
  owner: 'space' | 'changeRequest';
  id: string;
  was: number | undefined;
  now: number;
}

export interface CommentRecount {
  spaces: number;
  changeRequests: number;
  corrections: CommentCounterCorrection[];
}

interface Owner {
  _id: string;
  counters?: { comments?: number };
  comments?: number;
}

/** The owner kinds: where they are stored, which comments are theirs, and where their counter is. */
const OWNERS = {
  space: {
    collection: 'spaces',
    commentsOf: (ids: string[]) => ({
      spaceId: { $in: ids },
      changeRequestId: null,
      status: 'open' as const,
    }),
    ownerOf: (comment: Pick<CommentDocument, 'spaceId' | 'changeRequestId'>) => comment.spaceId,
    counterOf: (owner: Owner) => owner.counters?.comments,
    counterField: 'counters.comments',
  },
  changeRequest: {
    collection: 'changeRequests',
    commentsOf: (ids: string[]) => ({ changeRequestId: { $in: ids }, status: 'open' as const }),
    ownerOf: (comment: Pick<CommentDocument, 'spaceId' | 'changeRequestId'>) => comment.changeRequestId ?? '',
    counterOf: (owner: Owner) => owner.comments,
    counterField: 'comments',
  },
} as const;

async function recountOwners(
  db: StoreDatabase,
  kind: keyof typeof OWNERS,
  corrections: CommentCounterCorrection[],
): Promise<number> {
  const spec = OWNERS[kind];
  const owners: StoreCollection<Owner> = db.collection<Owner>(spec.collection);
  const comments = db.collection<CommentDocument>('comments');
  let done = 0;
  let after: string | undefined;
  for (;;) {
    const page = await owners
      .find(after === undefined ? {} : { _id: { $gt: after } }, {
        sort: { _id: 1 },
        limit: PAGE_SIZE,
        projection: { _id: 1, counters: 1, comments: 1 },
      })
      .toArray();
    if (page.length === 0) break;
    const open = await comments
      .find(spec.commentsOf(page.map((owner) => owner._id)), {
        projection: { spaceId: 1, changeRequestId: 1 },
      })
      .toArray();
    const counts = new Map<string, number>();
    for (const comment of open) {
      const ownerId = spec.ownerOf(comment);
      counts.set(ownerId, (counts.get(ownerId) ?? 0) + 1);
    }
    for (const owner of page) {
      const now = counts.get(owner._id) ?? 0;
      const was = spec.counterOf(owner);
      if (was === now) continue;
      corrections.push({ owner: kind, id: owner._id, was, now });
      await owners.updateOne({ _id: owner._id }, { $set: { [spec.counterField]: now } });
    }
    done += page.length;
    after = page[page.length - 1]?._id;
  }
  return done;
}

export async function recountCommentCounters(db: StoreDatabase): Promise<CommentRecount> {
  const corrections: CommentCounterCorrection[] = [];
  const spaces = await recountOwners(db, 'space', corrections);
  const changeRequests = await recountOwners(db, 'changeRequest', corrections);
  return { spaces, changeRequests, corrections };
}
