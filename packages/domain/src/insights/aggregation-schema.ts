/**
 * GitBook's query over a site's Insights events (0.202.0 `SiteInsightsQueryEventsAggregation`)
 * and its answer (`SiteInsightsQueryEventsAggregationResult`: one column of values per
 * selected column, row by row). Every column GitBook names parses; the ones Quire does not
 * count (it keeps counters per day, page and event type, not visitors, sessions, hours,
 * referrers or devices: `insights-counters.ts`) are refused here, 400 naming the field, before
 * anything is read.
 */
import { z } from 'zod';
import { LINK_POSITIONS, PAGE_FEEDBACK_RATINGS, SITE_INSIGHTS_EVENT_TYPES } from './event-schema';

export const QUERY_COLUMNS = [
  'datetime',
  'dayOfWeek',
  'hourOfDay',
  'url',
  'urlPath',
  'eventType',
  'eventsCount',
  'sessionsCount',
  'visitorsCount',
  'siteSection',
  'siteSpace',
  'siteShareKey',
  'displayContext',
  'page',
  'visitorGeoCountry',
  'visitorGeoPoint',
  'visitorDevice',
  'visitorBrowser',
  'visitorOS',
  'visitorBot',
  'visitorLanguage',
  'eventLinkTargetValue',
  'eventLinkTargetKind',
  'eventLinkTargetDomain',
  'eventLinkPosition',
  'eventAPIOperationPath',
  'eventAPIOperationMethod',
  'eventLLMSVariant',
  'eventPageNotFoundType',
  'eventMarkdownSource',
  'eventSearchQuery',
  'eventSearchResultRecordId',
  'eventPageFeedbackRating',
  'eventPageFeedbackComment',
  'eventAskResponseRating',
  'pageFeedbackRating',
  'askResponseRating',
  'referrer',
  'referrerDomain',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'visitorAuthenticated',
  'visitorClaimProperty',
  'visitorClaim',
  'eventAdDomain',
  'eventAdPlacement',
  'eventTrademarkPlacement',
] as const;
export type QueryColumn = (typeof QUERY_COLUMNS)[number];

/** The dimensions Quire's counters keep, each row's value of them grouped on. */
export const DIMENSION_COLUMNS = [
  'datetime',
  'dayOfWeek',
  'eventType',
  'page',
  'siteSection',
  'siteSpace',
  'eventPageFeedbackRating',
  'eventLinkPosition',
  'eventPageFeedbackComment',
] as const;
export type DimensionColumn = (typeof DIMENSION_COLUMNS)[number];

/** What is computed per group: events counted, and the page feedback's ratings. */
export const METRIC_COLUMNS = ['eventsCount', 'pageFeedbackRating'] as const;
export type MetricColumn = (typeof METRIC_COLUMNS)[number];

export type SupportedColumn = DimensionColumn | MetricColumn;

/** Columns a `where` may filter on (the dimensions, the comment's text aside). */
const FILTER_COLUMNS = new Set<string>(
  DIMENSION_COLUMNS.filter((column) => column !== 'eventPageFeedbackComment'),
);
const SUPPORTED = new Set<string>([...DIMENSION_COLUMNS, ...METRIC_COLUMNS]);

export const DATETIME_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export const RANGE_PRESETS = ['lastYear', 'last3Months', 'last30Days', 'last7Days', 'last24Hours'] as const;
export const QUERY_OPERATORS = [
  'in',
  'notIn',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
] as const;
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

/** The longest custom range: a year and a day (a leap year's). */
export const MAX_RANGE_DAYS = 366;
export const MAX_QUERY_COLUMNS = 20;
export const MAX_FILTER_VALUES = 100;

const ColumnSchema = z
  .strictObject({
    column: z.enum(QUERY_COLUMNS),
    interval: z.enum(DATETIME_INTERVALS).optional().describe('Of datetime: the bucket (default day)'),
    precision: z.number().int().min(0).max(15).optional().describe('Of visitorGeoPoint'),
    claim: z.string().min(1).max(128).optional().describe('Of visitorClaim: the claim'),
  })
  .meta({
    id: 'SiteInsightsQueryEventsColumn',
    description: 'A column of an Insights query',
    examples: [{ column: 'datetime', interval: 'day' }],
  });
export type QueryColumnSpec = z.infer<typeof ColumnSchema>;

const FilterSchema = z
  .strictObject({
    column: z.enum(QUERY_COLUMNS),
    claim: z.string().min(1).max(128).optional(),
    operator: z.enum(QUERY_OPERATORS).optional().describe('How values match (default in)'),
    values: z.array(z.unknown()).max(MAX_FILTER_VALUES).describe('Values of the column to match'),
  })
  .meta({
    id: 'SiteInsightsQueryEventsFilter',
    description: 'A filter of an Insights query',
    examples: [{ column: 'eventType', values: ['page_view'] }],
  });
export type QueryFilter = z.infer<typeof FilterSchema>;

