import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeCommentIfPresent } from '../../policies/authorize-comment';
import { publishCommentEvent } from '../comment-events';
import { CommentIdParam, commentScopeShape } from './params';

/**
 * Deletes a comment and its replies; the open-comment counter forgets it when it was open.
 * Idempotent: a comment that is not there (any more) is a success. Needs `delete` (its
 * author with the comment role, or an admin of the space). Outcomes: a space or change
 * request that does not exist or is hidden from the caller, 404; a role that may not
 * delete it, 403 and nothing removed.
 */
export const deleteComment = operation({
  name: 'spaces.comments.remove',
  kind: 'mutation',
  summary: 'Delete a comment',
  input: z.strictObject({ ...commentScopeShape, commentId: CommentIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeCommentIfPresent(ctx, input, 'delete');
    if (authorized && (await ctx.repos.comments.remove(authorized.comment.id)))
      await publishCommentEvent(ctx, authorized, 'comment.deleted', authorized.comment);
    return null;
  },
});
