import { z } from 'zod';
import { callerOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeComment } from '../../policies/authorize-comment';
import type { CommentAction } from '../../policies/comment-policy';
import { peopleInSight } from '../../policies/people-in-sight';
import { CommentBodyInputSchema, storedCommentBody } from '../comment-body';
import { type CommentEventType, publishCommentEvent } from '../comment-events';
import { CommentSchema, presentComment } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import type { CommentChanges } from '../ports';
import { ReactionListSchema } from '../reactions';
import { commentPathShape } from './params';

export const UpdateCommentInputSchema = z.strictObject({
  ...commentPathShape,
  body: CommentBodyInputSchema.optional(),
  resolved: z.boolean().optional().describe('Resolve (true) or reopen (false) the comment'),
  addedReactions: ReactionListSchema.optional().describe('Emoji to react with (each a single emoji)'),
  removedReactions: ReactionListSchema.optional().describe('Emoji reactions to take back'),
});

/** What an update did, as an event: a change of status says so, anything else is an update. */
function eventOf(changes: CommentChanges): CommentEventType {
  if (changes.status?.status === 'resolved') return 'comment.resolved';
  if (changes.status?.status === 'open') return 'comment.reopened';
  return 'comment.updated';
}

/** The actions an update needs: each part of it is its own rule. */
function actionsOf(input: z.infer<typeof UpdateCommentInputSchema>): CommentAction[] {
  const actions: CommentAction[] = ['view'];
  if (input.body !== undefined) actions.push('edit');
  if (input.resolved !== undefined) actions.push('resolve');
  if (input.addedReactions !== undefined || input.removedReactions !== undefined) actions.push('react');
  return actions;
}

/**
 * Changes a comment: its body (its author's right: `editedAt` moves), its status (resolving
 * sets `resolvedAt` and `resolvedBy`, reopening clears them; the open-comment counter
 * follows; resolving a resolved comment changes nothing), and the caller's reactions (adding
 * one twice, or removing one never made, changes nothing). Outcomes: a comment the caller
 * cannot see, 404; a part the caller's role does not allow, 403 and nothing changed; an
 * empty or oversized body, or a reaction that is not a single emoji, 400.
 */
export const updateComment = operation({
  name: 'spaces.comments.update',
  kind: 'mutation',
  summary: 'Update a comment: its body, resolved or not, reactions',
  input: UpdateCommentInputSchema,
  output: CommentSchema,
  async run(ctx, input) {
    const authorized = await authorizeComment(ctx, input, actionsOf(input));
    const { comment } = authorized;
    const userId = callerOf(ctx).userId;
    const now = ctx.clock.now().toISOString();
    const changes: CommentChanges = {};
    if (input.body !== undefined) {
      changes.body = await storedCommentBody(
        ctx,
        input.body,
        authorized.space.organizationId,
        peopleInSight(ctx, authorized.space),
      );
      changes.editedAt = now;
    }
    if (input.resolved === true && comment.status === 'open')
      changes.status = { status: 'resolved', resolvedAt: now, resolvedBy: userId };
    if (input.resolved === false && comment.status === 'resolved') changes.status = { status: 'open' };
    if (input.addedReactions !== undefined || input.removedReactions !== undefined)
      changes.reactions = {
        userId,
        added: input.addedReactions ?? [],
        removed: input.removedReactions ?? [],
        at: now,
      };
    const updated =
      Object.keys(changes).length === 0 ? comment : await ctx.repos.comments.update(comment.id, changes);
    if (!updated) throw notFound('Comment');
    const presented = presentComment(updated, await commentSetting(ctx, authorized, [updated], input.format));
    if (updated !== comment) await publishCommentEvent(ctx, authorized, eventOf(changes), comment);
    return presented;
  },
});