const RangeSchema = z.union([
  z.enum(RANGE_PRESETS),
  z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
]);
export type QueryRange = z.infer<typeof RangeSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a filter's values do not fit its column; undefined when they do. */
function filterValuesProblem(filter: QueryFilter): string | undefined {
  const all = (test: (value: unknown) => boolean) => filter.values.every(test);
  const nullableId = (value: unknown) => value === null || (typeof value === 'string' && value.length <= 128);
  const comparing = filter.operator !== undefined && filter.operator !== 'in' && filter.operator !== 'notIn';
  switch (filter.column) {
    case 'datetime':
      return all(
        (value) => typeof value === 'string' && z.iso.datetime({ offset: true }).safeParse(value).success,
      )
        ? undefined
        : 'timestamps';
    case 'dayOfWeek':
      return all((value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 7)
        ? undefined
        : 'days of the week, 1 to 7';
    default:
      if (comparing) return 'compared with in or notIn only';
  }
  switch (filter.column) {
    case 'eventType':
      return all((value) => SITE_INSIGHTS_EVENT_TYPES.includes(value as never)) ? undefined : 'event types';
    case 'eventPageFeedbackRating':
      return all((value) => PAGE_FEEDBACK_RATINGS.includes(value as never)) ? undefined : 'bad, ok or good';
    case 'eventLinkPosition':
      return all((value) => LINK_POSITIONS.includes(value as never)) ? undefined : 'link positions';
    case 'siteSection':
    case 'siteSpace':
      return all(nullableId) ? undefined : 'ids or null';
    case 'page':
      return all(
        (value) =>
          value === null ||
          (typeof value === 'object' &&
            !Array.isArray(value) &&
            Object.keys(value).every((key) => key === 'page' || key === 'space') &&
            nullableId((value as { page?: unknown }).page) &&
            typeof (value as { space?: unknown }).space === 'string' &&
            ((value as { space: string }).space.length ?? 0) <= 128),
      )
        ? undefined
        : 'null or { page, space }';
  }
  return undefined;
}

/** The query's fields, for an operation's input beside its path parameters. */
export const siteInsightsQueryShape = {
  select: z
    .array(ColumnSchema)
    .min(1)
    .max(MAX_QUERY_COLUMNS)
    .optional()
    .describe('The columns answered (default: groupBy and eventsCount)'),
  where: z
    .array(FilterSchema)
    .max(MAX_QUERY_COLUMNS)
    .optional()
    .describe('Filters every counted event must pass'),
  groupBy: z
    .array(ColumnSchema)
    .max(MAX_QUERY_COLUMNS)
    .optional()
    .describe('The dimensions rows are grouped on'),
  order: z.strictObject({ by: ColumnSchema, direction: z.enum(['asc', 'desc']) }).optional(),
  range: RangeSchema.describe('The days counted: a preset, or from and to (UTC days, at most 366)'),
  limit: z.number().int().min(1).max(1000).optional().describe('Rows at most (default 1000)'),
};

const QueryObjectSchema = z.strictObject(siteInsightsQueryShape);
export type SiteInsightsQuery = z.infer<typeof QueryObjectSchema>;

/** What the schema cannot say: the columns Quire does not count, and ranges it does not answer. */
export function checkSiteInsightsQuery(query: SiteInsightsQuery, issues: z.RefinementCtx): void {
  {
    const refuse = (path: Array<string | number>, message: string) =>
      issues.addIssue({ code: 'custom', path, message });
    const columns = (list: QueryColumnSpec[] | undefined, name: 'select' | 'groupBy') =>
      list?.forEach((spec, i) => {
        if (!SUPPORTED.has(spec.column))
          refuse(
            [name, i, 'column'],
            `Quire does not count ${spec.column} (it keeps counters per day and page)`,
          );
        else if (name === 'groupBy' && (METRIC_COLUMNS as readonly string[]).includes(spec.column))
          refuse([name, i, 'column'], `${spec.column} is computed per group, not grouped on`);
        if (spec.interval === 'hour')
          refuse([name, i, 'interval'], 'Quire counts events per UTC day: day, week or month');
        if (spec.interval !== undefined && spec.column !== 'datetime')
          refuse([name, i, 'interval'], 'only datetime has an interval');
      });
    columns(query.select, 'select');
    columns(query.groupBy, 'groupBy');
    query.where?.forEach((filter, i) => {
      if (!FILTER_COLUMNS.has(filter.column))
        refuse(['where', i, 'column'], `Quire does not filter on ${filter.column}`);
      else {
        const problem = filterValuesProblem(filter);
        if (problem) refuse(['where', i, 'values'], `expected ${problem}`);
      }
    });
    if (query.order && !SUPPORTED.has(query.order.by.column))
      refuse(['order', 'by', 'column'], `Quire does not count ${query.order.by.column}`);
    if (query.range === 'last24Hours') refuse(['range'], 'Quire counts events per UTC day: ask for days');
    if (typeof query.range === 'object') {
      const from = Date.parse(query.range.from);
      const to = Date.parse(query.range.to);
      if (to < from) refuse(['range', 'to'], 'before from');
      else if (to - from > MAX_RANGE_DAYS * DAY_MS)
        refuse(['range', 'to'], `more than ${MAX_RANGE_DAYS} days after from`);
    }
  }
}

const PageValueSchema = z.strictObject({ page: z.string().nullable(), space: z.string() });
const RatingCountsSchema = z.strictObject({ ok: z.number(), good: z.number(), bad: z.number() });

/** A value of a result column: its type follows the column (a page, a count, a timestamp...). */
export const ResultValueSchema = z
  .union([z.string(), z.number(), PageValueSchema, RatingCountsSchema])
  .nullable();
export type ResultValue = z.infer<typeof ResultValueSchema>;

export const SiteInsightsQueryResultSchema = z
  .strictObject({
    columns: z.array(
      z.strictObject({
        column: z.enum(QUERY_COLUMNS),
        values: z.array(ResultValueSchema).describe('The column’s value in each row, in order'),
      }),
    ),
  })
  .meta({
    id: 'SiteInsightsQueryEventsAggregationResult',
    description: 'The rows of an Insights query, column by column',
  });
export type SiteInsightsQueryResult = z.infer<typeof SiteInsightsQueryResultSchema>;
