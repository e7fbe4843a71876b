/**
 * The events of comments and replies: published after each write, read by the live views of
 * a space (and later by webhooks and the audit log). Ids only: a viewer fetches the comment
 * through the operations, as itself.
 */
import type { OperationContext } from '../core/context';
import type { DomainEventBase } from '../core/ports/events';
import type { AuthorizedCommentScope } from '../policies/authorize-comment';
import type { CommentRecord } from './records';

export const COMMENT_EVENT_TYPES = [
  'comment.posted',
  'comment.updated',
  'comment.resolved',
  'comment.reopened',
  'comment.deleted',
  'comment_reply.posted',
  'comment_reply.updated',
  'comment_reply.deleted',
] as const;
export type CommentEventType = (typeof COMMENT_EVENT_TYPES)[number];

export interface CommentEvent extends DomainEventBase<CommentEventType> {
  spaceId: string;
  /** The change request the comment is in; null for a comment on the space itself. */
  changeRequestId: string | null;
  commentId: string;
  /** The reply, for the reply events. */
  commentReplyId?: string;
}

declare module '../core/ports/events' {
  interface DomainEventTypes {
    comment: CommentEvent;
  }
}

/** Reports what the caller did to a comment (or to one of its replies) of `scope`. */
export function publishCommentEvent(
  ctx: OperationContext,
  scope: AuthorizedCommentScope,
  type: CommentEventType,
  comment: Pick<CommentRecord, 'id'>,
  commentReplyId?: string,
): Promise<void> {
  return ctx.events.publish({
    id: ctx.ids.newId(),
    type,
    at: ctx.clock.now().toISOString(),
    actorId: ctx.caller?.userId ?? null,
    organizationId: scope.space.organizationId,
    spaceId: scope.space.id,
    changeRequestId: scope.changeRequest?.id ?? null,
    commentId: comment.id,
    ...(commentReplyId === undefined ? {} : { commentReplyId }),
  });
}
