/**
 * The official clients drive a site's insights: a reader's events sent without a token
 * (204), the aggregate of them for the site's admin (200), a 400 for a column Quire does
 * not count, and the site's visitor segments (none). The interface document's client (0.130.0) checks the exchanges against its
 * document; GitBook's 0.202.0 client sends the same and its aggregate validates against the
 * 0.202.0 document (`mismatches0202`).
 */
import { SiteInsightsQueryRangePreset } from '@gitbook/api';
import {
  GitBookAPI as GitBookAPI0202,
  PageFeedbackRating as PageFeedbackRating0202,
  SiteInsightsQueryRangePreset as SiteInsightsQueryRangePreset0202,
} from '@gitbook/api-0202';
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { mismatches0202 } from './openapi-spec-0202';
import { testServer } from './shared-server';

describe('site insights', () => {
  it('trackEventsInSiteById, aggregateSiteEvents, listSiteVisitorSegments', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Guides' });
    const admin = officialClient(server.url, org.admin.token);
    const orgId = org.organization.id;
    const { data: site } = await admin.api.orgs.createSite(orgId, { title: 'Docs' });
    const { data: section } = await admin.api.orgs.addSectionToSite(orgId, site.id, { spaceId: space.id });
    await admin.api.orgs.publishSite(orgId, site.id);
    const location = {
      url: 'https://docs.example.com/guides',
      siteSection: section.id,
      siteSpace: section.siteSpaces[0]!.id,
      siteShareKey: null,
      space: space.id,
      revision: null,
      page: null,
    };
    const session = {
      visitorId: 'v',
      sessionId: 's',
      cookies: {},
      userAgent: 'test',
      language: null,
      referrer: null,
    };

    const reader = officialClient(server.url);
    await reader.api.orgs.trackEventsInSiteById(orgId, site.id, {
      events: [
        { type: 'page_view', session, location },
        { type: 'search_type_query', query: 'install', session, location },
      ],
    });
    expectConforms(reader.last(), 'trackEventsInSiteById', 204);

    const query = {
      groupBy: [{ column: 'eventType' as const }],
      range: SiteInsightsQueryRangePreset.Last7Days,
    };
    const { data: counted } = await admin.api.orgs.aggregateSiteEvents(orgId, site.id, query);
    expectConforms(admin.last(), 'aggregateSiteEvents', 200);
    expect(counted.columns.map((column) => column.column)).toEqual(['eventType', 'eventsCount']);
    await expectClientError(
      admin,
      admin.api.orgs.aggregateSiteEvents(orgId, site.id, {
        select: [{ column: 'visitorsCount' }],
        range: SiteInsightsQueryRangePreset.Last7Days,
      }),
      'aggregateSiteEvents',
      400,
    );

    // GitBook's 0.202.0 client: the same calls, the answer as its document describes it.
    const client0202 = new GitBookAPI0202({ endpoint: server.url, authToken: org.admin.token });
    const anonymous0202 = new GitBookAPI0202({ endpoint: server.url });
    const sent = await anonymous0202.orgs.trackEventsInSiteById(orgId, site.id, {
      events: [
        { type: 'page_post_feedback', feedback: { rating: PageFeedbackRating0202.Good }, session, location },
      ],
    });
    expect(sent.status).toBe(204);
    const answered = await client0202.orgs.aggregateSiteEvents(orgId, site.id, {
      select: [
        { column: 'datetime', interval: 'day' },
        { column: 'eventsCount' },
        { column: 'pageFeedbackRating' },
      ],
      groupBy: [{ column: 'datetime', interval: 'day' }],
      range: SiteInsightsQueryRangePreset0202.Last30Days,
    });
    expect(mismatches0202('aggregateSiteEvents', 200, answered.data)).toEqual([]);
    expect(answered.data.columns[1]!.values).toEqual([3]);
    expect(answered.data.columns[2]!.values).toEqual([{ ok: 0, good: 1, bad: 0 }]);

    // Visitor segments: none (Quire keeps no visitor claims), in GitBook's list shape.
    const { data: segments } = await admin.api.orgs.listSiteVisitorSegments(orgId, site.id);
    expectConforms(admin.last(), 'listSiteVisitorSegments', 200);
    expect(segments.items).toEqual([]);
    const listed0202 = await client0202.orgs.listSiteVisitorSegments(orgId, site.id);
    expect(mismatches0202('listSiteVisitorSegments', 200, listed0202.data)).toEqual([]);
  });
});
