// @vitest-environment node
/**
 * Search and link reports in the built app, served by a real server on the embedded engine,
 * in a real Chromium: typing in a space's search box shows the sections found with the words
 * typed marked; Enter on one opens its page scrolled to its heading; the organization's box
 * finds pages across spaces; the space's link report lists the broken link first; a change
 * request names the broken link it would bring, before it is merged. The search popover and
 * the link report pass axe-core with no serious or critical violation and are kept as
 * screenshots in docs/screenshots/. The tests run in order in one browser context.
 */
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeChatProvider,
  fakeProviderEnv,
  startFakeChatProvider,
} from '../../../server/test/ask/fake-chat-provider';
import {
  createOrganization,
  createUser,
  type TestOrganization,
} from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

/** Enough text above the heading that reaching it takes scrolling. */
const INTRODUCTION = Array.from(
  { length: 30 },
  (_, i) => `Paragraph ${i + 1} of the introduction: what Quire keeps, and where.`,
).join('\n\n');

const GETTING_STARTED = `${INTRODUCTION}

## Install the server

Run the Quire server with \`pnpm start\`: it listens on port 8080.

## Configure storage

Set \`QUIRE_DATA_DIR\` to keep the data elsewhere.
`;

const GUIDES = `Guides for every day. Start with [getting started](./getting-started.md), read
[the old upgrade guide](./upgrade-guide.md) or [the installation section](./getting-started.md#install-the-server),
and see [the project site](https://example.com/quire).
`;

let server: TestServer;
let browser: Browser;
let watched: WatchedPage;
let org: TestOrganization;
let spaceId: string;
let changeRequestNumber: number;

async function seed(): Promise<void> {
  const owner = await createUser(server, { displayName: 'Ada Lovelace', email: 'ada@example.test' });
  org = await createOrganization(server, { title: 'Acme', owner });
  const call = server.callOperation;
  const space = await call(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'Handbook',
  });
  spaceId = space.id;
  await call(operations.spaces.content.update, org.admin, {
    spaceId,
    changes: [
      { operation: 'insert_page', title: 'Getting started', document: { markdown: GETTING_STARTED } },
      { operation: 'insert_page', title: 'Guides', document: { markdown: GUIDES } },
    ],
  });
  const notes = await call(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'Team notes',
  });
  await call(operations.spaces.content.update, org.admin, {
    spaceId: notes.id,
    changes: [
      {
        operation: 'insert_page',
        title: 'Server checklist',
        document: { markdown: '## Before a release\n\nRestart the server after upgrading.\n' },
      },
    ],
  });
  const changeRequest = await call(operations.changeRequests.create, org.admin, {
    spaceId,
    subject: 'Add a FAQ',
  });
  await call(operations.changeRequests.content.update, org.admin, {
    spaceId,
    changeRequestId: changeRequest.id,
    changes: [
      {
        operation: 'insert_page',
        title: 'FAQ',
        document: { markdown: 'See [the troubleshooting page](./troubleshooting.md).\n' },
      },
    ],
  });
  await call(operations.changeRequests.update, org.admin, {
    spaceId,
    changeRequestId: changeRequest.id,
    status: 'open',
  });
  changeRequestNumber = changeRequest.number;
}

