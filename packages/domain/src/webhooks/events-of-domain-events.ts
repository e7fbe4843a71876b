/**
 * Webhook events made from the domain events on the bus: a space's content moving to a new
 * revision (`space.content`, also made by jobs: imports, Git Sync, merges) and comments and
 * replies posted, and people joining an organization. The webhook event keeps the domain event's id, so every server following
 * the bus makes the same event and the deliveries' unique key stores each once.
 */
import type { DomainEvent } from '../core/ports/events';
import type { WebhookEventToSend } from './webhook-event';

export function webhookEventOfDomainEvent(event: DomainEvent): WebhookEventToSend | null {
  const envelope = {
    id: event.id,
    version: 1 as const,
    createdAt: event.at,
    organization: { id: event.organizationId },
  };
  const actor = event.actorId === null ? null : { id: event.actorId };
  switch (event.type) {
    case 'space.content':
      return {
        resourceKey: `space:${event.spaceId}`,
        event: {
          ...envelope,
          type: 'space.content_updated',
          data: { space: { id: event.spaceId }, revision: { id: event.revisionId }, actor },
        },
      };
    case 'comment.posted':
    case 'comment_reply.posted': {
      const reply = event.type === 'comment_reply.posted' && event.commentReplyId !== undefined;
      return {
        resourceKey: `comment:${event.commentId}`,
        event: {
          ...envelope,
          type: reply ? 'comment.reply_created' : 'comment.created',
          data: {
            space: { id: event.spaceId },
            ...(event.changeRequestId === null ? {} : { changeRequest: { id: event.changeRequestId } }),
            comment: { id: event.commentId },
            ...(reply ? { reply: { id: event.commentReplyId } } : {}),
            actor,
          },
        },
      };
    }
    case 'member.added':
      return {
        resourceKey: `member:${event.userId}`,
        event: {
          ...envelope,
          type: 'member.added',
          data: { member: { userId: event.userId, role: event.role }, actor },
        },
      };
    default:
      return null;
  }
}
