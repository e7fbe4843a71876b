import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeCommentReplyIfPresent } from '../../policies/authorize-comment';
import { publishCommentEvent } from '../comment-events';
import { CommentIdParam, CommentReplyIdParam, commentScopeShape } from './params';

/**
 * Deletes a reply; its comment's `replies` count follows. Idempotent: a reply (or comment)
 * that is not there is a success. Needs `delete` (its author with the comment role, or an
 * admin of the space). Outcomes: a space or change request the caller cannot see, 404; a
 * role that may not delete it, 403 and nothing removed.
 */
export const deleteCommentReply = operation({
  name: 'spaces.comments.replies.remove',
  kind: 'mutation',
  summary: 'Delete a reply to a comment',
  input: z.strictObject({
    ...commentScopeShape,
    commentId: CommentIdParam,
    commentReplyId: CommentReplyIdParam,
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeCommentReplyIfPresent(ctx, input, 'delete');
    if (authorized && (await ctx.repos.commentReplies.remove(authorized.reply.id)))
      await publishCommentEvent(
        ctx,
        authorized,
        'comment_reply.deleted',
        authorized.comment,
        authorized.reply.id,
      );
    return null;
  },
});