let fake: FakeChatProvider;
beforeAll(async () => {
  fake = await startFakeChatProvider();
  [server, browser] = await Promise.all([
    startTestServer({ ...fakeProviderEnv(fake), QUIRE_AI_TIMEOUT_SECONDS: '5' }),
    launchChromium(),
  ]);
  await seed();
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

async function expectAccessibleAndQuiet(): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

describe('search and link reports in the browser', () => {
  it('signs in and opens the space', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.getByRole('link', { name: /Handbook/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
  });

  it("shows a space's sections as the query is typed, the words typed marked", async () => {
    const { page } = watched;
    const box = page.getByRole('combobox', { name: 'Search Handbook' });
    await box.pressSequentially('install serv');
    const results = page.getByRole('listbox', { name: 'Results for install serv' });
    const first = results.getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain('Install the server');
    expect(await first.locator('mark').allTextContents()).toEqual(
      expect.arrayContaining(['Install', 'serv']),
    );
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'search');
    await expectAccessibleAndQuiet();
  });

  it('opens the result chosen with the keyboard, scrolled to its heading', async () => {
    const { page } = watched;
    await page.keyboard.press('ArrowDown');
    const box = page.getByRole('combobox', { name: 'Search Handbook' });
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: 'Install the server' });
    await heading.waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/o/${org.organization.id}/s/${spaceId}/getting-started`);
    expect(url.hash).toBe('#install-the-server');
    expect(await heading.getAttribute('id')).toBe('install-the-server');
    // Scrolled to: the heading is in the window, the introduction's start above it.
    await expect
      .poll(() => heading.evaluate((element) => element.getBoundingClientRect().top))
      .toBeLessThan(400);
    expect(await heading.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
      0,
    );
    expect(await page.getByText('Paragraph 1 of the introduction').isVisible()).toBe(true);
    expect(
      await page
        .getByText('Paragraph 1 of the introduction')
        .evaluate((element) => element.getBoundingClientRect().bottom),
    ).toBeLessThan(0);
  });

  it("finds pages in every space from the organization's search box", async () => {
    const { page } = watched;
    const box = page.getByRole('combobox', { name: 'Search the organization' });
    await box.fill('restart');
    const option = page.getByRole('option', { name: /Server checklist/ });
    await option.waitFor();
    expect(await option.textContent()).toContain('Team notes');
    expect(await option.locator('mark').allTextContents()).toContain('Restart');
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
  });

  it("lists the space's links, the broken one first", async () => {
    const { page } = watched;
    await page.getByRole('navigation', { name: 'Space' }).getByRole('link', { name: 'Links' }).click();
    await page.getByRole('heading', { level: 1, name: 'Links' }).waitFor();
    const list = page.getByRole('list', { name: 'Links' });
    const rows = list.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().locator('.link-status').textContent()).toBe('Broken');
    expect(await rows.first().textContent()).toContain('upgrade-guide');
    expect(await rows.first().textContent()).toContain('On Guides');
    expect(await page.getByText(/links,/).textContent()).toBe('4 links, 1 broken');
    await screenshot(page, 'link-report');
    await expectAccessibleAndQuiet();

    await page
      .getByRole('navigation', { name: 'Filter by status' })
      .getByRole('link', { name: 'OK', exact: true })
      .click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await list.locator('.link-status').allTextContents()).toEqual(['OK', 'OK', 'OK']);
  });

  it('names the broken link a change request would bring, before merge', async () => {
    const { page } = watched;
    await page.goto(`/o/${org.organization.id}/s/${spaceId}/~/changes/${changeRequestNumber}`);
    const links = page.getByRole('region', { name: 'Links' });
    await links.getByText('1 broken link comes with this change request.').waitFor();
    const brought = links.getByRole('list', { name: 'Broken links this change request brings' });
    expect(await brought.getByRole('listitem').count()).toBe(1);
    expect(await brought.textContent()).toContain('troubleshooting');
    await expectAccessibleAndQuiet();
  });

  it("streams the Ask box's answer as text, then the cited pages; a second question stops the first", async () => {
    const { page } = watched;
    const question = page.getByRole('textbox', { name: 'Ask a question about the docs' });
    const answer = page.getByRole('region', { name: 'Answer' });
    // The first answer is held open after its first part (an event is sent every 120 characters).
    fake.answer = () => ({ parts: [`<b>First</b> ${'part '.repeat(30)}`], hold: true });
    await page.locator('summary', { hasText: 'Ask' }).click();
    await question.fill('install');
    await question.press('Enter');
    await answer.getByText('<b>First</b>').waitFor();
    expect(await answer.locator('b').count()).toBe(0);
    // A second question while the first is still being written: only the second's answer stays.
    fake.answer = () => ({ parts: ['Start the server [1].'] });
    await question.fill('install');
    await question.press('Enter');
    await answer.getByRole('list', { name: 'Sources' }).getByRole('link').first().waitFor();
    fake.release();
    expect(await answer.locator('.ask-text').textContent()).toBe('Start the server [1].');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'web-ask');
    // The first question's request was aborted by the second (the browser reports it), and nothing else went wrong.
    const aborted = (problem: string) =>
      problem.includes('/ask/stream?') && problem.endsWith('net::ERR_ABORTED');
    expect(watched.problems.filter(aborted).length).toBeGreaterThan(0);
    expect(watched.problems.filter((problem) => !aborted(problem))).toEqual([]);
    watched.problems.splice(0);
    // A provider that fails: said in words (the browser reports the 503 it was answered).
    fake.answer = () => ({ status: 500, text: 'boom' });
    await question.fill('install');
    await question.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/The AI provider failed/)
      .waitFor();
    expect(watched.problems).toEqual([expect.stringContaining('status of 503')]);
  });
});
