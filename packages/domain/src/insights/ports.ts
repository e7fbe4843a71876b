import type { InsightsCommentRecord, InsightsCounterRecord } from './records';

/** The counters a read needs: a site's, over days, narrowed by type and page where a query asks. */
export interface InsightsCounterQuery {
  siteId: string;
  /** First and last UTC day, inclusive (`YYYY-MM-DD`). */
  fromDay: string;
  toDay: string;
  types?: readonly string[] | undefined;
}

export interface SiteInsightsRepository {
  /** Adds each counter's `count` to the stored one (made at 0 when absent): one write per counter. */
  increment(counters: readonly InsightsCounterRecord[]): Promise<void>;
  /** At most `limit` counters of the query (any `limit + 1`th tells the caller there are more). */
  counters(query: InsightsCounterQuery, limit: number): Promise<InsightsCounterRecord[]>;
  /** How many comments the site kept on a day (checked against the cap before adding). */
  countCommentsOfDay(siteId: string, day: string): Promise<number>;
  addComments(comments: readonly InsightsCommentRecord[]): Promise<void>;
  /** At most `limit` comments of the site's days, newest first. */
  comments(query: InsightsCounterQuery, limit: number): Promise<InsightsCommentRecord[]>;
  /**
   * Deletes at most `limit` counters of every site whose day is before `day` (`YYYY-MM-DD`),
   * oldest first; how many it deleted (fewer than `limit`: none are left).
   */
  deleteCountersBefore(day: string, limit: number): Promise<number>;
  /** The same for kept comments. */
  deleteCommentsBefore(day: string, limit: number): Promise<number>;
}
