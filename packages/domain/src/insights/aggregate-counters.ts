/**
 * An Insights query answered from counters (or, when it asks for comments, from the kept
 * comments): the rows the filters keep, grouped on the query's dimensions, with the events
 * counted and the page feedback's ratings per group, ordered and cut to the limit, answered
 * column by column (GitBook's result shape). Pure: the operation reads the rows.
 */
import type {
  DimensionColumn,
  QueryColumnSpec,
  QueryFilter,
  ResultValue,
  SiteInsightsQuery,
  SiteInsightsQueryResult,
} from './aggregation-schema';
import { DIMENSION_COLUMNS } from './aggregation-schema';
import { bucketOf, dayOfWeekOf, timestampOfDay } from './insights-days';
import type { InsightsCommentRecord, InsightsCounterRecord } from './records';

/** A counted row: a counter, or a kept comment counting one. */
export type InsightsFact = Omit<InsightsCounterRecord, 'siteId'> & { comment?: string };

export const factOfComment = (comment: InsightsCommentRecord): InsightsFact => ({
  day: comment.day,
  type: 'page_post_feedback_comment',
  siteSectionId: comment.siteSectionId,
  siteSpaceId: comment.siteSpaceId,
  spaceId: comment.spaceId,
  pageId: comment.pageId,
  rating: comment.rating,
  position: null,
  comment: comment.comment,
  count: 1,
});

const isDimension = (column: string): column is DimensionColumn =>
  (DIMENSION_COLUMNS as readonly string[]).includes(column);

/** Whether a query reads the kept comments rather than the counters. */
export const asksForComments = (query: SiteInsightsQuery): boolean =>
  [...(query.select ?? []), ...(query.groupBy ?? []), ...(query.order ? [query.order.by] : [])].some(
    (spec) => spec.column === 'eventPageFeedbackComment',
  );

/** The event types a query's filters keep, when they name them (pushed down to the read). */
export function typesOf(query: SiteInsightsQuery): string[] | undefined {
  const filter = query.where?.find(
    (candidate) => candidate.column === 'eventType' && (candidate.operator ?? 'in') === 'in',
  );
  return filter ? (filter.values as string[]) : undefined;
}

function dimensionValue(fact: InsightsFact, spec: QueryColumnSpec): ResultValue {
  switch (spec.column as DimensionColumn) {
    case 'datetime': {
      const interval = spec.interval === 'week' || spec.interval === 'month' ? spec.interval : 'day';
      return timestampOfDay(bucketOf(fact.day, interval));
    }
    case 'dayOfWeek':
      return dayOfWeekOf(fact.day);
    case 'eventType':
      return fact.type;
    case 'page':
      // No page (a 404, GitBook's page null) whatever the space: a page is named with its space.
      return fact.pageId === null || fact.spaceId === null
        ? null
        : { page: fact.pageId, space: fact.spaceId };
    case 'siteSection':
      return fact.siteSectionId;
    case 'siteSpace':
      return fact.siteSpaceId;
    case 'eventPageFeedbackRating':
      return fact.rating;
    case 'eventLinkPosition':
      return fact.position;
    case 'eventPageFeedbackComment':
      return fact.comment ?? null;
  }
}

/** A value as a comparable key: pages by space and page, everything else as JSON. */
const keyOf = (value: unknown): string => {
  if (value === null || typeof value !== 'object' || !('space' in value)) return JSON.stringify(value);
  const page = value as { space: string; page?: string | null };
  return JSON.stringify([page.space, page.page ?? null]);
};

