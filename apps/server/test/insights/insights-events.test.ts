/**
 * Readers' events through real HTTP: accepted without an account from whoever the published
 * site is shown to, refused (404) for a site they are not shown, bad input refused naming the
 * field, and nothing written on any refusal (the aggregate sees nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { type InsightsFixture, insightsFixture, rowsOf } from './insights-support';

let server: TestServer;
let f: InsightsFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await insightsFixture(server);
});
afterAll(() => server.close());

/** Every event the site counted today, by type. */
const countedToday = async (fixture: InsightsFixture = f) =>
  Object.fromEntries(
    rowsOf(await fixture.aggregate({ range: 'last7Days', groupBy: [{ column: 'eventType' }] })).map((row) => [
      row.eventType,
      row.eventsCount,
    ]),
  );

describe('POST SITE/insights/events', () => {
  it('takes every event type of 0.202.0 from an anonymous reader of a public site (204)', async () => {
    const fresh = await insightsFixture(server, f.org);
    const ad = { domain: 'ads.example.com', zoneId: 'z1', placement: 'aside' };
    const events = [
      fresh.event('page_view', fresh.guideId),
      fresh.event('page_view', null),
      fresh.event('page_markdown_request', fresh.guideId, { markdownSource: 'page-action' }),
      fresh.event('search_open', null),
      fresh.event('search_type_query', null, { query: 'install' }),
      fresh.event('search_open_result', null, {
        query: 'install',
        result: { spaceId: fresh.spaceId, pageId: fresh.installId },
      }),
      fresh.event('page_post_feedback', fresh.guideId, { feedback: { rating: 'good' } }),
      fresh.event('page_post_feedback_comment', fresh.guideId, {
        feedback: { rating: 'bad', comment: 'Too short' },
      }),
      fresh.event('agent_feedback', null),
      fresh.event('ask_question', null, { query: 'how?', goal: 'install' }),
      fresh.event('ask_view', null),
      fresh.event('ask_rate_response', null, { query: 'how?', rating: -1, responseId: 'r1' }),
      fresh.event('link_click', fresh.guideId, {
        link: { target: { kind: 'url', url: 'https://example.com' }, position: 'content' },
      }),
      fresh.event('api_client_open', null, { operation: { path: '/pets', method: 'get' } }),
      fresh.event('api_client_request', null, { operation: { path: '/pets', method: 'get' } }),
      fresh.event('trademark_click', null, { placement: 'footer' }),
      fresh.event('ad_click', null, { ad }),
      fresh.event('ad_display', null, { ad }),
      fresh.event('llms_request', null, { llmsVariant: 'full' }),
      fresh.event('mcp_request', null),
      fresh.event('rss_request', null),
    ];
    const response = await fresh.send(events);
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(response.body).toBeUndefined();
    const counted = await countedToday(fresh);
    expect(counted.page_view).toBe(2);
    expect(Object.keys(counted).sort()).toEqual([...new Set(events.map((event) => event.type))].sort());
  });

  it('takes an empty list, and an event with its own timestamp within five minutes', async () => {
    expect((await f.send([])).status).toBe(204);
    const at = new Date(server.clock.now().getTime() - 4 * 60 * 1000).toISOString();
    expect((await f.send([{ ...f.event('page_view', f.installId), timestamp: at }])).status).toBe(204);
  });

  it("takes a site API token's events for its own site", async () => {
    const fresh = await insightsFixture(server, f.org);
    const url = `${server.services.urls.app}/~sites/${f.org.organization.id}/${fresh.siteId}/`;
    const lookup = await server.api('/v1/urls/published', { method: 'POST', body: { url } });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    const token = lookup.body.apiToken as string;
    expect((await fresh.send([fresh.event('page_view', fresh.guideId)], { token })).status).toBe(204);
    expect(await countedToday(fresh)).toEqual({ page_view: 1 });
    // Another site: visited as an anonymous visitor would, so an unpublished one is not there (404).
    const hidden = await insightsFixture(server, f.org);
    await hidden.admin('POST', `${hidden.site}/unpublish`);
    expect((await hidden.send([hidden.event('page_view', hidden.guideId)], { token })).status).toBe(404);
  });
});

