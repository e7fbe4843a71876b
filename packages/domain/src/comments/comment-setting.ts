/**
 * What presenting a page of comments (or replies) needs, gathered once per request: the
 * people they name, the caller's permissions on each, the pages of the content they are
 * on now (the change request's head, or the space's), and, asked as documents, their bodies'
 * documents (converted off the request thread, all of the page's missing ones in one task).
 */

import type { RevisionRecord } from '../content';
import { pageIndexOf, spaceHead, storedTextDocuments } from '../content';
import { callerOf, type OperationContext } from '../core/context';
import { notFound } from '../core/errors';
import { peopleSeenIn } from '../identity';
import type { AuthorizedCommentScope } from '../policies/authorize-comment';
import { commentPermissions } from '../policies/comment-policy';
import type { CommentFormat } from './comment-body';
import type { CommentSetting } from './comment-schema';
import type { CommentRecord, CommentReplyRecord } from './records';

/** The revision a scope's comments are on now: the change request's head, or the space's. */
export async function scopeRevision(
  ctx: OperationContext,
  scope: AuthorizedCommentScope,
): Promise<RevisionRecord> {
  if (scope.changeRequest === null) return spaceHead(ctx, scope.space);
  const revision = await ctx.repos.revisions.findById(scope.space.id, scope.changeRequest.revision);
  if (!revision) throw notFound('Revision');
  return revision;
}

/** The people a comment or reply names: its author, who resolved it, who reacted. */
function peopleOf(item: CommentRecord | CommentReplyRecord): string[] {
  const people = [item.postedBy, ...item.reactions.map((reaction) => reaction.userId)];
  if ('resolvedBy' in item && item.resolvedBy !== undefined) people.push(item.resolvedBy);
  return people;
}

export async function commentSetting(
  ctx: OperationContext,
  scope: AuthorizedCommentScope,
  items: ReadonlyArray<CommentRecord | CommentReplyRecord>,
  format: CommentFormat,
): Promise<CommentSetting> {
  const userId = callerOf(ctx).userId;
  const [userOf, revision, documentOf] = await Promise.all([
    peopleSeenIn(ctx, scope.space.organizationId, items.flatMap(peopleOf)),
    scopeRevision(ctx, scope),
    format === 'document'
      ? storedTextDocuments(
          ctx,
          items.map((item) => item.body),
        )
      : undefined,
  ]);
  return {
    urls: ctx.urls,
    format,
    ...(documentOf ? { documentOf } : {}),
    userOf,
    permissionsOf: (authorId) => commentPermissions({ role: scope.role, isAuthor: authorId === userId }),
    index: await pageIndexOf(ctx, revision.tree),
  };
}