function compareValues(a: ResultValue, b: ResultValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'object' && typeof b === 'object' && 'ok' in a && 'ok' in b)
    return a.ok + a.good + a.bad - (b.ok + b.good + b.bad);
  const ka = typeof a === 'string' ? a : keyOf(a);
  const kb = typeof b === 'string' ? b : keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function matches(fact: InsightsFact, filter: QueryFilter): boolean {
  const value = dimensionValue(fact, { column: filter.column });
  const operator = filter.operator ?? 'in';
  if (operator === 'in' || operator === 'notIn') {
    const wanted =
      filter.column === 'datetime'
        ? filter.values.map((v) => keyOf(timestampOfDay(new Date(v as string).toISOString().slice(0, 10))))
        : filter.values.map(keyOf);
    const found = wanted.includes(keyOf(value));
    return operator === 'in' ? found : !found;
  }
  // Comparisons: datetime (the day's start) and dayOfWeek only (the schema refuses the rest).
  const own = filter.column === 'datetime' ? Date.parse(value as string) : (value as number);
  return filter.values.every((v) => {
    const other = filter.column === 'datetime' ? Date.parse(v as string) : (v as number);
    if (operator === 'greaterThan') return own > other;
    if (operator === 'greaterThanOrEqual') return own >= other;
    if (operator === 'lessThan') return own < other;
    return own <= other;
  });
}

interface Group {
  dimensions: ResultValue[];
  eventsCount: number;
  ratings: { ok: number; good: number; bad: number };
}

const sameSpec = (a: QueryColumnSpec, b: QueryColumnSpec) =>
  a.column === b.column && (a.interval ?? 'day') === (b.interval ?? 'day');

export function aggregateFacts(
  facts: readonly InsightsFact[],
  query: SiteInsightsQuery,
): SiteInsightsQueryResult {
  const output: QueryColumnSpec[] = query.select ?? [...(query.groupBy ?? []), { column: 'eventsCount' }];
  const dimensions: QueryColumnSpec[] = [];
  for (const spec of [...(query.groupBy ?? []), ...output, ...(query.order ? [query.order.by] : [])])
    if (isDimension(spec.column) && !dimensions.some((known) => sameSpec(known, spec))) dimensions.push(spec);
  const groups = new Map<string, Group>();
  for (const fact of facts) {
    if (!(query.where ?? []).every((filter) => matches(fact, filter))) continue;
    const values = dimensions.map((spec) => dimensionValue(fact, spec));
    const key = values.map(keyOf).join('\u0000');
    let group = groups.get(key);
    if (!group) {
      group = { dimensions: values, eventsCount: 0, ratings: { ok: 0, good: 0, bad: 0 } };
      groups.set(key, group);
    }
    group.eventsCount += fact.count;
    // A rating counts once: from the rating itself, or from a kept comment (whose rating was sent alone too).
    if (fact.rating !== null && (fact.type === 'page_post_feedback' || fact.comment !== undefined))
      group.ratings[fact.rating] += fact.count;
  }
  const cellOf = (group: Group, spec: QueryColumnSpec): ResultValue => {
    if (spec.column === 'eventsCount') return group.eventsCount;
    if (spec.column === 'pageFeedbackRating') return { ...group.ratings };
    const at = dimensions.findIndex((known) => sameSpec(known, spec));
    return group.dimensions[at] ?? null;
  };
  const rows = [...groups.values()];
  const order =
    query.order ??
    (output.some((spec) => spec.column === 'datetime')
      ? {
          by: output.find((spec) => spec.column === 'datetime') as QueryColumnSpec,
          direction: 'asc' as const,
        }
      : output.some((spec) => spec.column === 'eventsCount')
        ? { by: { column: 'eventsCount' as const }, direction: 'desc' as const }
        : undefined);
  if (order) {
    const sign = order.direction === 'asc' ? 1 : -1;
    // Ties in a stable order: by every dimension, so the same counters always answer the same rows.
    rows.sort(
      (a, b) =>
        sign * compareValues(cellOf(a, order.by), cellOf(b, order.by)) ||
        a.dimensions.map(keyOf).join().localeCompare(b.dimensions.map(keyOf).join()),
    );
  }
  const kept = rows.slice(0, query.limit ?? 1000);
  return {
    columns: output.map((spec) => ({ column: spec.column, values: kept.map((row) => cellOf(row, spec)) })),
  };
}
