import { z } from 'zod';
import { callerOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeCommentReply } from '../../policies/authorize-comment';
import type { CommentAction } from '../../policies/comment-policy';
import { peopleInSight } from '../../policies/people-in-sight';
import { CommentBodyInputSchema, storedCommentBody } from '../comment-body';
import { publishCommentEvent } from '../comment-events';
import { CommentReplySchema, presentCommentReply } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import type { CommentReplyChanges } from '../ports';
import { ReactionListSchema } from '../reactions';
import { commentReplyPathShape } from './params';

export const UpdateCommentReplyInputSchema = z.strictObject({
  ...commentReplyPathShape,
  body: CommentBodyInputSchema.optional(),
  addedReactions: ReactionListSchema.optional().describe('Emoji to react with (each a single emoji)'),
  removedReactions: ReactionListSchema.optional().describe('Emoji reactions to take back'),
});

function actionsOf(input: z.infer<typeof UpdateCommentReplyInputSchema>): CommentAction[] {
  const actions: CommentAction[] = ['view'];
  if (input.body !== undefined) actions.push('edit');
  if (input.addedReactions !== undefined || input.removedReactions !== undefined) actions.push('react');
  return actions;
}

/**
 * Changes a reply: its body (its author's right: `editedAt` moves) and the caller's
 * reactions (idempotent, as on comments). Outcomes: a reply the caller cannot see, 404; a
 * part the caller's role does not allow, 403 and nothing changed; an empty or oversized
 * body, or a reaction that is not a single emoji, 400.
 */
export const updateCommentReply = operation({
  name: 'spaces.comments.replies.update',
  kind: 'mutation',
  summary: 'Update a reply to a comment: its body, reactions',
  input: UpdateCommentReplyInputSchema,
  output: CommentReplySchema,
  async run(ctx, input) {
    const authorized = await authorizeCommentReply(ctx, input, actionsOf(input));
    const { reply } = authorized;
    const now = ctx.clock.now().toISOString();
    const changes: CommentReplyChanges = {};
    if (input.body !== undefined) {
      changes.body = await storedCommentBody(
        ctx,
        input.body,
        authorized.space.organizationId,
        peopleInSight(ctx, authorized.space),
      );
      changes.editedAt = now;
    }
    if (input.addedReactions !== undefined || input.removedReactions !== undefined)
      changes.reactions = {
        userId: callerOf(ctx).userId,
        added: input.addedReactions ?? [],
        removed: input.removedReactions ?? [],
        at: now,
      };
    const updated =
      Object.keys(changes).length === 0 ? reply : await ctx.repos.commentReplies.update(reply.id, changes);
    if (!updated) throw notFound('Comment reply');
    const setting = await commentSetting(ctx, authorized, [updated], input.format);
    const presented = presentCommentReply(authorized.comment, updated, setting);
    if (updated !== reply)
      await publishCommentEvent(ctx, authorized, 'comment_reply.updated', authorized.comment, reply.id);
    return presented;
  },
});
