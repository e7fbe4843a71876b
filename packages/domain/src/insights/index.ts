/** The insights area's public API: other areas and the apps import it only through this file. */
export * from './aggregation-schema';
export type { EventBudgetRequest, InsightsEventBudget } from './event-budget';
export * from './event-schema';
export { counterKey } from './insights-counters';
export { insightsOperations } from './operations';
export { MAX_COMMENTS_READ, MAX_COUNTERS_READ } from './operations/aggregate-site-events';
export { MAX_COMMENTS_PER_SITE_DAY } from './operations/track-site-events';
export type * from './ports';
export * from './purge-expired-insights';
export type * from './records';
export type { InsightsRepositories } from './repositories';
export * from './visitor-segment-schema';
