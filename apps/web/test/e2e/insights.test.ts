// @vitest-environment node
/**
 * A site's Insights tab in the built app, served by a real server, in a real Chromium: a
 * published site read over a week (page views on two pages and one address that is not a
 * page, ratings and comments, sent as a renderer sends them, without an account), then its
 * admin opens the tab. The chart and the table show what was sent; the screen passes axe-core
 * with no serious or critical violation and shows no console error; it is kept as a
 * screenshot in docs/screenshots/site-insights.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsightsFixture, insightsFixture } from '../../../server/test/insights/insights-support';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let watched: WatchedPage;
let f: InsightsFixture;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  // The tab counts the days ending today in the browser's clock: the server's starts a week ago.
  server.clock.advance(Date.now() - 6 * DAY_MS - server.clock.now().getTime());
  f = await insightsFixture(server);
  const views = (page: string | null, n: number) =>
    Array.from({ length: n }, () => f.event('page_view', page));
  const daily = [
    [3, 1],
    [5, 2],
    [4, 2],
    [7, 3],
    [6, 5],
    [9, 4],
    [8, 6],
  ];
  for (const [i, [guide, install]] of daily.entries()) {
    const events = [
      ...views(f.guideId, guide!),
      ...views(f.installId, install!),
      ...(i === 3 ? views(null, 2) : []),
    ];
    expect((await f.send(events)).status).toBe(204);
    if (i < daily.length - 1) server.clock.advance(DAY_MS);
  }
  const rate = (page: string, rating: string) =>
    f.event('page_post_feedback', page, { feedback: { rating } });
  const say = (page: string, rating: string, comment: string) =>
    f.event('page_post_feedback_comment', page, { feedback: { rating, comment } });
  const feedback = [
    rate(f.guideId, 'good'),
    rate(f.guideId, 'good'),
    rate(f.guideId, 'ok'),
    rate(f.installId, 'bad'),
    say(f.installId, 'bad', 'The second step fails on Windows'),
    rate(f.installId, 'good'),
    say(f.installId, 'good', 'Worked first time on Linux'),
  ];
  expect((await f.send(feedback)).status).toBe(204);
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a site's insights in the browser", () => {
  it('shows page views per day and the pages with their feedback', async () => {
    const { page } = watched;
    await signInWithToken(page, f.org.admin.token);
    await page.goto(`/o/${f.org.organization.id}/sites/${f.siteId}`);
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
    await page.getByRole('img', { name: /67 page views in 7 days/ }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await page.getByRole('rowheader', { name: 'Guide' }).waitFor();
    expect(await rows.count()).toBe(4);
    await expect(rows.nth(1).textContent()).resolves.toContain('Guide');
    await expect(rows.nth(1).textContent()).resolves.toContain('42');
    await expect(rows.nth(2).textContent()).resolves.toContain('Worked first time on Linux');
    await expect(rows.nth(3).textContent()).resolves.toContain('No page (not found)');
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
    await screenshot(page, 'site-insights');
  });
});
