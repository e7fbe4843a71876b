import { z } from 'zod';
import { callerOf } from '../../core/context';
import { operation } from '../../core/operation';
import { authorizeComment } from '../../policies/authorize-comment';
import { peopleInSight } from '../../policies/people-in-sight';
import { CommentBodyInputSchema, storedCommentBody } from '../comment-body';
import { publishCommentEvent } from '../comment-events';
import { mailMentions } from '../comment-mentions';
import { CommentReplySchema, presentCommentReply } from '../comment-schema';
import { commentSetting } from '../comment-setting';
import type { CommentReplyRecord } from '../records';
import { commentPathShape } from './params';

/**
 * Replies to a comment; its `replies` count follows. Needs `reply` (the comment role).
 * Outcomes: a comment the caller cannot see (one of another space or change request
 * included), 404; a role below comment, 403; an empty or oversized body, 400 and nothing
 * stored.
 */
export const postCommentReply = operation({
  name: 'spaces.comments.replies.post',
  kind: 'mutation',
  summary: 'Reply to a comment',
  input: z.strictObject({ ...commentPathShape, body: CommentBodyInputSchema }),
  output: CommentReplySchema,
  async run(ctx, input) {
    const authorized = await authorizeComment(ctx, input, 'reply');
    const { comment } = authorized;
    const reply: CommentReplyRecord = {
      id: ctx.ids.newId(),
      commentId: comment.id,
      spaceId: comment.spaceId,
      postedBy: callerOf(ctx).userId,
      postedAt: ctx.clock.now().toISOString(),
      body: await storedCommentBody(
        ctx,
        input.body,
        authorized.space.organizationId,
        peopleInSight(ctx, authorized.space),
      ),
      reactions: [],
    };
    await ctx.repos.commentReplies.insert(reply);
    await mailMentions(ctx, authorized, reply.body, callerOf(ctx).userId);
    const setting = await commentSetting(ctx, authorized, [reply], input.format);
    const presented = presentCommentReply(comment, reply, setting);
    await publishCommentEvent(ctx, authorized, 'comment_reply.posted', comment, reply.id);
    return presented;
  },
});
