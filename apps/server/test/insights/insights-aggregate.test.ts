/**
 * The aggregate over several days and pages through real HTTP, the same on the three faces;
 * what Quire does not count refused naming the field; who may read it; and the event budgets
 * per client address and per site (429 with Retry-After, nothing written).
 */
import type { InsightsEventBudget } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsEventBudget } from '../../src/insights/insights-event-budget';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { type InsightsFixture, insightsFixture, rowsOf } from './insights-support';

let server: TestServer;
let f: InsightsFixture;
/** The first day (the test clock's start, a Thursday), the next, and a week after the first. */
const DAY_1 = '2026-01-01T00:00:00.000Z';
const DAY_2 = '2026-01-02T00:00:00.000Z';
const DAY_8 = '2026-01-08T00:00:00.000Z';
const RANGE = { from: DAY_1, to: '2026-01-08T12:00:00.000Z' };
const VIEWS = { column: 'eventType', values: ['page_view'] };

beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
  f = await insightsFixture(server);
  const view = (page: string | null) => f.event('page_view', page);
  const rate = (rating: string) => f.event('page_post_feedback', f.guideId, { feedback: { rating } });
  const say = (rating: string, comment: string) =>
    f.event('page_post_feedback_comment', f.guideId, { feedback: { rating, comment } });
  const send = async (events: unknown[]) => expect((await f.send(events)).status).toBe(204);
  await send([view(f.guideId), view(f.guideId), view(f.guideId), view(f.installId)]);
  await send([rate('good'), rate('good'), rate('bad'), say('bad', 'The install step fails')]);
  server.clock.advanceDays(1);
  await send([view(f.guideId), view(f.installId), view(f.installId), view(null)]);
  server.clock.advance(60_000);
  await send([say('good', 'Clear, thanks')]);
  server.clock.advanceDays(6);
  await send(Array.from({ length: 5 }, () => view(f.installId)));
});
afterAll(() => server.close());

const page = (id: string | null) => (id === null ? null : { page: id, space: f.spaceId });

