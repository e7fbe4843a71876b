/**
 * The comment operations, mounted as `spaces.comments` by the content area. Each takes an
 * optional `changeRequestId`: the change-request routes reach the same operations.
 */
import { deleteComment } from './delete-comment';
import { deleteCommentReply } from './delete-comment-reply';
import { getComment } from './get-comment';
import { getCommentReply } from './get-comment-reply';
import { listCommentReplies } from './list-comment-replies';
import { listCommenters } from './list-commenters';
import { listComments } from './list-comments';
import { postComment } from './post-comment';
import { postCommentReply } from './post-comment-reply';
import { updateComment } from './update-comment';
import { updateCommentReply } from './update-comment-reply';

export const commentOperations = {
  list: listComments,
  post: postComment,
  get: getComment,
  update: updateComment,
  remove: deleteComment,
  commenters: listCommenters,
  replies: {
    list: listCommentReplies,
    post: postCommentReply,
    get: getCommentReply,
    update: updateCommentReply,
    remove: deleteCommentReply,
  },
};

export { ListCommentsInputSchema } from './list-comments';
export { PostCommentInputSchema } from './post-comment';
export { type CommentWatch, watchComments, watchSees } from './watch-comments';
