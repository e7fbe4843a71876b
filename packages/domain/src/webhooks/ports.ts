/** The repositories and the sender the webhooks area works through. */
import type { PageRequest, Slice } from '../core/paging';
import type {
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookDeliveryState,
  WebhookDisabledReason,
  WebhookEndpointRecord,
} from './records';

export interface WebhookEndpointChanges {
  url?: string;
  description?: string;
  events?: WebhookEndpointRecord['events'];
  sealedSecret?: string;
  secretEnding?: string;
  active?: boolean;
  updatedAt: string;
}

export interface WebhookEndpointRepository {
  insert(endpoint: WebhookEndpointRecord): Promise<void>;
  findById(organizationId: string, endpointId: string): Promise<WebhookEndpointRecord | null>;
  list(organizationId: string, page: PageRequest): Promise<Slice<WebhookEndpointRecord>>;
  count(organizationId: string): Promise<number>;
  /** The active endpoints of an organization (all of them: an organization has a few). */
  listActive(organizationId: string): Promise<WebhookEndpointRecord[]>;
  /** The organizations that have an active endpoint (the recovery sweep looks at no other). */
  organizationsWithActive(): Promise<string[]>;
  /** Notes that the recovery sweep looked at the changes up to `until` for this endpoint (never back). */
  markRecoveredUntil(endpointId: string, until: string): Promise<void>;
  /**
   * Applies changes; turning it on (`active: true`) also clears its failures, and, when it was
   * off, starts its events anew (`eventsFrom`). Null when it is gone.
   */
  update(
    organizationId: string,
    endpointId: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRecord | null>;
  delete(organizationId: string, endpointId: string): Promise<boolean>;
  /** Counts one more failed attempt; the count after it (0 when the endpoint is gone). */
  recordFailure(endpointId: string): Promise<number>;
  recordSuccess(endpointId: string): Promise<void>;
  /** Turns an active endpoint off; true for the one call that did (so admins are told once). */
  disable(endpointId: string, reason: WebhookDisabledReason, now: string): Promise<boolean>;
}

export interface WebhookDeliveryRepository {
  /** Stores a delivery unless one with its `dedupeKey` exists; whether it was stored. */
  insertIfAbsent(delivery: WebhookDeliveryRecord): Promise<boolean>;
  findById(deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  /** An endpoint's deliveries, newest first. */
  list(endpointId: string, page: PageRequest): Promise<Slice<WebhookDeliveryRecord>>;
  count(endpointId: string): Promise<number>;
  /** The unfinished delivery (waiting or pending) of a resource to an endpoint that came first (by event). */
  firstUnfinished(endpointId: string, resourceKey: string): Promise<WebhookDeliveryRecord | null>;
  /** Moves a delivery from `from` to `to`; false when it was not in `from` (another caller moved it). */
  changeState(
    deliveryId: string,
    from: WebhookDeliveryState,
    to: WebhookDeliveryState,
    finishedAt?: string,
  ): Promise<boolean>;
  /** Which of these `dedupeKey`s are stored. */
  existingDedupeKeys(dedupeKeys: readonly string[]): Promise<Set<string>>;
  /** An endpoint's unfinished deliveries (waiting or pending) stored at or before `createdBefore`, at most `limit`, by event. */
  unfinishedOf(endpointId: string, createdBefore: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  /** Adds an attempt to the log (a delivery has at most `WEBHOOK_DELIVERY_ATTEMPTS`). */
  recordAttempt(deliveryId: string, attempt: WebhookAttemptRecord): Promise<void>;
}

/** One delivery to post: the sender signs it (`Quire-Signature`) with `secret` and `timestamp`. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  secret: string;
  /** Unix seconds, signed with the body. */
  timestamp: number;
}

/** How one attempt went: `ok` for a 2xx answer. */
export interface WebhookResponse {
  ok: boolean;
  durationMs: number;
  status?: number;
  excerpt?: string;
  error?: string;
}

/**
 * Signs and posts deliveries (the server's adapter: HMAC-SHA256, the outbound rules, no
 * private addresses unless allowed, no redirects followed, a timeout), and tells whether a URL
 * may be posted to at all.
 */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /** Why `url` can never be posted to (http to a host not allowed, a private address literal), or null. */
  refusalOf(url: string): string | null;
}

declare module '../core/context' {
  interface AreaPorts {
    webhookSender: WebhookSender;
  }
}
