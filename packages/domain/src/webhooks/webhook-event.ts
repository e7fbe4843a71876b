/**
 * A webhook event as receivers get it: `{ id, type, version, createdAt, organization, data }`,
 * the same envelope for every type (docs/webhooks.md lists each type's `data`). `data` holds
 * ids and a few fields of the resource (a title, a number, a role), all of which the
 * organization's admins (the only people who configure endpoints) may read: an organization
 * admin is admin of every space in it.
 */
import type { WebhookEventType } from './webhook-event-types';

export type WebhookEventData = Record<string, unknown>;

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  version: 1;
  createdAt: string;
  organization: { id: string };
  data: WebhookEventData;
}

/** An event about to be sent, with what orders its deliveries (see `WebhookDeliveryRecord.resourceKey`). */
export interface WebhookEventToSend {
  event: WebhookEvent;
  resourceKey: string;
}

/** The body posted for an event: its JSON text, which the signature covers. */
export const webhookBodyOf = (event: WebhookEvent): string => JSON.stringify(event);
