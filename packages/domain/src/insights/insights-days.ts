/** UTC days, as the counters key them (`YYYY-MM-DD`), and the days a query's range covers. */
import type { QueryRange } from './aggregation-schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Days each preset covers, today included. */
const PRESET_DAYS: Record<Exclude<QueryRange, object | 'last24Hours'>, number> = {
  last7Days: 7,
  last30Days: 30,
  last3Months: 90,
  lastYear: 365,
};

/** The first and last day a range covers, inclusive: a custom range's from its `from`'s day to its `to`'s. */
export function daysOfRange(range: QueryRange, now: Date): { fromDay: string; toDay: string } {
  if (typeof range === 'object')
    return { fromDay: dayOf(new Date(range.from)), toDay: dayOf(new Date(range.to)) };
  const today = dayOf(now);
  // last24Hours is refused by the query's schema: counters are per day.
  const days = range === 'last24Hours' ? 1 : PRESET_DAYS[range];
  return { fromDay: addDays(today, 1 - days), toDay: today };
}

/** The start of the bucket a day falls in: the day, its ISO week's Monday, or its month's first day. */
export function bucketOf(day: string, interval: 'day' | 'week' | 'month'): string {
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  if (interval === 'week') return addDays(day, 1 - dayOfWeekOf(day));
  return day;
}

/** 1 (Monday) to 7 (Sunday), as GitBook's dayOfWeek. */
export function dayOfWeekOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export const timestampOfDay = (day: string): string => `${day}T00:00:00.000Z`;
