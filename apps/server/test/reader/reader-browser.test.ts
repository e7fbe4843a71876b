/**
 * A published site read in a real headless Chromium, anonymously (issue 29, item 9): its first
 * page and the page of every block at 1280 px, then on a phone's 390 px (nothing wider than the
 * screen; the page tree behind the menu button), then in the dark theme (the theme switch of the
 * page's script); and the readers' tools (item 6): the search box by keyboard (`/`, Ctrl-K,
 * arrows, Enter, Escape), on a phone too, one page view and the feedback's rating and comment
 * counted as the site's insights show them, Copy page, the Ask box (its answer streamed; opened
 * empty, the site's recommended questions, each asking its question). Each view passes axe-core with no
 * serious or critical violation, shows no console error, CSP violation or failed request of its
 * own (the fixture's image on another host is not reachable here), and is kept as
 * docs/screenshots/reader-*.png.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations as webSeriousViolations } from '../../../web/test/e2e/support/accessibility';
import { type FakeChatProvider, fakeProviderEnv, startFakeChatProvider } from '../ask/fake-chat-provider';
import { asksForQuestions, questionsJobEnded } from '../ask/questions-job';
import { rowsOf } from '../insights/insights-support';
import { launchChromium, type OpenedPage, openPage } from '../support/headless-chromium';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

const SCREENSHOTS = new URL('../../../../docs/screenshots/', import.meta.url).pathname;
/** Kept in docs/screenshots/ only when QUIRE_SCREENSHOTS is set (as the web app's tests do). */
const docsScreenshot = async (page: Page, name: string) => {
  if (process.env.QUIRE_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
};

let server: TestServer;
let browser: Browser;
let f: ReaderFixture;
let fake: FakeChatProvider;
beforeAll(async () => {
  fake = await startFakeChatProvider();
  [server, browser] = await Promise.all([
    startTestServer({ ...fakeProviderEnv(fake), QUIRE_AI_TIMEOUT_SECONDS: '5' }),
    launchChromium(),
  ]);
  f = await readerFixture(server);
  // The site gathers feedback (GitBook's default is not to): the page asks "Was this page helpful?".
  const current = await f.admin('GET', `${f.site}/customization`);
  await f.admin('PUT', `${f.site}/customization`, { ...current, feedback: { enabled: true } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

/** axe-core's serious and critical violations (the web app's check, run on this Puppeteer page). */
const seriousViolations = (page: Page): Promise<string[]> =>
  webSeriousViolations(page as unknown as Parameters<typeof webSeriousViolations>[0]);

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
    await docsScreenshot(home.page, 'reader-desktop');
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
    await docsScreenshot(blocks.page, 'reader-blocks-desktop');
    // The middle of the page: code, tabs, stepper, cards, table (a viewport, so the sticky header stays on top).
    await blocks.page.evaluate(() => document.querySelector('.code-block')?.scrollIntoView());
    await docsScreenshot(blocks.page, 'reader-blocks-desktop-middle');
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
    await docsScreenshot(page, 'reader-phone');
    await page.click('.nav-toggle-label');
    expect(await page.$eval('.sidebar', (sidebar) => getComputedStyle(sidebar).display)).toBe('block');
    expect(await widerThanScreen(page)).toBe(0);
    await docsScreenshot(page, 'reader-phone-menu');
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
    await docsScreenshot(page, 'reader-dark');
    await page.goto(`${server.url}${f.base}`, { waitUntil: 'networkidle0' });
    expect(await theme()).toBe('dark');
    // The next tests read in the site's default theme again.
    await page.evaluate(() => localStorage.removeItem('quire-reader-theme'));
    expect(ownProblems(opened)).toEqual([]);
    await page.close();
  });
});

/** The site's counters of an event type by page and rating, as its admin reads them. */
async function counted(
  type: string,
): Promise<
  Array<{ page: { page: string } | null; eventPageFeedbackRating: string | null; eventsCount: number }>
> {
  const now = server.clock.now().getTime();
  const day = 24 * 60 * 60 * 1000;
  const answer = await f.admin('POST', `${f.site}/insights/events/aggregate`, {
    select: [{ column: 'page' }, { column: 'eventPageFeedbackRating' }, { column: 'eventsCount' }],
    where: [{ column: 'eventType', values: [type] }],
    range: { from: new Date(now - day).toISOString(), to: new Date(now + day).toISOString() },
  });
  return rowsOf(answer);
}

const countOf = async (type: string, pageId: string): Promise<number> =>
  (await counted(type))
    .filter((row) => row.page?.page === pageId)
    .reduce((sum, row) => sum + row.eventsCount, 0);

/** The answer to the page's next event of `type` (the page's script posts them). */
const eventSent = (page: Page, type: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/~reader/events') &&
      (response.request().postData() ?? '').includes(`"${type}"`),
  );

describe("readers' tools in Chromium", () => {
  it('searches by keyboard: / to the box, suggestions as one types, arrows, Enter to the heading', async () => {
    const opened = await openPage(browser, `${server.url}${f.base}`);
    const { page } = opened;
    await page.setViewport({ width: 1280, height: 900 });
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('installer');
    await page.waitForSelector('#search-suggestions:not([hidden]) [role=option]');
    const input = '.site-header input[type=search]';
    expect(await page.$eval(input, (box) => box.getAttribute('aria-expanded'))).toBe('true');
    const options = await page.$$eval('[role=option]', (all) =>
      all.map((option) => option.firstChild?.textContent),
    );
    expect(options).toContain('Install');
    expect(options.at(-1)).toBe('All results for “installer”');
    await page.keyboard.press('ArrowDown');
    const active = await page.$eval(input, (box) => box.getAttribute('aria-activedescendant'));
    expect(await page.$eval(`#${active}`, (option) => option.getAttribute('aria-selected'))).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await docsScreenshot(page, 'reader-search');
    // Escape closes the list; typing opens it again.
    await page.keyboard.press('Escape');
    expect(await page.$eval('#search-suggestions', (list) => (list as HTMLElement).hidden)).toBe(true);
    expect(await page.$eval(input, (box) => box.getAttribute('aria-expanded'))).toBe('false');
    await page.keyboard.type(' ');
    await page.waitForSelector('#search-suggestions:not([hidden]) [role=option]');
    await page.keyboard.press('ArrowDown');
    const target = await page.$eval(input, (box) => {
      const chosen = document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
      return chosen?.getAttribute('data-href');
    });
    expect(target).toBe(`${f.base}guides/every-block/install`);
    // The next page sends its view: waited for, so that leaving it does not cut the view short.
    const viewed = eventSent(page, 'page_view');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    await viewed;
    expect(new URL(page.url()).pathname).toBe(`${f.base}guides/every-block/install`);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('Install');
    // Ctrl-K gets to the box from anywhere; Enter with no option chosen is the search page.
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await page.keyboard.type('handbook');
    await page.waitForFunction(
      () =>
        document.querySelector('#search-suggestions [role=option]:last-child')?.textContent ===
        'All results for “handbook”',
    );
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('Search results');
    expect(ownProblems(opened)).toEqual([]);
    await page.close();
  });

  it('sends one page view, then the rating and the comment of "Was this page helpful?"', async () => {
    const views = await countOf('page_view', f.pages.install);
    const opened = await openPage(browser, `${server.url}${f.base}guides/every-block/install`);
    const { page } = opened;
    await page.setViewport({ width: 1280, height: 900 });
    // openPage waited for the network to be idle: the view was sent, once.
    expect(await countOf('page_view', f.pages.install)).toBe(views + 1);
    await page.waitForSelector('[data-feedback]:not([hidden])');
    const rated = eventSent(page, 'page_post_feedback');
    await page.click('[data-rating=good]');
    expect((await rated).status()).toBe(204);
    await page.waitForSelector('.feedback-more:not([hidden])');
    expect(await page.$eval('[data-rating=good]', (button) => button.getAttribute('aria-pressed'))).toBe(
      'true',
    );
    await page.type('#feedback-comment', 'Clear and short.');
    const commented = eventSent(page, 'page_post_feedback_comment');
    await page.click('.feedback-more button[type=submit]');
    expect((await commented).status()).toBe(204);
    await page.waitForSelector('.feedback-more[hidden]');
    expect(await page.$eval('.feedback-status', (status) => status.textContent)).toBe(
      'Thank you, your comment was sent.',
    );
    expect(await countOf('page_post_feedback', f.pages.install)).toBe(1);
    expect((await counted('page_post_feedback_comment')).map((row) => row.eventPageFeedbackRating)).toEqual([
      'good',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.querySelector('.page-feedback')?.scrollIntoView());
    await docsScreenshot(page, 'reader-feedback');
    // Still one view: rating and commenting are not views.
    expect(await countOf('page_view', f.pages.install)).toBe(views + 1);
    expect(ownProblems(opened)).toEqual([]);
    await page.close();
  });

  it("copies the page's markdown with Copy page", async () => {
    const page = await browser.newPage();
    // The clipboard as the page's script sees it: what it writes is kept for the test to read.
    await page.evaluateOnNewDocument(() => {
      const kept = globalThis as unknown as { copied?: string };
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        get: () => ({
          writeText: (text: string) => {
            kept.copied = text;
            return Promise.resolve();
          },
        }),
      });
    });
    await page.goto(`${server.url}${f.base}guides/every-block/install`, { waitUntil: 'networkidle0' });
    const copied = eventSent(page, 'page_markdown_request');
    await page.click('[data-copy-page]');
    expect((await copied).status()).toBe(204);
    const text = await page.evaluate(() => (globalThis as unknown as { copied?: string }).copied);
    expect(text).toContain('# Install');
    expect(text).toContain('Run the installer.');
    expect(await page.$eval('[data-copy-page]', (button) => button.textContent)).toBe('Copied');
    await page.close();
  });

  it('searches on a phone at 390 px: the suggestions fit the screen', async () => {
    const opened = await openPage(browser, `${server.url}${f.base}`);
    const { page } = opened;
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.focus('.site-header input[type=search]');
    await page.keyboard.type('install');
    await page.waitForSelector('#search-suggestions:not([hidden]) [role=option]');
    expect(await widerThanScreen(page)).toBe(0);
    const box = await page.$eval('#search-suggestions', (list) => {
      const rect = list.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await docsScreenshot(page, 'reader-search-phone');
    expect(ownProblems(opened)).toEqual([]);
    await page.close();
  });

  it("streams the Ask box's answer into the page as text, then its sources as links; a second question cancels the first", async () => {
    const current = await f.admin('GET', `${f.site}/customization`);
    await f.admin('PUT', `${f.site}/customization`, { ...current, ai: { mode: 'search' } });
    const opened = await openPage(browser, `${server.url}${f.base}`);
    const { page } = opened;
    await page.setViewport({ width: 1280, height: 900 });
    const answerText = () => page.$eval('.ask-live .answer-text', (text) => text.textContent);
    const ask = async (question: string) => {
      await page.$eval('form.ask input', (input) => {
        (input as HTMLInputElement).value = '';
      });
      await page.type('form.ask input', question);
      await page.keyboard.press('Enter');
    };
    // The first answer is held open after its first part (an event is sent every 120 characters): what came shows, as text.
    fake.answer = () => ({
      parts: [`<img src=x onerror=alert(1)> First part ${'and more '.repeat(14)}`],
      hold: true,
    });
    await ask('Introduction');
    await page.waitForFunction(() =>
      document.querySelector('.ask-live .answer-text')?.textContent?.includes('First part'),
    );
    expect(await page.$$('.ask-live img')).toHaveLength(0);
    expect(page.url()).toBe(`${server.url}${f.base}`);
    // A second question while the first is still being written: only the second's answer stays.
    fake.answer = () => ({ parts: ['See the introduction [1].'] });
    await ask('introduction');
    await page.waitForSelector('.ask-live .answer-sources a');
    fake.release();
    expect(await answerText()).toBe('See the introduction [1].');
    expect(await page.$eval('.ask-live h2', (heading) => heading.textContent)).toBe('introduction');
    const cited = await page.$eval('.ask-live .answer-text a.citation', (link) => link.getAttribute('href'));
    expect(cited).toMatch(new RegExp(`^${f.base}`));
    expect(await page.$eval('.ask-live .answer-sources a', (link) => link.getAttribute('href'))).toBe(cited);
    expect(await seriousViolations(page)).toEqual([]);
    await docsScreenshot(page, 'reader-ask');
    // A provider that fails: said in words.
    fake.answer = () => ({ status: 500, text: 'boom' });
    await ask('Introduction');
    await page.waitForSelector('.ask-live [role=alert]');
    expect(await page.$eval('.ask-live [role=alert]', (alert) => alert.textContent)).toMatch(
      /could not answer just now/,
    );
    // The first question's request was aborted by the second: no other problem.
    expect(ownProblems(opened).filter((problem) => !problem.includes('ERR_ABORTED'))).toEqual([]);
    await page.close();
  });

  it('sends a view of the not-found page, with the path asked for and no page', async () => {
    const missed = async () =>
      (await counted('page_view')).filter((row) => !row.page).reduce((sum, row) => sum + row.eventsCount, 0);
    const before = await missed();
    const opened = await openPage(browser, `${server.url}${f.base}guides/no-such-page`);
    expect(await opened.page.$eval('h1', (heading) => heading.textContent)).toBe('Page not found');
    // openPage waited for the network to be idle: the view was sent, once.
    expect(await missed()).toBe(before + 1);
    await opened.page.close();
  });

  it("lists the site's recommended questions when the Ask box opens empty, each asking its question", async () => {
    fake.answer = (call) =>
      asksForQuestions(call)
        ? { parts: ['["How do I install it?", "What is in the handbook?"]'] }
        : { parts: ['Run the installer [1].'] };
    const current = await f.admin('GET', `${f.site}/customization`);
    await f.admin('PUT', `${f.site}/customization`, { ...current, ai: { mode: 'search' } });
    // A new site version (published again), and its questions written before the page opens.
    await f.admin('POST', `${f.site}/publish`);
    expect((await getPage(server, `${f.base}~reader/ask`)).status).toBe(200);
    expect((await questionsJobEnded(server, f.siteId)).state).toBe('done');
    const opened = await openPage(browser, `${server.url}${f.base}`);
    const { page } = opened;
    await page.setViewport({ width: 1280, height: 900 });
    expect(await page.$('.ask-questions')).toBeNull();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url().slice(server.url.length)));
    const listShown = () => page.$eval('.ask-questions', (list) => getComputedStyle(list).display !== 'none');
    await page.focus('form.ask input');
    await page.waitForSelector('.ask-questions:not([hidden]) a');
    expect(await listShown()).toBe(true);
    expect(
      await page.$$eval('.ask-questions a', (links) =>
        links.map((link) => [link.textContent, link.getAttribute('href')]),
      ),
    ).toEqual([
      ['How do I install it?', `${f.base}?ask=How%20do%20I%20install%20it%3F`],
      ['What is in the handbook?', `${f.base}?ask=What%20is%20in%20the%20handbook%3F`],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await docsScreenshot(page, 'reader-ask-questions');
    // On a phone the list fits the screen.
    await page.setViewport({ width: 390, height: 800 });
    const box = await page.$eval('.ask-questions', (list) => {
      const { left, right } = list.getBoundingClientRect();
      return { left, right };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    await page.setViewport({ width: 1280, height: 900 });
    // Typing hides them; emptied again, they are back (no second request).
    await page.type('form.ask input', 'x');
    expect(await listShown()).toBe(false);
    await page.keyboard.press('Backspace');
    await page.waitForSelector('.ask-questions:not([hidden])');
    expect(await listShown()).toBe(true);
    // One asks its question: streamed into the page, the list closed, the page not left.
    await page.click('.ask-questions a');
    await page.waitForSelector('.ask-live .answer-sources a');
    expect(await page.$eval('.ask-live h2', (heading) => heading.textContent)).toBe('How do I install it?');
    expect(await page.$eval('form.ask input', (input) => (input as HTMLInputElement).value)).toBe(
      'How do I install it?',
    );
    expect(await listShown()).toBe(false);
    expect(page.url()).toBe(`${server.url}${f.base}`);
    // One request for the questions (on the first focus only), one for the answer.
    expect(requested).toEqual([
      `${f.base}~reader/ask`,
      `${f.base}~reader/ask?ask=How%20do%20I%20install%20it%3F`,
    ]);
    // Chromium at times reports the finished stream as aborted (as in the test above): nothing else.
    expect(ownProblems(opened).filter((problem) => !problem.includes('ERR_ABORTED'))).toEqual([]);
    await page.close();
  });
});
