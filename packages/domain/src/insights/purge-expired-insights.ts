/**
 * Insights are kept for a configured number of days (`QUIRE_INSIGHTS_RETENTION_DAYS`): the
 * scheduled purge deletes the counters and comments of the days before, across every site.
 *
 * - *Bounded*: in batches of `batchSize` (one read of that many ids, oldest day first, and
 *   one delete of those ids), at most `maxBatches` of each kind a run; what is left waits for
 *   the next run (`complete: false`), so one run never holds the store for long however much
 *   expired at once (a retention shortened by a year).
 * - *Crash-safe*: a batch deletes only what is past the retention when it runs, and nothing
 *   is recorded between batches; a run cut short at any point leaves counters that are all
 *   either kept or expired-and-still-there, which the next run deletes. Running twice, or two
 *   processes at once, deletes nothing more.
 * - A day is kept while it is within `retentionDays` of `now`'s UTC day, today included: with
 *   400 days, on 2026-11-29 the first day kept is 2025-10-26.
 */
import { dayOf } from './insights-days';
import type { SiteInsightsRepository } from './ports';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InsightsPurgeOptions {
  retentionDays: number;
  batchSize?: number;
  maxBatches?: number;
}

export interface InsightsPurgeResult {
  /** The first UTC day kept. */
  firstDayKept: string;
  countersDeleted: number;
  commentsDeleted: number;
  /** False when a kind had `maxBatches` full batches: more may be left for the next run. */
  complete: boolean;
}

export const DEFAULT_PURGE_BATCH_SIZE = 1000;
export const DEFAULT_PURGE_MAX_BATCHES = 100;

/** The first UTC day kept when insights are kept `retentionDays` days (today counted). */
export const firstDayKept = (now: Date, retentionDays: number): string =>
  dayOf(new Date(now.getTime() - (retentionDays - 1) * DAY_MS));

export async function purgeExpiredInsights(
  services: {
    repos: { siteInsights: Pick<SiteInsightsRepository, 'deleteCountersBefore' | 'deleteCommentsBefore'> };
  },
  now: Date,
  options: InsightsPurgeOptions,
): Promise<InsightsPurgeResult> {
  if (!Number.isInteger(options.retentionDays) || options.retentionDays < 1)
    throw new Error(
      `insights retention must be a whole number of days, at least 1 (${options.retentionDays})`,
    );
  const batchSize = options.batchSize ?? DEFAULT_PURGE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? DEFAULT_PURGE_MAX_BATCHES;
  const before = firstDayKept(now, options.retentionDays);
  const { siteInsights } = services.repos;
  const counters = await inBatches(
    (limit) => siteInsights.deleteCountersBefore(before, limit),
    batchSize,
    maxBatches,
  );
  const comments = await inBatches(
    (limit) => siteInsights.deleteCommentsBefore(before, limit),
    batchSize,
    maxBatches,
  );
  return {
    firstDayKept: before,
    countersDeleted: counters.deleted,
    commentsDeleted: comments.deleted,
    complete: counters.complete && comments.complete,
  };
}

async function inBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize: number,
  maxBatches: number,
): Promise<{ deleted: number; complete: boolean }> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await deleteBatch(batchSize);
    deleted += count;
    if (count < batchSize) return { deleted, complete: true };
  }
  return { deleted, complete: false };
}
