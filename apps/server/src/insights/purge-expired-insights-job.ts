/**
 * The scheduled purge of expired insights: every `intervalMs`, deletes the counters and kept
 * comments older than the retention (`purgeExpiredInsights`: bounded batches, crash-safe), by
 * the injected clock. Runs in the server process; a run never overlaps the previous one, a
 * run that left some (its batches spent) is followed by the next tick, and the timer does not
 * keep the process alive.
 */
import { type DomainServices, type InsightsPurgeResult, purgeExpiredInsights } from '@quire/domain';

export interface InsightsPurgeJob {
  /** Resolves when the run in progress, if any, has finished. */
  stop(): Promise<void>;
}

export interface InsightsPurgeJobOptions {
  intervalMs: number;
  retentionDays: number;
  onPurged?: (result: InsightsPurgeResult) => void;
  onError?: (error: unknown) => void;
}

export function startPurgeExpiredInsightsJob(
  services: Pick<DomainServices, 'repos' | 'clock'>,
  options: InsightsPurgeJobOptions,
): InsightsPurgeJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = purgeExpiredInsights(services, services.clock.now(), { retentionDays: options.retentionDays })
      .then((result) => {
        if (result.countersDeleted > 0 || result.commentsDeleted > 0) options.onPurged?.(result);
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