describe('POST SITE/insights/events/aggregate', () => {
  it('counts page views per day and page', async () => {
    const result = await f.aggregate({
      select: [{ column: 'datetime', interval: 'day' }, { column: 'page' }, { column: 'eventsCount' }],
      where: [VIEWS],
      range: RANGE,
    });
    expect(result.columns.map((column: { column: string }) => column.column)).toEqual([
      'datetime',
      'page',
      'eventsCount',
    ]);
    const rows = rowsOf(result);
    expect(rows).toHaveLength(6);
    expect(rows).toEqual(
      expect.arrayContaining([
        { datetime: DAY_1, page: page(f.guideId), eventsCount: 3 },
        { datetime: DAY_1, page: page(f.installId), eventsCount: 1 },
        { datetime: DAY_2, page: page(f.guideId), eventsCount: 1 },
        { datetime: DAY_2, page: page(f.installId), eventsCount: 2 },
        { datetime: DAY_2, page: null, eventsCount: 1 },
        { datetime: DAY_8, page: page(f.installId), eventsCount: 5 },
      ]),
    );
    // In time order (the default with a datetime column).
    expect(rows.map((row) => row.datetime)).toEqual([DAY_1, DAY_1, DAY_2, DAY_2, DAY_2, DAY_8]);
  });

  it('counts a view of no page (a 404) as page null', async () => {
    const rows = rowsOf(
      await f.aggregate({
        groupBy: [{ column: 'page' }],
        where: [VIEWS, { column: 'page', values: [null] }],
        range: RANGE,
      }),
    );
    expect(rows).toEqual([{ page: null, eventsCount: 1 }]);
  });

  it('buckets by week (from Monday) and by month, and folds by day of the week', async () => {
    const weeks = rowsOf(
      await f.aggregate({
        groupBy: [{ column: 'datetime', interval: 'week' }],
        where: [VIEWS],
        range: RANGE,
      }),
    );
    expect(weeks).toEqual([
      { datetime: '2025-12-29T00:00:00.000Z', eventsCount: 8 },
      { datetime: '2026-01-05T00:00:00.000Z', eventsCount: 5 },
    ]);
    const months = rowsOf(
      await f.aggregate({
        groupBy: [{ column: 'datetime', interval: 'month' }],
        where: [VIEWS],
        range: RANGE,
      }),
    );
    expect(months).toEqual([{ datetime: DAY_1, eventsCount: 13 }]);
    const days = rowsOf(
      await f.aggregate({
        groupBy: [{ column: 'dayOfWeek' }],
        where: [VIEWS],
        range: RANGE,
        order: { by: { column: 'dayOfWeek' }, direction: 'asc' },
      }),
    );
    expect(days).toEqual([
      { dayOfWeek: 4, eventsCount: 9 },
      { dayOfWeek: 5, eventsCount: 4 },
    ]);
  });

  it("gives each page's feedback ratings, a comment's rating counted once", async () => {
    const rows = rowsOf(
      await f.aggregate({
        select: [{ column: 'page' }, { column: 'pageFeedbackRating' }],
        where: [{ column: 'eventType', values: ['page_post_feedback'] }],
        range: RANGE,
      }),
    );
    expect(rows).toEqual([{ page: page(f.guideId), pageFeedbackRating: { ok: 0, good: 2, bad: 1 } }]);
  });

  it('lists the comments newest first, with their page and rating', async () => {
    const rows = rowsOf(
      await f.aggregate({
        select: [
          { column: 'datetime' },
          { column: 'page' },
          { column: 'eventPageFeedbackRating' },
          { column: 'eventPageFeedbackComment' },
        ],
        order: { by: { column: 'datetime' }, direction: 'desc' },
        range: RANGE,
        limit: 10,
      }),
    );
    expect(rows).toEqual([
      {
        datetime: DAY_2,
        page: page(f.guideId),
        eventPageFeedbackRating: 'good',
        eventPageFeedbackComment: 'Clear, thanks',
      },
      {
        datetime: DAY_1,
        page: page(f.guideId),
        eventPageFeedbackRating: 'bad',
        eventPageFeedbackComment: 'The install step fails',
      },
    ]);
  });

  it('filters by page, orders by count and cuts to the limit', async () => {
    const guide = rowsOf(
      await f.aggregate({ where: [VIEWS, { column: 'page', values: [page(f.guideId)] }], range: RANGE }),
    );
    expect(guide).toEqual([{ eventsCount: 4 }]);
    const top = rowsOf(
      await f.aggregate({
        groupBy: [{ column: 'page' }],
        where: [VIEWS, { column: 'page', operator: 'notIn', values: [null] }],
        order: { by: { column: 'eventsCount' }, direction: 'desc' },
        range: RANGE,
        limit: 1,
      }),
    );
    expect(top).toEqual([{ page: page(f.installId), eventsCount: 8 }]);
  });

  it('counts the days of a preset up to today', async () => {
    // Today is the eighth: the last 7 days are the 2nd to the 8th.
    const rows = rowsOf(
      await f.aggregate({ groupBy: [{ column: 'datetime' }], where: [VIEWS], range: 'last7Days' }),
    );
    expect(rows).toEqual([
      { datetime: DAY_2, eventsCount: 4 },
      { datetime: DAY_8, eventsCount: 5 },
    ]);
  });

  it('answers the same on REST, tRPC and GraphQL', async () => {
    const route = findRoute('POST /v1/orgs/:organizationId/sites/:siteId/insights/events/aggregate');
    if (!route) throw new Error('no aggregate route');
    const faces = await callFaces(server, {
      route,
      token: f.org.admin.token,
      input: {
        organizationId: f.org.organization.id,
        siteId: f.siteId,
        groupBy: [{ column: 'datetime' }, { column: 'page' }],
        select: [
          { column: 'datetime' },
          { column: 'page' },
          { column: 'eventsCount' },
          { column: 'pageFeedbackRating' },
        ],
        range: RANGE,
      },
    });
    expect(faces.rest.status).toBe(200);
    expect(faces.trpc.data).toEqual(faces.rest.data);
    expect(faces.graphql.status).toBe(200);
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: f.org.admin.token,
      body: {
        query: `query Insights($organizationId: String!, $siteId: String!, $range: JSON!, $groupBy: [SitesInsightsAggregateEventsSelectInput!], $select: [SitesInsightsAggregateEventsSelectInput!]) {
          sitesInsightsAggregateEvents(organizationId: $organizationId, siteId: $siteId, range: $range, groupBy: $groupBy, select: $select) { columns { column values } }
        }`,
        variables: {
          organizationId: f.org.organization.id,
          siteId: f.siteId,
          range: RANGE,
          groupBy: [{ column: 'datetime' }, { column: 'page' }],
          select: [
            { column: 'datetime' },
            { column: 'page' },
            { column: 'eventsCount' },
            { column: 'pageFeedbackRating' },
          ],
        },
      },
    });
    expect(graphql.body.data?.sitesInsightsAggregateEvents, JSON.stringify(graphql.body)).toEqual(
      faces.rest.data,
    );
  });

  it('refuses what Quire does not count, 400 naming the field, and who may not read it', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ select: [{ column: 'visitorsCount' }], range: 'last7Days' }, 'select.0.column'],
      [{ groupBy: [{ column: 'referrerDomain' }], range: 'last7Days' }, 'groupBy.0.column'],
      [{ groupBy: [{ column: 'datetime', interval: 'hour' }], range: 'last7Days' }, 'groupBy.0.interval'],
      [{ where: [{ column: 'utmSource', values: ['x'] }], range: 'last7Days' }, 'where.0.column'],
      [{ where: [{ column: 'eventType', values: ['page_scroll'] }], range: 'last7Days' }, 'where.0.values'],
      [{ range: 'last24Hours' }, 'range'],
      [{ range: { from: DAY_2, to: DAY_1 } }, 'range.to'],
      [{ range: { from: '2024-01-01T00:00:00Z', to: DAY_1 } }, 'range.to'],
      [{ range: 'last7Days', limit: 1001 }, 'limit'],
      [{ groupBy: [{ column: 'eventsCount' }], range: 'last7Days' }, 'groupBy.0.column'],
    ];
    for (const [query, field] of refusals) {
      const response = await server.api(`${f.site}/insights/events/aggregate`, {
        method: 'POST',
        token: f.org.admin.token,
        body: query,
      });
      expect(response.status, `${field}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(
        response.body.error.issues.map((issue: { field: string }) => issue.field),
        field,
      ).toContain(field);
    }
    const ask = (token: string | null) =>
      server.api(`${f.site}/insights/events/aggregate`, {
        method: 'POST',
        token,
        body: { range: 'last7Days' },
      });
    const editor = await addMember(server, f.org.organization.id, 'edit');
    const commenter = await addMember(server, f.org.organization.id, 'comment');
    const outsider = await createOrganization(server);
    expect((await ask(editor.token)).status).toBe(200);
    expect((await ask(commenter.token)).status).toBe(403);
    expect((await ask(outsider.admin.token)).status).toBe(404);
    expect((await ask(null)).status).toBe(401);
  });
});

describe('GET SITE/insights/visitor-segments', () => {
  it('lists no segment (Quire keeps no visitor claims), the same on REST, tRPC and GraphQL', async () => {
    const route = findRoute('GET /v1/orgs/:organizationId/sites/:siteId/insights/visitor-segments');
    if (!route) throw new Error('no visitor-segments route');
    const faces = await callFaces(server, {
      route,
      token: f.org.admin.token,
      input: { organizationId: f.org.organization.id, siteId: f.siteId },
    });
    // Events were counted (this file's beforeAll), yet no segment: nothing about a visitor is kept.
    expect(faces.rest.status).toBe(200);
    expect(faces.rest.data).toEqual({ items: [], count: 0 });
    expect(faces.trpc.data).toEqual(faces.rest.data);
    expect(faces.graphql.status).toBe(200);
  });

  it('answers who may read the insights only: 403 below edit, 404 outside, 401 anonymous, 400 a forged cursor', async () => {
    const ask = (token: string | null, query = '') =>
      server.api(`${f.site}/insights/visitor-segments${query}`, { token });
    const editor = await addMember(server, f.org.organization.id, 'edit');
    const commenter = await addMember(server, f.org.organization.id, 'comment');
    const outsider = await createOrganization(server);
    expect((await ask(editor.token)).status).toBe(200);
    expect((await ask(commenter.token)).status).toBe(403);
    expect((await ask(outsider.admin.token)).status).toBe(404);
    expect((await ask(null)).status).toBe(401);
    const forged = await ask(f.org.admin.token, '?page=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.body.error.issues.map((issue: { field: string }) => issue.field)).toContain('page');
  });
});

describe('event budgets', () => {
  const original = () => server.services.insightsEventBudget;
  let kept: InsightsEventBudget;
  beforeAll(() => {
    kept = original();
    server.services.insightsEventBudget = insightsEventBudget(server.store, {
      perAddress: 60,
      perSite: 100,
      windowSeconds: 3600,
    });
  });
  afterAll(() => {
    server.services.insightsEventBudget = kept;
  });

  it('answers 429 with Retry-After once an address or a site spent its events, writing nothing', async () => {
    const fresh = await insightsFixture(server, f.org);
    const views = (n: number) => Array.from({ length: n }, () => fresh.event('page_view', fresh.guideId));
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    expect((await fresh.send(views(50), from('192.0.2.1'))).status).toBe(204);
    const refused = await fresh.send(views(11), from('192.0.2.1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error.code).toBe(429);
    // Another address still has room (the refused address cost the site nothing), until the site's 100 are spent.
    expect((await fresh.send(views(50), from('192.0.2.2'))).status).toBe(204);
    expect((await fresh.send(views(1), from('192.0.2.3'))).status).toBe(429);
    const counted = rowsOf(await fresh.aggregate({ where: [VIEWS], range: 'last7Days' }));
    expect(counted).toEqual([{ eventsCount: 100 }]);
  });
});
