/**
 * The recovery sweep of webhooks, run at startup and on a schedule (the server's
 * `recover-webhook-deliveries-task.ts`). Two things a killed process can leave behind:
 *
 * 1. **A change without its deliveries.** An operation's deliveries are stored after its
 *    change; its audit event, written in the change's own store write, keeps the event's id
 *    (`run-with-webhook-outbox.ts`). For each organization with an active endpoint, the sweep
 *    reads the audit events that keep one, from each endpoint's checkpoint (less a margin) to
 *    `until`, and for an event whose deliveries to subscribed endpoints are absent makes the
 *    event again (`webhookEventOfAuditEvent`) and stores them. A delivery's unique key
 *    (endpoint and event) makes a live dispatch and a recovery one delivery.
 * 2. **A queue that stopped.** A process killed between one delivery's end and the start of
 *    the next of its resource leaves the next `waiting` with none of the resource running; one
 *    killed between marking a delivery pending and queueing its job leaves it `pending` with no
 *    job. The sweep starts the first waiting delivery of such a resource and queues the missing
 *    job (a job that ended without finishing its delivery fails the delivery and starts the next).
 *
 * Organizations without an active endpoint cost one read of the endpoints, shared by all.
 */
import type { AuditEventRecord } from '../audit';
import type { OperationContext } from '../core/context';
import { enqueueDeliveryJob, startNextDelivery } from './delivery-queue';
import { deliverTo } from './dispatch-webhook-event';
import { webhookEventOfAuditEvent } from './events-of-audit-events';
import { eventTypeOfOperation } from './events-of-operations';
import type { WebhookEndpointRecord } from './records';
import { subscribesTo } from './webhook-event-types';

type SweepContext = Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'>;

/** Audit events read a batch. */
const BATCH = 100;
/** Unfinished deliveries of an endpoint looked at a sweep. */
const MAX_UNFINISHED = 1000;

export interface WebhookRecoveryOptions {
  /** The changes that occurred up to this time are looked at: now, less a grace for changes still being made. */
  until: string;
  /** How far before an endpoint's checkpoint to look again: late commits, clocks of other servers. */
  marginMs: number;
}

export interface WebhookRecoveryResult {
  organizations: number;
  auditEventsRead: number;
  /** Events made again because deliveries of theirs were absent. */
  eventsRecovered: number;
  deliveriesStored: number;
  /** Waiting deliveries started, and pending ones whose job was queued again or which were failed. */
  queuesRestarted: number;
}

export async function recoverWebhookDeliveries(
  ctx: SweepContext,
  options: WebhookRecoveryOptions,
): Promise<WebhookRecoveryResult> {
  const result: WebhookRecoveryResult = {
    organizations: 0,
    auditEventsRead: 0,
    eventsRecovered: 0,
    deliveriesStored: 0,
    queuesRestarted: 0,
  };
  for (const organizationId of await ctx.repos.webhookEndpoints.organizationsWithActive()) {
    result.organizations++;
    const endpoints = await ctx.repos.webhookEndpoints.listActive(organizationId);
    await recoverOrganization(ctx, organizationId, endpoints, options, result);
    for (const endpoint of endpoints) {
      if ((endpoint.recoveredUntil ?? '') < options.until)
        await ctx.repos.webhookEndpoints.markRecoveredUntil(endpoint.id, options.until);
      await restartQueues(ctx, endpoint, options.until, result);
    }
  }
  return result;
}

/** Changes before this time are not the endpoint's events (it did not exist, or was off). */
const floorOf = (endpoint: WebhookEndpointRecord): string => endpoint.eventsFrom ?? endpoint.createdAt;

/** Whether a change at `occurredAt` is the endpoint's: made since it exists, and not while it was off. */
const isEventOf = (endpoint: WebhookEndpointRecord, occurredAt: string): boolean =>
  endpoint.eventsFrom === undefined ? occurredAt >= endpoint.createdAt : occurredAt > endpoint.eventsFrom;