describe('feedback comments', () => {
  it("keeps 200 a site's day; past them a comment's rating still counts, its text is not kept", async () => {
    const fresh = await insightsFixture(server, f.org);
    const comment = (i: number) =>
      fresh.event('page_post_feedback_comment', fresh.guideId, {
        feedback: { rating: 'ok', comment: `Note ${i}` },
      });
    for (let batch = 0; batch < 4; batch++)
      expect((await fresh.send(Array.from({ length: 50 }, (_, i) => comment(batch * 50 + i)))).status).toBe(
        204,
      );
    expect((await fresh.send([comment(200), comment(201)])).status).toBe(204);
    expect(await countedToday(fresh)).toEqual({ page_post_feedback_comment: 202 });
    const kept = rowsOf(
      await fresh.aggregate({
        select: [{ column: 'eventPageFeedbackComment' }],
        range: 'last7Days',
        limit: 1000,
      }),
    );
    expect(kept).toHaveLength(200);
    expect(kept.map((row) => row.eventPageFeedbackComment)).not.toContain('Note 200');
  });
});

describe('refusals write nothing', () => {
  it('answers 404 for an unpublished site, a share-link site without its key, another organization, an unknown site', async () => {
    const hidden = await insightsFixture(server, f.org);
    await hidden.admin('POST', `${hidden.site}/unpublish`);
    expect((await hidden.send([hidden.event('page_view', hidden.guideId)])).body.error.code).toBe(404);

    const shared = await insightsFixture(server, f.org);
    await shared.admin('PATCH', shared.site, { visibility: 'share-link' });
    expect((await shared.send([shared.event('page_view', shared.guideId)])).status).toBe(404);
    const link = await shared.admin('POST', `${shared.site}/share-links`, { name: 'Partners' });
    const withKey = { ...shared.event('page_view', shared.guideId) };
    const key = link.urls.published.split('/').at(-2);
    expect(key).toBeTruthy();
    withKey.location = { ...withKey.location, siteShareKey: key };
    const accepted = await shared.send([withKey]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(204);

    const other = await createOrganization(server);
    const otherPath = `/v1/orgs/${other.organization.id}/sites/${f.siteId}`;
    expect((await f.send([f.event('page_view', f.guideId)], { site: otherPath })).status).toBe(404);
    const unknown = `/v1/orgs/${f.org.organization.id}/sites/no-such-site`;
    expect((await f.send([f.event('page_view', f.guideId)], { site: unknown })).status).toBe(404);

    expect(await countedToday(hidden)).toEqual({});
    expect(await countedToday(shared)).toEqual({ page_view: 1 });
  });

  it('refuses bad input with 400 naming the field, at the limits', async () => {
    const fresh = await insightsFixture(server, f.org);
    const view = fresh.event('page_view', fresh.guideId);
    const comment = (text: string) =>
      fresh.event('page_post_feedback_comment', fresh.guideId, { feedback: { rating: 'ok', comment: text } });
    const refusals: Array<[unknown[], string]> = [
      [Array.from({ length: 51 }, () => view), 'events'],
      [[view, comment('x'.repeat(513))], 'events.1.feedback.comment'],
      [[comment('')], 'events.0.feedback.comment'],
      [[{ ...view, type: 'page_scroll' }], 'events.0.type'],
      [[{ ...view, extra: true }], 'events.0'],
      [[{ ...view, location: { ...view.location, page: 'no-such-page' } }], 'events.0.location.page'],
      [[{ ...view, location: { ...view.location, space: 'another-space' } }], 'events.0.location.space'],
      [[{ ...view, location: { ...view.location, siteSpace: 'another' } }], 'events.0.location.siteSpace'],
      [[{ ...view, location: { ...view.location, url: 'not a url' } }], 'events.0.location.url'],
      [
        [
          {
            ...view,
            session: {
              ...view.session,
              cookies: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`c${i}`, 'v'])),
            },
          },
        ],
        'events.0.session.cookies',
      ],
      [
        [{ ...view, timestamp: new Date(server.clock.now().getTime() + 6 * 60 * 1000).toISOString() }],
        'events.0.timestamp',
      ],
      [
        [fresh.event('page_post_feedback', fresh.guideId, { feedback: { rating: 'great' } })],
        'events.0.feedback.rating',
      ],
    ];
    for (const [events, field] of refusals) {
      const response = await fresh.send(events);
      expect(response.status, `${field}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(JSON.stringify(response.body), field).toContain(field);
    }
    // At the limits: 50 events, a comment of 512 characters.
    expect(
      (await fresh.send(Array.from({ length: 49 }, () => view).concat(comment('x'.repeat(512))))).status,
    ).toBe(204);
    expect(await countedToday(fresh)).toEqual({ page_view: 49, page_post_feedback_comment: 1 });
  });
});
