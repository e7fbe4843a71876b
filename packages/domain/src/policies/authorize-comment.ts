/**
 * The guards of the comment operations, from the space's effective role and the comment
 * rule table (`COMMENT_RULES`). Comments live in a scope: a space itself, or one of its
 * change requests; a comment (or reply) of another scope is not found through this one.
 */

import type { CommentRecord, CommentReplyRecord } from '../comments/records';
import type { ChangeRequestRecord } from '../content/change-requests/records';
import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { findChangeRequestOf } from './authorize-change-request';
import { type AuthorizedSpace, authorizeSpace } from './authorize-space';
import { type CommentAction, commentAllows } from './comment-policy';

/** The path of a comment scope: a space, and optionally a change request of it (id or number). */
export interface CommentScopePath {
  spaceId: string;
  changeRequestId?: string | undefined;
}

export interface AuthorizedCommentScope extends AuthorizedSpace {
  /** The change request the comments are in; null for the space's own comments. */
  changeRequest: ChangeRequestRecord | null;
}

export interface AuthorizedComment extends AuthorizedCommentScope {
  comment: CommentRecord;
}

export interface AuthorizedCommentReply extends AuthorizedComment {
  reply: CommentReplyRecord;
}

const refused = (action: CommentAction) =>
  forbidden(`Your role on this space does not allow this on its comments: ${action}`);

/** The space (and change request) of a path, viewable by the caller: else not found. */
async function viewableScope(ctx: OperationContext, path: CommentScopePath): Promise<AuthorizedCommentScope> {
  const authorized = await authorizeSpace(ctx, path.spaceId, 'view');
  const changeRequest =
    path.changeRequestId === undefined
      ? null
      : await findChangeRequestOf(ctx, authorized.space, path.changeRequestId);
  return { ...authorized, changeRequest };
}

/** Each action must be allowed (rules 2 and 3); the first that is not is forbidden. */
function check(
  scope: AuthorizedCommentScope,
  actions: CommentAction | readonly CommentAction[],
  authorId: string | null,
  userId: string,
) {
  for (const action of typeof actions === 'string' ? [actions] : actions) {
    if (!commentAllows(action, { role: scope.role, isAuthor: authorId === userId })) throw refused(action);
  }
}

/**
 * Loads a comment scope for an action on its comments as a whole (list, post). A space or
 * change request the caller cannot see is not found; a role too low is forbidden.
 */
export async function authorizeCommentScope(
  ctx: OperationContext,
  path: CommentScopePath,
  action: CommentAction,
): Promise<AuthorizedCommentScope> {
  const scope = await viewableScope(ctx, path);
  check(scope, action, null, callerOf(ctx).userId);
  return scope;
}

async function commentOf(
  ctx: OperationContext,
  scope: AuthorizedCommentScope,
  commentId: string,
): Promise<CommentRecord | null> {
  const comment = await ctx.repos.comments.findById(commentId);
  const inScope =
    comment !== null &&
    comment.spaceId === scope.space.id &&
    comment.changeRequestId === (scope.changeRequest?.id ?? null);
  return inScope ? comment : null;
}

/**
 * Loads a comment of a scope for an action: the author's own role counts for their comment
 * (rule 3). A scope the caller cannot see, or a comment it does not hold, is not found; a
 * role too low is forbidden.
 */
export async function authorizeComment(
  ctx: OperationContext,
  path: CommentScopePath & { commentId: string },
  action: CommentAction | readonly CommentAction[],
): Promise<AuthorizedComment> {
  const scope = await viewableScope(ctx, path);
  const comment = await commentOf(ctx, scope, path.commentId);
  if (!comment) throw notFound('Comment');
  check(scope, action, comment.postedBy, callerOf(ctx).userId);
  return { ...scope, comment };
}

/**
 * As `authorizeComment`, for an idempotent delete: a comment the scope does not hold is
 * null (nothing to do) once the caller's role could act on one of their own; a role that
 * could not is forbidden.
 */
export async function authorizeCommentIfPresent(
  ctx: OperationContext,
  path: CommentScopePath & { commentId: string },
  action: CommentAction,
): Promise<AuthorizedComment | null> {
  const scope = await viewableScope(ctx, path);
  const comment = await commentOf(ctx, scope, path.commentId);
  const userId = callerOf(ctx).userId;
  check(scope, action, comment?.postedBy ?? userId, userId);
  return comment ? { ...scope, comment } : null;
}

async function replyOf(
  ctx: OperationContext,
  comment: CommentRecord,
  replyId: string,
): Promise<CommentReplyRecord | null> {
  const reply = await ctx.repos.commentReplies.findById(replyId);
  return reply !== null && reply.commentId === comment.id ? reply : null;
}

/**
 * Loads a reply of a comment for an action, as `authorizeComment` (its author's role counts
 * for it). A reply of another comment is not found.
 */
export async function authorizeCommentReply(
  ctx: OperationContext,
  path: CommentScopePath & { commentId: string; commentReplyId: string },
  action: CommentAction | readonly CommentAction[],
): Promise<AuthorizedCommentReply> {
  const authorized = await authorizeComment(ctx, path, 'view');
  const reply = await replyOf(ctx, authorized.comment, path.commentReplyId);
  if (!reply) throw notFound('Comment reply');
  check(authorized, action, reply.postedBy, callerOf(ctx).userId);
  return { ...authorized, reply };
}

/** As `authorizeCommentReply`, for an idempotent delete (see `authorizeCommentIfPresent`). */
export async function authorizeCommentReplyIfPresent(
  ctx: OperationContext,
  path: CommentScopePath & { commentId: string; commentReplyId: string },
  action: CommentAction,
): Promise<AuthorizedCommentReply | null> {
  const authorized = await authorizeCommentIfPresent(ctx, path, 'view');
  const reply = authorized ? await replyOf(ctx, authorized.comment, path.commentReplyId) : null;
  const userId = callerOf(ctx).userId;
  const scope = authorized ?? (await viewableScope(ctx, path));
  check(scope, action, reply?.postedBy ?? userId, userId);
  return authorized && reply ? { ...authorized, reply } : null;
}
