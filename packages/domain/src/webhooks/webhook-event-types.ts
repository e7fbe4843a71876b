/**
 * The event types a webhook endpoint can receive, each with a versioned payload documented in
 * docs/webhooks.md. `ping` is sent only by the endpoint's test operation.
 */
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'space.created',
  'space.updated',
  'space.deleted',
  'space.content_updated',
  'change_request.opened',
  'change_request.review_requested',
  'change_request.approved',
  'change_request.merged',
  'comment.created',
  'comment.reply_created',
  'site.published',
  'site.unpublished',
  'member.added',
  'member.removed',
  'member.role_changed',
  'team.created',
  'team.updated',
  'team.deleted',
  'team.members_changed',
  'ping',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The version of every payload's shape; a change that is not an addition makes version 2. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** What an endpoint may subscribe to: any type but `ping`, or `*` for all. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type): type is Exclude<WebhookEventType, 'ping'> => type !== 'ping',
);

/** What an endpoint's `events` lists: subscribable types, or `*`. */
export type WebhookSubscription = Exclude<WebhookEventType, 'ping'> | '*';

export const WebhookEventTypeSchema = z
  .enum(WEBHOOK_EVENT_TYPES)
  .describe('Type of an event sent to webhook endpoints');

/** Whether an endpoint subscribed to `events` receives events of `type`. */
export function subscribesTo(events: readonly string[], type: WebhookEventType): boolean {
  return type !== 'ping' && (events.includes('*') || events.includes(type));
}
