import type {
  CommentReplyChanges,
  CommentReplyRecord,
  CommentReplyRepository,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';
import { writeReactionChange } from './reaction-writes';

const COLLECTION = 'commentReplies';
/** The comments, whose `replies` counts their replies. */
const COMMENTS = 'comments';

/** A reply as stored: the record with its id as `_id`. */
export interface CommentReplyDocument extends Omit<CommentReplyRecord, 'id'> {
  _id: string;
}

export const commentReplyIndexes: CollectionIndexes[] = [
  // The replies of a comment, oldest first (and all of them when the comment goes).
  defineIndexes<CommentReplyDocument>(COLLECTION, [{ key: { commentId: 1, _id: 1 } }]),
];

const toRecord = ({ _id, ...rest }: CommentReplyDocument): CommentReplyRecord => ({ id: _id, ...rest });
const toDocument = ({ id, ...rest }: CommentReplyRecord): CommentReplyDocument => ({ _id: id, ...rest });

export class MongoCommentReplyRepository implements CommentReplyRepository {
  readonly #replies: StoreCollection<CommentReplyDocument>;
  readonly #comments: StoreCollection<{ _id: string; replies: number }>;

  constructor(db: StoreDatabase) {
    this.#replies = db.collection<CommentReplyDocument>(COLLECTION);
    this.#comments = db.collection(COMMENTS);
  }

  async insert(reply: CommentReplyRecord): Promise<void> {
    await this.#replies.insertOne(toDocument(reply));
    await this.#comments.updateOne({ _id: reply.commentId }, { $inc: { replies: 1 } });
  }

  async findById(id: string): Promise<CommentReplyRecord | null> {
    const doc = await this.#replies.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  list(commentId: string, page: PageRequest): Promise<Slice<CommentReplyRecord>> {
    return findPage(this.#replies, { commentId }, { direction: 1 }, page, toRecord);
  }

  count(commentId: string): Promise<number> {
    return this.#replies.countDocuments({ commentId });
  }

  async update(id: string, changes: CommentReplyChanges): Promise<CommentReplyRecord | null> {
    const { reactions, ...fields } = changes;
    if (reactions !== undefined) await writeReactionChange(this.#replies, id, reactions);
    const doc =
      Object.keys(fields).length === 0
        ? await this.#replies.findOne({ _id: id })
        : await this.#replies.findOneAndUpdate({ _id: id }, { $set: fields }, { returnDocument: 'after' });
    return doc ? toRecord(doc) : null;
  }

  async remove(id: string): Promise<boolean> {
    const doc = await this.#replies.findOneAndDelete({ _id: id });
    if (!doc) return false;
    await this.#comments.updateOne({ _id: doc.commentId }, { $inc: { replies: -1 } });
    return true;
  }
}
