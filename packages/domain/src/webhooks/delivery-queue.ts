/**
 * Deliveries of one resource to one endpoint go out in event order: only the first unfinished
 * one has a job; the others wait. `startNextDelivery` runs after a delivery is stored and after
 * one finishes; whichever of the two runs last sees the other's write (each writes, then
 * looks), so a waiting delivery is never left behind by a race. The move from waiting to
 * pending is conditional: of two callers, one enqueues the job.
 *
 * A process that dies between storing a delivery (or finishing one) and this call leaves the
 * next delivery waiting: the recovery sweep (`recover-webhook-events.ts`) starts it.
 */
import type { OperationContext } from '../core/context';
import { enqueueJob } from '../jobs';
import type { WebhookDeliveryRecord } from './records';
import { WEBHOOK_DELIVERY_ATTEMPTS, WEBHOOK_DELIVERY_JOB } from './webhook-limits';

type QueueContext = Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'>;

export async function startNextDelivery(
  ctx: QueueContext,
  endpoint: { id: string; createdBy: string },
  resourceKey: string,
): Promise<boolean> {
  const first = await ctx.repos.webhookDeliveries.firstUnfinished(endpoint.id, resourceKey);
  if (first === null || first.state !== 'waiting') return false;
  if (!(await ctx.repos.webhookDeliveries.changeState(first.id, 'waiting', 'pending'))) return false;
  await enqueueDeliveryJob(ctx, first, endpoint.createdBy);
  return true;
}

/** The job that posts a delivery (its id is the delivery's: one job per delivery). */
export function enqueueDeliveryJob(
  ctx: QueueContext,
  delivery: Pick<WebhookDeliveryRecord, 'id' | 'organizationId'>,
  createdBy: string,
) {
  return enqueueJob(ctx, {
    id: delivery.id,
    kind: WEBHOOK_DELIVERY_JOB,
    payload: { deliveryId: delivery.id },
    organizationId: delivery.organizationId,
    createdBy,
    maxAttempts: WEBHOOK_DELIVERY_ATTEMPTS,
  });
}
