/** The comments area's repositories and their indexes. */
import type { CommentsRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { commentReplyIndexes, MongoCommentReplyRepository } from './comment-reply-repository';
import { commentIndexes, MongoCommentRepository } from './comment-repository';

export const commentsIndexes: CollectionIndexes[] = [...commentIndexes, ...commentReplyIndexes];

export const commentsRepositories = (db: StoreDatabase): CommentsRepositories => ({
  comments: new MongoCommentRepository(db),
  commentReplies: new MongoCommentReplyRepository(db),
});