function windowStartOf(endpoint: WebhookEndpointRecord, marginMs: number): string {
  const floor = floorOf(endpoint);
  if (endpoint.recoveredUntil === undefined) return floor;
  const again = new Date(Date.parse(endpoint.recoveredUntil) - marginMs).toISOString();
  return [again, floor].sort()[1] as string;
}

async function recoverOrganization(
  ctx: SweepContext,
  organizationId: string,
  endpoints: readonly WebhookEndpointRecord[],
  options: WebhookRecoveryOptions,
  result: WebhookRecoveryResult,
): Promise<void> {
  if (endpoints.length === 0) return;
  const from = endpoints.map((endpoint) => windowStartOf(endpoint, options.marginMs)).sort()[0] as string;
  if (from > options.until) return;
  let after: { occurredAt: string; id: string } | undefined;
  for (;;) {
    const batch = await ctx.repos.auditEvents.listWithOutbox(
      organizationId,
      { from, until: options.until, after },
      BATCH,
    );
    result.auditEventsRead += batch.length;
    for (const audit of batch) await recoverChange(ctx, audit, endpoints, result);
    const last = batch.at(-1);
    if (batch.length < BATCH || last === undefined) return;
    after = { occurredAt: last.occurredAt, id: last.id };
  }
}

async function recoverChange(
  ctx: SweepContext,
  audit: AuditEventRecord,
  endpoints: readonly WebhookEndpointRecord[],
  result: WebhookRecoveryResult,
): Promise<void> {
  const eventId = audit.outbox?.eventId;
  const type = eventTypeOfOperation(audit.operation);
  if (eventId === undefined || type === undefined) return;
  const concerned = endpoints.filter(
    (endpoint) => isEventOf(endpoint, audit.occurredAt) && subscribesTo(endpoint.events, type),
  );
  if (concerned.length === 0) return;
  // The common case: the live dispatch stored them all (one indexed read).
  const stored = await ctx.repos.webhookDeliveries.existingDedupeKeys(
    concerned.map((endpoint) => `${endpoint.id}:${eventId}`),
  );
  const missing = concerned.filter((endpoint) => !stored.has(`${endpoint.id}:${eventId}`));
  if (missing.length === 0) return;
  const toSend = await webhookEventOfAuditEvent(ctx, audit);
  if (toSend === null) return;
  result.eventsRecovered++;
  for (const endpoint of missing) {
    if (!subscribesTo(endpoint.events, toSend.event.type)) continue;
    if ((await deliverTo(ctx, endpoint, toSend)) !== null) result.deliveriesStored++;
  }
}

async function restartQueues(
  ctx: SweepContext,
  endpoint: WebhookEndpointRecord,
  until: string,
  result: WebhookRecoveryResult,
): Promise<void> {
  const unfinished = await ctx.repos.webhookDeliveries.unfinishedOf(endpoint.id, until, MAX_UNFINISHED);
  const waitingResources = new Set<string>();
  for (const delivery of unfinished) {
    if (delivery.state === 'waiting') {
      waitingResources.add(delivery.resourceKey);
      continue;
    }
    const job = await ctx.repos.jobs.findById(delivery.id);
    if (job === null) {
      // Marked pending, then the process died before queueing its job.
      await enqueueDeliveryJob(ctx, delivery, endpoint.createdBy).catch(() => undefined);
      result.queuesRestarted++;
    } else if ((job.state === 'done' || job.state === 'failed') && job.updatedAt < until) {
      // The job ended without finishing its delivery (it died in between): the delivery failed.
      if (await ctx.repos.webhookDeliveries.changeState(delivery.id, 'pending', 'failed', until)) {
        result.queuesRestarted++;
        waitingResources.add(delivery.resourceKey);
      }
    }
  }
  for (const resourceKey of waitingResources)
    if (await startNextDelivery(ctx, endpoint, resourceKey)) result.queuesRestarted++;
}
