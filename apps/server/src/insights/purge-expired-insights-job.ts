/**
 * The scheduled purge of expired insights: every `intervalMs`, deletes the counters and kept
 * comments older than the retention (`purgeExpiredInsights`: bounded batches, crash-safe), by
 * the injected clock, as a `RepeatingTask` (no overlapping runs, a timer that keeps nothing
 * alive); a run that left some (its batches spent) is followed by the next tick.
 */
import { type DomainServices, type InsightsPurgeResult, purgeExpiredInsights } from '@quire/domain';
import { startRepeatingTask } from '../jobs/repeating-task';

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
  return startRepeatingTask(
    options.intervalMs,
    async () => {
      const result = await purgeExpiredInsights(services, services.clock.now(), {
        retentionDays: options.retentionDays,
      });
      if (result.countersDeleted > 0 || result.commentsDeleted > 0) options.onPurged?.(result);
    },
    options.onError,
  );
}
