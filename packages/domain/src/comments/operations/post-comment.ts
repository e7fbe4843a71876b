import { z } from 'zod';
import { pageIndexOf } from '../../content';
import { callerOf } from '../../core/context';
import { operation } from '../../core/operation';
import { authorizeCommentScope } from '../../policies/authorize-comment';
import { peopleInSight } from '../../policies/people-in-sight';
import { CommentBodyInputSchema, CommentFormatSchema, storedCommentBody } from '../comment-body';
import { publishCommentEvent } from '../comment-events';
import { mailMentions } from '../comment-mentions';
import { CommentSchema, presentComment } from '../comment-schema';
import { commentSetting, scopeRevision } from '../comment-setting';
import { commentTargetInputShape, commentTargetOf } from '../comment-target';
import type { CommentRecord } from '../records';
import { commentScopeShape } from './params';

export const PostCommentInputSchema = z.strictObject({
  ...commentScopeShape,
  body: CommentBodyInputSchema,
  ...commentTargetInputShape,
  format: CommentFormatSchema,
});

/**
 * Posts a comment, open, on a space or in one of its change requests, about the whole
 * content or a page of it (and a node or table cell); the open-comment counter of the space
 * (or change request) counts it. Needs `post` (the comment role). Outcomes: a space or
 * change request that does not exist or is hidden from the caller, 404; a role below
 * comment, 403; an empty body, one over 64 KiB, or a `page` not in the content, 400 and
 * nothing stored.
 */
export const postComment = operation({
  name: 'spaces.comments.post',
  kind: 'mutation',
  summary: 'Post a comment on a space or in a change request',
  input: PostCommentInputSchema,
  output: CommentSchema,
  async run(ctx, input) {
    const scope = await authorizeCommentScope(ctx, input, 'post');
    const body = await storedCommentBody(
      ctx,
      input.body,
      scope.space.organizationId,
      peopleInSight(ctx, scope.space),
    );
    const revision = await scopeRevision(ctx, scope);
    const target = commentTargetOf(input, await pageIndexOf(ctx, revision.tree), revision.id);
    const comment: CommentRecord = {
      id: ctx.ids.newId(),
      spaceId: scope.space.id,
      changeRequestId: scope.changeRequest?.id ?? null,
      postedBy: callerOf(ctx).userId,
      postedAt: ctx.clock.now().toISOString(),
      body,
      target,
      reactions: [],
      replies: 0,
      status: 'open',
    };
    await ctx.repos.comments.insert(comment);
    await mailMentions(ctx, scope, comment.body, comment.postedBy);
    const presented = presentComment(comment, await commentSetting(ctx, scope, [comment], input.format));
    // Last, after the answer is ready: subscribers' work on the event does not delay it.
    await publishCommentEvent(ctx, scope, 'comment.posted', comment);
    return presented;
  },
});
