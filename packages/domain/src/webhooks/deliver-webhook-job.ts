/**
 * The `webhook.deliver` job: posts one delivery, signed, and records the attempt. A 2xx
 * answer succeeds; anything else (another status, a timeout, an address refused, no answer)
 * counts a failure on the endpoint and is retried with the job runner's backoff (1 s, 2 s, 4 s…)
 * up to `WEBHOOK_DELIVERY_ATTEMPTS`; the endpoint is disabled at
 * `WEBHOOK_DISABLE_AFTER_FAILURES` failures in a row, and its admins are told. A finished
 * delivery starts the next one of its resource. Safe to run twice (a worker's death): the
 * receiver gets the same `Quire-Delivery` id again.
 */
import type { OperationContext } from '../core/context';
import { JobFailure, type JobHandler, type JobRecord } from '../jobs';
import { startNextDelivery } from './delivery-queue';
import { noteEndpointDisabled } from './endpoint-disabled-notice';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './records';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_DISABLE_AFTER_FAILURES } from './webhook-limits';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER } from './webhook-signature';

const postDelivery = async (ctx: OperationContext, job: JobRecord) => {
  const deliveryId = typeof job.payload.deliveryId === 'string' ? job.payload.deliveryId : '';
  const delivery = await ctx.repos.webhookDeliveries.findById(deliveryId);
  if (delivery === null || delivery.state === 'succeeded' || delivery.state === 'failed')
    return { skipped: true };
  const endpoint = await ctx.repos.webhookEndpoints.findById(delivery.organizationId, delivery.endpointId);
  if (endpoint === null || !(endpoint.active || delivery.eventType === 'ping')) {
    await finish(ctx, delivery, endpoint, 'failed');
    throw new JobFailure('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint is disabled or was deleted');
  }
  const secret = ctx.secrets.unseal(endpoint.sealedSecret);
  if (secret === null) {
    await finish(ctx, delivery, endpoint, 'failed');
    throw new JobFailure(
      'WEBHOOK_SECRET_UNREADABLE',
      "The endpoint's secret cannot be read by this instance",
    );
  }
  const response = await ctx.webhookSender.send({
    url: endpoint.url,
    body: delivery.payload,
    secret,
    timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_EVENT_HEADER]: delivery.eventType,
      [WEBHOOK_DELIVERY_HEADER]: delivery.id,
    },
  });
  await ctx.repos.webhookDeliveries.recordAttempt(delivery.id, {
    at: ctx.clock.now().toISOString(),
    durationMs: response.durationMs,
    ...(response.status === undefined ? {} : { responseStatus: response.status }),
    ...(response.excerpt === undefined ? {} : { responseExcerpt: response.excerpt }),
    ...(response.error === undefined ? {} : { error: response.error }),
  });
  if (response.ok) {
    await ctx.repos.webhookEndpoints.recordSuccess(endpoint.id);
    await finish(ctx, delivery, endpoint, 'succeeded');
    return { status: response.status ?? null };
  }
  const failures = await ctx.repos.webhookEndpoints.recordFailure(endpoint.id);
  let disabled = false;
  if (failures >= WEBHOOK_DISABLE_AFTER_FAILURES && delivery.eventType !== 'ping') {
    disabled = true;
    if (await ctx.repos.webhookEndpoints.disable(endpoint.id, 'failures', ctx.clock.now().toISOString()))
      await noteEndpointDisabled(ctx, endpoint, failures);
  }
  const message = response.error ?? `The endpoint answered with HTTP status ${response.status}`;
  if (disabled || job.attempts >= job.maxAttempts) {
    await finish(ctx, delivery, endpoint, 'failed');
    throw new JobFailure('WEBHOOK_DELIVERY_FAILED', message);
  }
  throw new JobFailure('WEBHOOK_DELIVERY_FAILED', message, true);
};

/** Ends a delivery and starts the next one of its resource. */
async function finish(
  ctx: OperationContext,
  delivery: WebhookDeliveryRecord,
  endpoint: WebhookEndpointRecord | null,
  state: 'succeeded' | 'failed',
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  (await ctx.repos.webhookDeliveries.changeState(delivery.id, 'pending', state, now)) ||
    (await ctx.repos.webhookDeliveries.changeState(delivery.id, 'waiting', state, now));
  if (endpoint !== null) await startNextDelivery(ctx, endpoint, delivery.resourceKey);
}

/**
 * Bounded work (the sender's timeout and capped answer): a worker that dies posting a delivery
 * died of something else, so the delivery is posted again however often that happens, up to
 * its attempts (each takeover counts one).
 */
export const deliverWebhookJob: JobHandler = Object.assign(postDelivery, { boundedWork: true });

export const webhookJobHandlers = { [WEBHOOK_DELIVERY_JOB]: deliverWebhookJob };
