/**
 * A published site read in a real headless Chromium, anonymously (issue 29, item 9): its first
 * page and the page of every block at 1280 px, then on a phone's 390 px (nothing wider than the
 * screen; the page tree behind the menu button), then in the dark theme (the theme switch of the
 * page's script). Each view passes axe-core with no serious or critical violation, shows no
 * console error, CSP violation or failed request of its own (the fixture's image on another
 * host is not reachable here), and is kept as docs/screenshots/reader-*.png.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type OpenedPage, openPage } from '../support/headless-chromium';
import { startTestServer, type TestServer } from '../support/test-server';
import { type ReaderFixture, readerFixture } from './reader-fixture';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SCREENSHOTS = new URL('../../../../docs/screenshots/', import.meta.url).pathname;

let server: TestServer;
let browser: Browser;
let f: ReaderFixture;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  f = await readerFixture(server);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** axe-core's serious and critical violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/** What the browser reported, but the fixture's images on other hosts (no network here). */
const ownProblems = (opened: OpenedPage): string[] =>
  opened.problems.filter(
    (problem) => !/https:\/\/example\.com\//.test(problem) && !problem.endsWith('net::ERR_NAME_NOT_RESOLVED'),
  );

const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a published site in Chromium', () => {
  it('reads at 1280 px: the first page and the page of every block', async () => {
    const home = await openPage(browser, `${server.url}${f.base}`);
    await home.page.setViewport({ width: 1280, height: 900 });
    expect(await home.page.$eval('h1', (heading) => heading.textContent)).toBe('Introduction');
    expect(await widerThanScreen(home.page)).toBe(0);
    expect(await seriousViolations(home.page)).toEqual([]);
    await home.page.screenshot({ path: `${SCREENSHOTS}reader-desktop.png` });
    expect(ownProblems(home)).toEqual([]);

    const blocks = await openPage(browser, `${server.url}${f.base}guides/every-block`);
    await blocks.page.setViewport({ width: 1280, height: 900 });
    expect(await widerThanScreen(blocks.page)).toBe(0);
    // A tab switches without a reload: its radio input, by its label.
    await blocks.page.click('.tab-label:nth-of-type(2)');
    expect(await blocks.page.$eval('.tab-radio:checked + .tab-label', (label) => label.textContent)).toBe(
      'Linux',
    );
    expect(await seriousViolations(blocks.page)).toEqual([]);
    await blocks.page.screenshot({ path: `${SCREENSHOTS}reader-blocks-desktop.png` });
    // The middle of the page: code, tabs, stepper, cards, table (a viewport, so the sticky header stays on top).
    await blocks.page.evaluate(() => document.querySelector('.code-block')?.scrollIntoView());
    await blocks.page.screenshot({ path: `${SCREENSHOTS}reader-blocks-desktop-middle.png` });
    expect(ownProblems(blocks)).toEqual([]);
    await Promise.all([home.page.close(), blocks.page.close()]);
  });

  it('reads on a phone at 390 px: nothing wider than the screen, the pages behind the menu', async () => {
    const opened = await openPage(browser, `${server.url}${f.base}guides/every-block`);
    const { page } = opened;
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    expect(await widerThanScreen(page)).toBe(0);
    expect(await page.$eval('.sidebar', (sidebar) => getComputedStyle(sidebar).display)).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}reader-phone.png` });
    await page.click('.nav-toggle-label');
    expect(await page.$eval('.sidebar', (sidebar) => getComputedStyle(sidebar).display)).toBe('block');
    expect(await widerThanScreen(page)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}reader-phone-menu.png` });
    expect(ownProblems(opened)).toEqual([]);
    await page.close();
  });

  it('reads in the dark theme, switched by the theme button and kept for the next page', async () => {
    const opened = await openPage(browser, `${server.url}${f.base}guides/every-block`);
    const { page } = opened;
    await page.setViewport({ width: 1280, height: 900 });
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    // light -> dark (the site's default theme is light).
    expect(before).toBe('light');
    await page.click('[data-theme-switch]');
    expect(await theme()).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(20, 22, 26)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}reader-dark.png` });
    await page.goto(`${server.url}${f.base}`, { waitUntil: 'networkidle0' });
    expect(await theme()).toBe('dark');
    expect(ownProblems(opened)).toEqual([]);
    await page.close();
  });
});
