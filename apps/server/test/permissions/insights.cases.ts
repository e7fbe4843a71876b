/**
 * The matrix of a site's insights (`policies/insights-policy.ts`). Sending events is a
 * reader's act: on a published public site anyone sends them, with no account, a site API
 * token on its own site included; on an unpublished site nobody (404), members previewing it
 * included. The aggregate is for members whose role reaches the site's
 * `edit` (admin, create, review, edit); lower roles 403; guests, people outside the
 * organization and site tokens 404; anonymous callers 401.
 */
import { operations } from '@quire/domain';
import { anyCaller, bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const INSIGHTS = '/v1/orgs/:organizationId/sites/:siteId/insights';
const { sites } = operations;

const eventsOn = (spaceId: string) => [
  {
    type: 'page_view',
    session: {
      visitorId: 'v',
      sessionId: 's',
      cookies: {},
      userAgent: 'matrix',
      language: null,
      referrer: null,
    },
    location: {
      url: 'https://docs.example.com/',
      siteSection: null,
      siteSpace: null,
      siteShareKey: null,
      space: spaceId,
      revision: null,
      page: null,
    },
  },
];

/** Every event the site counted this week: what a call that sends one changes. */
const counted = (f: MatrixFixture, siteId: string) =>
  f.read(sites.insights.aggregateEvents, { organizationId: f.organization.id, siteId, range: 'last7Days' });

/** An unpublished site of the organization showing a fresh space. */
const unpublishedSite = async (f: MatrixFixture) => {
  const spaceId = await f.freshSpace();
  const site = await f.run(sites.create, {
    organizationId: f.organization.id,
    title: f.unique('Site'),
    spaces: [spaceId],
  });
  return { siteId: site.id as string, spaceId };
};

export const insightsCases: MatrixCase[] = [
  matrixCase({
    route: `POST ${INSIGHTS}/events`,
    title: 'a published public site',
    input: (f) => ({
      organizationId: f.organization.id,
      siteId: f.visited.siteId,
      events: eventsOn(f.visited.spaceId),
    }),
    observe: (f) => counted(f, f.visited.siteId),
    expected: { ...anyCaller(204), anonymous: 204 },
    siteToken: 204,
    rule: "anyone the published site is shown to sends its readers' events, with no account",
  }),
  matrixCase({
    route: `POST ${INSIGHTS}/events`,
    title: 'an unpublished site',
    prepare: unpublishedSite,
    input: (f, site: { siteId: string; spaceId: string }) => ({
      organizationId: f.organization.id,
      siteId: site.siteId,
      events: eventsOn(site.spaceId),
    }),
    observe: (f, site: { siteId: string; spaceId: string }) => counted(f, site.siteId),
    expected: { ...anyCaller(404), anonymous: 404 },
    siteToken: 404,
    rule: 'an unpublished site has no readers: nobody sends its events, members previewing it included',
  }),
  matrixCase({
    route: `POST ${INSIGHTS}/events/aggregate`,
    input: (f) => ({ organizationId: f.organization.id, siteId: f.visited.siteId, range: 'last7Days' }),
    expected: bySiteRole(['admin', 'create', 'review', 'edit'], 200),
  }),
  matrixCase({
    route: `GET ${INSIGHTS}/visitor-segments`,
    input: (f) => ({ organizationId: f.organization.id, siteId: f.visited.siteId }),
    expected: bySiteRole(['admin', 'create', 'review', 'edit'], 200),
  }),
];
