/**
 * What the faces call after a mutation succeeds (`runOperation`, through
 * `runWithWebhookOutbox`): the event the operation makes, if any (`events-of-operations.ts`),
 * dispatched to the organization's endpoints before the answer is sent, so the deliveries of
 * one client's successive changes are stored in the order it made them. Never throws: the
 * change is made whatever happens to its webhooks (the failure is the caller's to log).
 *
 * The event's id was decided at the change's first write and written with it, in its audit
 * event (`AuditOutboxRecord`): a process killed before this runs leaves the event to the
 * recovery sweep (`recover-webhook-events.ts`), which makes it again with the same id.
 */
import type { OperationContext } from '../core/context';
import { findChangeRequestOf } from '../policies/authorize-change-request';
import { dispatchWebhookEvent, newWebhookEvent } from './dispatch-webhook-event';
import { webhookEventOfOperation } from './events-of-operations';
import type { WebhookEventData, WebhookEventToSend } from './webhook-event';
import { subscribesTo } from './webhook-event-types';

type EventContext = Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'>;

/** Who made the event and when, and its id: a live event's, or a recovered one's from its audit event. */
export interface EventStamp {
  id?: string | undefined;
  actorId: string | null;
  createdAt?: string;
  /** Fields the recovery adds to `data` (`recovered: true`). */
  extra?: WebhookEventData;
}

export async function noteOperationForWebhooks(
  ctx: OperationContext,
  operationName: string,
  input: unknown,
  output: unknown,
  eventId?: string,
): Promise<void> {
  const toSend = await webhookEventOfMutation(ctx, operationName, input, output, {
    id: eventId,
    actorId: ctx.caller ? ctx.caller.userId : null,
  });
  if (toSend !== null) await dispatchWebhookEvent(ctx, toSend);
}

/**
 * The event a mutation makes from its input and output, or null when it makes none or no
 * active endpoint of its organization subscribed to it (then nothing more is read).
 */
export async function webhookEventOfMutation(
  ctx: EventContext,
  operationName: string,
  input: unknown,
  output: unknown,
  stamp: EventStamp,
): Promise<WebhookEventToSend | null> {
  const described = webhookEventOfOperation(operationName, input, output);
  if (described === null) return null;
  const organizationId =
    described.organizationId ??
    (described.spaceId === undefined
      ? undefined
      : (await ctx.repos.spaces.findById(described.spaceId))?.organizationId);
  if (organizationId === undefined) return null;
  // Most organizations have no endpoint for most events: nothing more is read for them.
  const endpoints = await ctx.repos.webhookEndpoints.listActive(organizationId);
  if (!endpoints.some((endpoint) => subscribesTo(endpoint.events, described.type))) return null;
  let { data, resourceKey } = described;
  if (described.changeRequestRef !== undefined && described.spaceId !== undefined) {
    const changeRequest = await findChangeRequestOf(
      ctx,
      { id: described.spaceId },
      described.changeRequestRef,
    );
    data = {
      ...data,
      changeRequest: { id: changeRequest.id, number: changeRequest.number, subject: changeRequest.subject },
    };
    resourceKey = `change_request:${changeRequest.id}`;
  }
  const actor = stamp.actorId === null ? null : { id: stamp.actorId };
  const event = newWebhookEvent(
    ctx,
    described.type,
    organizationId,
    { ...data, actor, ...stamp.extra },
    stamp,
  );
  return { event, resourceKey };
}
