/** What the webhooks area stores: an organization's endpoints and the deliveries of events to them. */
import type { WebhookEventType, WebhookSubscription } from './webhook-event-types';

/** Why an endpoint stopped receiving events: an admin turned it off, or it failed too often. */
export type WebhookDisabledReason = 'admin' | 'failures';

export interface WebhookEndpointRecord {
  id: string;
  organizationId: string;
  /** Where events are posted: https, or http to a host the operator allowed (`QUIRE_FETCH_ALLOW_HOSTS`). */
  url: string;
  description: string;
  /** The event types it receives; `['*']` for every type (those added later too). */
  events: WebhookSubscription[];
  /**
   * The signing secret, sealed with the instance's key (`Secrets.seal`): Quire must read it
   * back to sign every delivery, so it cannot be hashed. Shown once, when made or rotated.
   */
  sealedSecret: string;
  /** The secret's last 4 characters, shown so admins can tell which secret a receiver holds. */
  secretEnding: string;
  active: boolean;
  disabledReason?: WebhookDisabledReason;
  /** Failed attempts since the last success; the endpoint is disabled at `WEBHOOK_DISABLE_AFTER_FAILURES`. */
  consecutiveFailures: number;
  /**
   * Changes from this time on are its events (absent: from `createdAt`); set when it is turned
   * on again, so the recovery sweep never sends what happened while it was off.
   */
  eventsFrom?: string;
  /** The recovery sweep has looked at the changes up to this time for it (`recover-webhook-events.ts`). */
  recoveredUntil?: string;
  /** The admin who made it: its deliveries' jobs run as them. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * waiting: an earlier delivery of the same resource to the same endpoint is not finished;
 * pending: its job is queued or retrying; succeeded / failed: finished.
 */
export type WebhookDeliveryState = 'waiting' | 'pending' | 'succeeded' | 'failed';

/** One attempt to post a delivery, as the log shows it. */
export interface WebhookAttemptRecord {
  at: string;
  durationMs: number;
  /** The receiver's HTTP status, when it answered. */
  responseStatus?: number;
  /** The first characters of the receiver's answer (text). */
  responseExcerpt?: string;
  /** Why the attempt failed without an answer (timeout, refused address, unreachable), or the status's meaning. */
  error?: string;
}

export interface WebhookDeliveryRecord {
  id: string;
  organizationId: string;
  endpointId: string;
  /** The event's id (`Quire-Event`'s payload `id`); a redelivery repeats it. */
  eventId: string;
  eventType: WebhookEventType;
  /**
   * What the event is about (`space:<id>`, `change_request:<id>`…): the deliveries of one
   * resource to one endpoint are sent in event order, a later one waiting for an earlier one.
   */
  resourceKey: string;
  /** The body posted, exactly (JSON text): a redelivery sends the same bytes. */
  payload: string;
  /** Unique: one delivery per endpoint and event (servers following the same event agree), plus redeliveries. */
  dedupeKey: string;
  state: WebhookDeliveryState;
  attempts: WebhookAttemptRecord[];
  /** The delivery this one repeats, for a redelivery. */
  redeliveryOf?: string;
  createdAt: string;
  finishedAt?: string;
}
