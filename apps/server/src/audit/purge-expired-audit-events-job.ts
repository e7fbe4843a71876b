/**
 * The scheduled purge of the audit log: every `intervalMs`, deletes the events older than
 * the retention (`QUIRE_AUDIT_RETENTION_DAYS`; `purgeExpiredAuditEvents`: bounded batches,
 * crash-safe), by the injected clock, as a `RepeatingTask` (no overlapping runs, a timer that
 * keeps nothing alive). The only deletion of events: the log is append-only otherwise.
 */
import { type AuditPurgeResult, type DomainServices, purgeExpiredAuditEvents } from '@quire/domain';
import { type RepeatingTask, startRepeatingTask } from '../jobs/repeating-task';

export interface AuditPurgeJobOptions {
  intervalMs: number;
  retentionDays: number;
  onPurged?: (result: AuditPurgeResult) => void;
  onError?: (error: unknown) => void;
}

export function startPurgeExpiredAuditEventsJob(
  services: Pick<DomainServices, 'repos' | 'clock'>,
  options: AuditPurgeJobOptions,
): RepeatingTask {
  return startRepeatingTask(
    options.intervalMs,
    async () => {
      const result = await purgeExpiredAuditEvents(services, services.clock.now(), {
        retentionDays: options.retentionDays,
      });
      if (result.deleted > 0) options.onPurged?.(result);
    },
    options.onError,
  );
}
