import type {
  CommentChanges,
  CommentFilter,
  CommentRecord,
  CommentRepository,
  CommentScope,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase, UpdateFilter } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';
import { writeReactionChange } from './reaction-writes';

const COLLECTION = 'comments';
/** The replies of a comment go with it. */
const REPLIES = 'commentReplies';
/** The space records, whose `counters.comments` counts their own open comments. */
const SPACES = 'spaces';
/** The change requests, whose `comments` counts their open comments. */
const CHANGE_REQUESTS = 'changeRequests';

/** A comment as stored: the record with its id as `_id`. */
export interface CommentDocument extends Omit<CommentRecord, 'id'> {
  _id: string;
}

export const commentIndexes: CollectionIndexes[] = [
  defineIndexes<CommentDocument>(COLLECTION, [
    // Every comment of a scope, by id (ids are time-ordered): the lists without a filter.
    { key: { spaceId: 1, changeRequestId: 1, _id: 1 } },
    // The status filter (and the startup recount of open comments).
    { key: { spaceId: 1, changeRequestId: 1, status: 1, _id: 1 } },
    // The page filter.
    { key: { spaceId: 1, changeRequestId: 1, 'target.page.id': 1, _id: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: CommentDocument): CommentRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: CommentRecord): CommentDocument => ({ _id: id, ...rest });

/** The store filter of a list: typed values in fixed fields, never an operator from a request. */
function listFilter(scope: CommentScope, filter: CommentFilter): Filter<CommentDocument> {
  const query: Filter<CommentDocument> = { spaceId: scope.spaceId, changeRequestId: scope.changeRequestId };
  if (filter.status !== undefined) query.status = filter.status;
  if (filter.targetPage !== undefined) query['target.page.id'] = filter.targetPage;
  if (filter.authors !== undefined) query.postedBy = { $in: [...filter.authors] };
  return query;
}

/**
 * The store update of `changes` but the reactions (`reaction-writes.ts`): resolving sets who
 * and when, reopening unsets them.
 */
function updateOf(changes: Omit<CommentChanges, 'reactions'>): UpdateFilter<CommentDocument> {
  const set: Partial<CommentDocument> = {};
  if (changes.body !== undefined) set.body = changes.body;
  if (changes.editedAt !== undefined) set.editedAt = changes.editedAt;
  if (changes.status?.status === 'resolved') {
    set.status = 'resolved';
    set.resolvedAt = changes.status.resolvedAt;
    set.resolvedBy = changes.status.resolvedBy;
  }
  if (changes.status?.status === 'open') {
    set.status = 'open';
    return { $set: set, $unset: { resolvedAt: '', resolvedBy: '' } };
  }
  return { $set: set };
}

export class MongoCommentRepository implements CommentRepository {
  readonly #comments: StoreCollection<CommentDocument>;
  readonly #replies: StoreCollection<{ _id: string; commentId: string; postedBy: string }>;
  readonly #spaces: StoreCollection<{ _id: string }>;
  readonly #changeRequests: StoreCollection<{ _id: string }>;

  constructor(db: StoreDatabase) {
    this.#comments = db.collection<CommentDocument>(COLLECTION);
    this.#replies = db.collection(REPLIES);
    this.#spaces = db.collection(SPACES);
    this.#changeRequests = db.collection(CHANGE_REQUESTS);
  }

  /** Moves the open-comment counter of a comment's scope, after the comment itself was written. */
  async #moveCounter(comment: Pick<CommentRecord, 'spaceId' | 'changeRequestId'>, by: number): Promise<void> {
    if (comment.changeRequestId === null)
      await this.#spaces.updateOne({ _id: comment.spaceId }, { $inc: { 'counters.comments': by } });
    else await this.#changeRequests.updateOne({ _id: comment.changeRequestId }, { $inc: { comments: by } });
  }

  async insert(comment: CommentRecord): Promise<void> {
    await this.#comments.insertOne(toDocument(comment));
    if (comment.status === 'open') await this.#moveCounter(comment, 1);
  }

  async findById(id: string): Promise<CommentRecord | null> {
    const doc = await this.#comments.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  list(
    scope: CommentScope,
    filter: CommentFilter,
    order: 'asc' | 'desc',
    page: PageRequest,
  ): Promise<Slice<CommentRecord>> {
    const direction = order === 'asc' ? 1 : -1;
    return findPage(this.#comments, listFilter(scope, filter), { direction }, page, toRecord);
  }

  count(scope: CommentScope, filter: CommentFilter): Promise<number> {
    return this.#comments.countDocuments(listFilter(scope, filter));
  }

  async update(id: string, changes: CommentChanges): Promise<CommentRecord | null> {
    const { reactions, ...fields } = changes;
    if (reactions !== undefined) await writeReactionChange(this.#comments, id, reactions);
    const doc = await this.#updateFields(id, fields);
    return doc ? toRecord(doc) : null;
  }

  /** Writes the changed fields (the whole comment when none), moving the counter when the status changed. */
  async #updateFields(
    id: string,
    changes: Omit<CommentChanges, 'reactions'>,
  ): Promise<CommentDocument | null> {
    if (Object.keys(changes).length === 0) return this.#comments.findOne({ _id: id });
    const filter: Filter<CommentDocument> = { _id: id };
    // A status change applies only from the other status, so of two concurrent resolves one
    // moves the counter.
    if (changes.status !== undefined) filter.status = changes.status.status === 'open' ? 'resolved' : 'open';
    const doc = await this.#comments.findOneAndUpdate(filter, updateOf(changes), { returnDocument: 'after' });
    if (!doc) {
      if (changes.status === undefined) return null;
      const { status: _alreadyThere, ...rest } = changes;
      return this.#updateFields(id, rest);
    }
    if (changes.status !== undefined) await this.#moveCounter(doc, changes.status.status === 'open' ? 1 : -1);
    return doc;
  }

  async remove(id: string): Promise<boolean> {
    const doc = await this.#comments.findOneAndDelete({ _id: id });
    if (!doc) return false;
    await this.#replies.deleteMany({ commentId: id });
    if (doc.status === 'open') await this.#moveCounter(doc, -1);
    return true;
  }

  async commenters(scope: CommentScope): Promise<string[]> {
    const comments = await this.#comments
      .find(listFilter(scope, {}), { projection: { _id: 1, postedBy: 1 } })
      .toArray();
    const people = new Set(comments.map((comment) => comment.postedBy));
    if (comments.length > 0) {
      const replies = await this.#replies
        .find({ commentId: { $in: comments.map((comment) => comment._id) } }, { projection: { postedBy: 1 } })
        .toArray();
      for (const reply of replies) people.add(reply.postedBy);
    }
    return [...people].sort();
  }
}
