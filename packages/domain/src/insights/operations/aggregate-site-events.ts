import { z } from 'zod';
import { invalidInput } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSiteInsights } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import {
  aggregateFacts,
  asksForComments,
  factOfComment,
  type InsightsFact,
  typesOf,
} from '../aggregate-counters';
import {
  checkSiteInsightsQuery,
  SiteInsightsQueryResultSchema,
  siteInsightsQueryShape,
} from '../aggregation-schema';
import { daysOfRange } from '../insights-days';

/** Counters one query reads at most: a year of a few hundred pages' counters; past it, narrow the query. */
export const MAX_COUNTERS_READ = 50_000;
/** Comments one query reads at most (newest first). */
export const MAX_COMMENTS_READ = 5_000;

/**
 * Answers a query over a site's Insights events (GitBook's `aggregateSiteEvents`) from its
 * counters: the days of `range`, the rows `where` keeps, grouped on `groupBy` (and on the
 * dimensions `select` names), with `eventsCount` and `pageFeedbackRating` per group, in
 * `order`, at most `limit`. A query naming `eventPageFeedbackComment` reads the kept comments
 * instead (each a row counting one): the feedback as readers wrote it.
 *
 * What Quire counts: per UTC day, event type, section, site space, space and page, the
 * feedback's rating and the link's position. Columns it does not keep (visitors, sessions,
 * hours, referrers, devices, search queries...) are refused, 400 naming the field, as is
 * `last24Hours` and an hourly interval; a custom range covers the UTC days from `from`'s to
 * `to`'s, at most 366.
 *
 * Who: members whose organization role reaches the site's `edit` (`policies/insights-policy.ts`);
 * below it, 403; who cannot view the site, 404 'Site'. A range holding more than
 * `MAX_COUNTERS_READ` counters after the type filter: 400 naming `range` (narrow it).
 */
export const aggregateSiteEvents = operation({
  name: 'sites.insights.aggregateEvents',
  kind: 'query',
  summary: "Query a site's Insights events: page views and feedback per page over time",
  input: z
    .strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam, ...siteInsightsQueryShape })
    .superRefine(({ organizationId: _o, siteId: _s, ...query }, issues) =>
      checkSiteInsightsQuery(query, issues),
    ),
  output: SiteInsightsQueryResultSchema,
  async run(ctx, { organizationId, siteId, ...query }) {
    const { site } = await authorizeSiteInsights(ctx, organizationId, siteId);
    const counted = { siteId: site.id, ...daysOfRange(query.range, ctx.clock.now()), types: typesOf(query) };
    let facts: InsightsFact[];
    if (asksForComments(query)) {
      facts = (await ctx.repos.siteInsights.comments(counted, MAX_COMMENTS_READ)).map(factOfComment);
    } else {
      const counters = await ctx.repos.siteInsights.counters(counted, MAX_COUNTERS_READ + 1);
      if (counters.length > MAX_COUNTERS_READ)
        throw invalidInput(
          'range',
          `holds more than ${MAX_COUNTERS_READ} counters: ask for fewer days or event types`,
        );
      facts = counters;
    }
    return aggregateFacts(facts, query);
  },
});
