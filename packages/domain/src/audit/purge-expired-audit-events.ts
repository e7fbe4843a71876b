/**
 * Audit events are kept a configured number of days (`QUIRE_AUDIT_RETENTION_DAYS`, 365 by
 * default): the scheduled purge deletes, across every organization, the events that
 * occurred before. It is the only deletion of events (the log is append-only otherwise).
 *
 * Bounded as the insights' purge is: batches of `batchSize` oldest first, at most
 * `maxBatches` a run (`complete: false` leaves the rest to the next). Crash-safe: a batch
 * deletes only what is expired when it runs, and nothing is recorded between batches.
 */
import type { AuditEventRepository } from './ports';

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

export interface AuditPurgeOptions {
  retentionDays: number;
  batchSize?: number;
  maxBatches?: number;
}

export interface AuditPurgeResult {
  /** Events that occurred before this time are deleted (ISO 8601). */
  keptFrom: string;
  deleted: number;
  complete: boolean;
}

export async function purgeExpiredAuditEvents(
  services: { repos: { auditEvents: Pick<AuditEventRepository, 'deleteBefore'> } },
  now: Date,
  options: AuditPurgeOptions,
): Promise<AuditPurgeResult> {
  if (!Number.isInteger(options.retentionDays) || options.retentionDays < 1)
    throw new Error(`audit retention must be a whole number of days, at least 1 (${options.retentionDays})`);
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 100;
  const keptFrom = new Date(now.getTime() - options.retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await services.repos.auditEvents.deleteBefore(keptFrom, batchSize);
    deleted += count;
    if (count < batchSize) return { keptFrom, deleted, complete: true };
  }
  return { keptFrom, deleted, complete: false };
}
