import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageSchemaOf, pagingShape } from '../../core/paging';
import { authorizeSiteInsights } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import { type SiteInsightsVisitorSegment, SiteInsightsVisitorSegmentSchema } from '../visitor-segment-schema';

/**
 * A site's visitor segments (GitBook's `listSiteVisitorSegments`): visitors grouped by the
 * claims they share, with their events, visitors and sessions.
 *
 * *Decision:* the list is always empty. Quire's insights keep counters per day and place, and
 * nothing about a visitor — no claims (a visitor token's claims may be an email address or a
 * plan), no visitor or session identifier (`records.ts`; the aggregate refuses visitors and
 * sessions counts for the same reason) — so there is no segment to list, and a renderer or
 * client asking gets GitBook's answer for a site without any. Who may ask is who may read the
 * site's insights (`authorizeSiteInsights`): members whose role reaches the site's `edit`;
 * lower roles 403; who cannot view the site (and site API tokens) 404.
 */
export const listSiteVisitorSegments = operation({
  name: 'sites.insights.listVisitorSegments',
  kind: 'query',
  summary: "List a site's visitor segments (Quire keeps no visitor claims: always empty)",
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam, ...pagingShape }),
  output: pageSchemaOf(SiteInsightsVisitorSegmentSchema),
  async run(ctx, { organizationId, siteId }): Promise<Page<SiteInsightsVisitorSegment>> {
    await authorizeSiteInsights(ctx, organizationId, siteId);
    return { items: [], count: 0 };
  },
});
