/**
 * The webhooks' recovery sweep in the server (`recoverWebhookDeliveries`): once at startup,
 * then every `WEBHOOK_RECOVERY_INTERVAL_MS` as a `RepeatingTask` (no overlapping runs, a timer
 * that keeps nothing alive).
 *
 * A scheduled sweep looks at changes older than `GRACE_MS`: a change still being made has its
 * live dispatch to come, which would then find its deliveries stored from the recovered event
 * (the same event, with `recovered: true`). The startup sweep of the embedded engine looks at
 * every change: the store admits one process, and it runs before the server listens, so no
 * change is being made.
 */
import { type DomainServices, recoverWebhookDeliveries, type WebhookRecoveryResult } from '@quire/domain';
import { type RepeatingTask, startRepeatingTask } from '../jobs/repeating-task';

export const WEBHOOK_RECOVERY_INTERVAL_MS = 60_000;
/** Changes younger than this are left to their live dispatch. */
const GRACE_MS = 60_000;
/**
 * How far behind an endpoint's checkpoint a sweep looks again: a change whose write became
 * visible after the last sweep passed its time (a transaction committing late). Each sweep
 * reads again the changes of this window: with the interval, every change is read twice
 * (about 100 µs of CPU each, measured), so it is kept short.
 */
const MARGIN_MS = 60_000;

type SweepServices = Pick<DomainServices, 'repos' | 'clock' | 'ids' | 'events'>;

export interface WebhookRecoveryTaskOptions {
  intervalMs?: number;
  onRecovered?: (result: WebhookRecoveryResult) => void;
  onError?: (error: unknown) => void;
}

const somethingDone = (result: WebhookRecoveryResult) =>
  result.deliveriesStored > 0 || result.queuesRestarted > 0;

/** One sweep; `graceMs` 0 looks at every change up to now. */
export function sweepWebhookDeliveries(
  services: SweepServices,
  graceMs: number,
): Promise<WebhookRecoveryResult> {
  const until = new Date(services.clock.now().getTime() - graceMs).toISOString();
  return recoverWebhookDeliveries(services, { until, marginMs: MARGIN_MS });
}

/** The startup sweep: everything on the embedded engine, the changes older than the grace on MongoDB. */
export async function recoverWebhookDeliveriesAtStartup(
  services: SweepServices,
  engine: string,
  options: WebhookRecoveryTaskOptions,
): Promise<void> {
  try {
    const result = await sweepWebhookDeliveries(services, engine === 'embedded' ? 0 : GRACE_MS);
    if (somethingDone(result)) options.onRecovered?.(result);
  } catch (error) {
    options.onError?.(error);
  }
}

export function startWebhookRecoveryTask(
  services: SweepServices,
  options: WebhookRecoveryTaskOptions,
): RepeatingTask {
  return startRepeatingTask(
    options.intervalMs ?? WEBHOOK_RECOVERY_INTERVAL_MS,
    async () => {
      const result = await sweepWebhookDeliveries(services, GRACE_MS);
      if (somethingDone(result)) options.onRecovered?.(result);
    },
    options.onError,
  );
}
