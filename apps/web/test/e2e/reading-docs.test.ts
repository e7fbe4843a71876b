// @vitest-environment node
/**
 * The built app, served by a real server on the embedded engine, in a real Chromium: a
 * person signs in with an API token (later with a password), sees the organization's collections and spaces, opens
 * a space and reads a page, opens the change requests and one's diff, comments and resolves,
 * is sent back to sign in when the session goes and returns where they were. Each main
 * screen passes axe-core with no serious or critical violation, shows no console error and
 * no Content-Security-Policy violation, and is kept as a screenshot in docs/screenshots/.
 * The tests run in order in one browser context: each goes on from where the last left off.
 */
import { gzipSync } from 'node:zlib';
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { ADA_PASSWORD, createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

/** The first screen's JavaScript, gzipped, stays under this (the target). */
const FIRST_SCREEN_JS_BUDGET = 250 * 1024;

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The screen as it is now passes axe and showed no problem so far. */
async function expectAccessibleAndQuiet(): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

describe('reading the docs in the browser', () => {
  it('leads to sign-in, whose JavaScript is under 250 KB gzipped', async () => {
    const { page } = watched;
    const scripts: Promise<Buffer>[] = [];
    const collect = (response: import('playwright-core').Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    };
    page.on('response', collect);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', collect);
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    const bodies = await Promise.all(scripts);
    // React's production build: its development build (warnings, checks) is twice the size.
    expect(bodies.filter((body) => body.includes('unique "key" prop'))).toEqual([]);
    const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    console.info(
      `first screen (sign-in): ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
    );
    expect(gzipped).toBeLessThan(FIRST_SCREEN_JS_BUDGET);
    await screenshot(page, 'sign-in');
    await expectAccessibleAndQuiet();
  });

  it('refuses a wrong token with a message, then signs in with the right one', async () => {
    const { page } = watched;
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill('quire_not_a_real_token');
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBeTruthy();
    // The refusal is the answer of the server (401), not a problem of the page.
    watched.problems.length = 0;

    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.getByRole('link', { name: /Handbook/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/o/${docs.org.organization.id}`);
  });

  it("shows the organization's collections and spaces", async () => {
    const { page } = watched;
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    const tree = page.getByRole('list', { name: 'Collections and spaces' });
    await expect.poll(() => tree.textContent()).toContain('Product');
    expect(await tree.textContent()).toContain('Team notes');
    await screenshot(page, 'organization');
    await expectAccessibleAndQuiet();
  });

  it('switches organizations from the switcher', async () => {
    const { page } = watched;
    await page.getByRole('button', { name: /Organization: Acme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Acme' }).waitFor();
    expect(await page.getByRole('menuitemradio', { name: 'Acme' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('opens a space: the page tree and the first page, rendered', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: /Handbook/ }).click();
    const tree = page.getByRole('tree', { name: 'Pages' });
    await tree.getByRole('treeitem', { name: /Getting started/ }).waitFor();
    await page.getByRole('heading', { level: 1, name: /Getting started/ }).waitFor();
    // The markdown's constructs, as HTML: a heading, a list, a code block, a table.
    await page.getByRole('heading', { level: 2, name: 'Before you start' }).waitFor();
    expect(await page.locator('article li').count()).toBe(3);
    expect(await page.locator('article pre code').textContent()).toContain('pnpm start');
    expect(await page.getByRole('table').getByRole('row').count()).toBe(3);
    // Subpages, with their place in the tree.
    const install = tree.getByRole('treeitem', { name: 'Install' });
    expect(await install.getAttribute('aria-level')).toBe('2');
    expect(await tree.getByRole('treeitem', { name: /Getting started/ }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.getByText('Should we say which').waitFor();
    await screenshot(page, 'space-page');
    await expectAccessibleAndQuiet();
  });

  it('moves through the page tree with the keyboard and opens a page by its path', async () => {
    const { page } = watched;
    const tree = page.getByRole('tree', { name: 'Pages' });
    await tree.getByRole('treeitem', { name: /Getting started/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Install' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(
      `/o/${docs.org.organization.id}/s/${docs.spaceId}/getting-started/install`,
    );
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Getting started');
    await page.keyboard.press('ArrowLeft');
    expect(await tree.getByRole('treeitem').count()).toBe(5);
    await page.keyboard.press('ArrowRight');
    expect(await tree.getByRole('treeitem').count()).toBe(6);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent?.replace('⋮⋮', ''))).toBe('FAQ');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Getting started');
  });

  it('comments on a page, replies, reacts and resolves', async () => {
    const { page } = watched;
    await page.getByRole('treeitem', { name: /Getting started/ }).click();
    const comments = page.getByRole('region', { name: /Comments/ });
    await comments.getByText('Should we say which').waitFor();
    await comments.getByRole('button', { name: '1 reply' }).click();
    await comments.getByText('pnpm 10, as the lockfile says.').waitFor();

    await comments.getByLabel('Add a comment').fill('The table could say which settings are required.');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = comments
      .getByRole('article', { name: 'Comment by Ada Lovelace' })
      .filter({ hasText: 'which settings are required' });
    await mine.waitFor();
    await mine.getByRole('button', { name: 'Add a reaction' }).click();
    await page.getByRole('button', { name: 'React with 🎉' }).click();
    await mine.getByRole('button', { name: /🎉 1/ }).waitFor();
    expect(await mine.getByRole('button', { name: /🎉 1/ }).getAttribute('aria-pressed')).toBe('true');
    await mine.getByRole('button', { name: 'Resolve' }).click();
    // Resolved, it stays listed, folded: its body shows again on request.
    const resolved = comments.getByRole('article').filter({ hasText: 'Resolved by Ada Lovelace' });
    await resolved.waitFor();
    await resolved.getByRole('button', { name: 'Show' }).click();
    await resolved.getByText('which settings are required').waitFor();
    await screenshot(page, 'comments');
    await expectAccessibleAndQuiet();
  });

  it('shows a comment posted elsewhere as it arrives, without reloading', async () => {
    const { page } = watched;
    await page.getByRole('heading', { level: 1, name: /Getting started/ }).waitFor();
    await server.callOperation(operations.spaces.comments.post, docs.org.admin, {
      spaceId: docs.spaceId,
      page: docs.gettingStartedId,
      body: { markdown: 'Posted from another browser' },
    });
    await page
      .getByRole('region', { name: /Comments/ })
      .getByText('Posted from another browser')
      .waitFor();
  });

  it('lists the open change requests and shows one: pages added, a line diff', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: 'Change requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Change requests' }).waitFor();
    const row = page.getByRole('link', { name: /Say where the server listens/ });
    await row.waitFor();
    await screenshot(page, 'change-requests');
    await expectAccessibleAndQuiet();

    await page.getByRole('link', { name: 'Merged' }).click();
    await page.getByText('No merged change requests').waitFor();
    await page.getByRole('link', { name: 'Open', exact: true }).click();
    await row.click();
    await page.getByRole('heading', { level: 2, name: 'Changes' }).waitFor();
    await page.getByText('1 page added, 1 page edited').waitFor();
    const added = page.locator('.diff-added .diff-text');
    await expect
      .poll(() => added.allTextContents())
      .toContain('It builds what is missing first, then listens on port 8080.');
    expect(await page.locator('.diff-removed .diff-text').allTextContents()).toContain(
      'It builds what is missing first.',
    );
    await screenshot(page, 'change-request');
    await expectAccessibleAndQuiet();
  });

  it('says what to do about an address that leads nowhere', async () => {
    const { page } = watched;
    await page.goto(`/o/${docs.org.organization.id}/s/no-such-space`);
    await page.getByRole('alert').getByText('Space not found').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Check the address');
    await page.getByRole('link', { name: 'Go to your organizations' }).waitFor();
    // The 404 is the server's answer, shown on the screen.
    watched.problems.length = 0;
  });

  it('returns to sign-in when the session is gone, then back to where the person was', async () => {
    const { page, context } = watched;
    const spacePath = `/o/${docs.org.organization.id}/s/${docs.spaceId}/getting-started/install`;
    await page.goto(spacePath);
    await page.getByRole('heading', { level: 1, name: 'Install' }).waitFor();
    // The page's own queries answered first: one still under way when the cookies go would be
    // refused and lead to sign-in before the click below (seen once the page's scripts came in
    // 7 files instead of 49, so that its heading showed sooner).
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    // The next call is refused (401): the app leads to sign-in.
    await page.getByRole('treeitem', { name: 'FAQ' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    watched.problems.length = 0;
    // This time with email and password.
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.test');
    await page.getByLabel('Password', { exact: true }).fill(ADA_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/o/${docs.org.organization.id}/s/${docs.spaceId}/faq`);
  });
});
