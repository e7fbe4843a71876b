/**
 * Hands an event to every active endpoint of its organization that subscribed to its type:
 * one delivery each, stored, then started unless an earlier one of the same resource is
 * unfinished. A delivery's `dedupeKey` (endpoint and event) is unique, so servers that all
 * follow the same event (the MongoDB event log delivers it to each) store it once.
 */
import type { OperationContext } from '../core/context';
import { startNextDelivery } from './delivery-queue';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './records';
import { type WebhookEvent, type WebhookEventToSend, webhookBodyOf } from './webhook-event';
import { subscribesTo } from './webhook-event-types';

type DispatchContext = Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'>;

export async function dispatchWebhookEvent(
  ctx: DispatchContext,
  toSend: WebhookEventToSend,
): Promise<number> {
  const { event } = toSend;
  const endpoints = (await ctx.repos.webhookEndpoints.listActive(event.organization.id)).filter((endpoint) =>
    subscribesTo(endpoint.events, event.type),
  );
  await Promise.all(endpoints.map((endpoint) => deliverTo(ctx, endpoint, toSend)));
  return endpoints.length;
}

/** Stores one delivery of an event to an endpoint and starts it when it is first of its resource. */
export async function deliverTo(
  ctx: DispatchContext,
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'organizationId' | 'createdBy'>,
  toSend: WebhookEventToSend,
  redeliveryOf?: WebhookDeliveryRecord,
): Promise<WebhookDeliveryRecord | null> {
  const { event } = toSend;
  const id = ctx.ids.newId();
  const delivery: WebhookDeliveryRecord = {
    id,
    organizationId: endpoint.organizationId,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    resourceKey: toSend.resourceKey,
    payload: redeliveryOf?.payload ?? webhookBodyOf(event),
    dedupeKey: redeliveryOf ? `${endpoint.id}:${event.id}:${id}` : `${endpoint.id}:${event.id}`,
    state: 'waiting',
    attempts: [],
    ...(redeliveryOf ? { redeliveryOf: redeliveryOf.id } : {}),
    createdAt: ctx.clock.now().toISOString(),
  };
  if (!(await ctx.repos.webhookDeliveries.insertIfAbsent(delivery))) return null;
  await startNextDelivery(ctx, endpoint, delivery.resourceKey);
  return delivery;
}

/** A new event of `type` about the organization's `data`: its id and time as given, else new and now. */
export function newWebhookEvent(
  ctx: Pick<OperationContext, 'clock' | 'ids'>,
  type: WebhookEvent['type'],
  organizationId: string,
  data: WebhookEvent['data'],
  given: { id?: string | undefined; createdAt?: string | undefined } = {},
): WebhookEvent {
  return {
    id: given.id ?? ctx.ids.newId(),
    type,
    version: 1,
    createdAt: given.createdAt ?? ctx.clock.now().toISOString(),
    organization: { id: organizationId },
    data,
  };
}
