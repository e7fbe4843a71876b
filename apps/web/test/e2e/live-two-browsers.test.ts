// @vitest-environment node
/**
 * Two people, two browsers (each its own Chromium: the one here shares cookies between
 * contexts), the same page: what one
 * posts, replies and resolves in the app reaches the other's screen as it happens, through
 * the live comments subscription, without a reload. The second person only reads: they see
 * the comment but are offered no way to resolve it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type TestMember } from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';

let server: TestServer;
let browser: Browser;
/** A browser of its own for the second person: `@sparticuz/chromium` runs `--single-process`, where contexts share cookies. */
let otherBrowser: Browser;
let docs: DocsSpace;
let reader: TestMember;
let ada: WatchedPage;
let grace: WatchedPage;

async function signInWithToken(watched: WatchedPage, token: string): Promise<void> {
  const { page } = watched;
  await page.goto('/sign-in');
  await page.getByRole('tab', { name: 'API token' }).click();
  await page.getByRole('textbox', { name: 'API token' }).fill(token);
  await page.getByRole('button', { name: 'Sign in with token' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in', { waitUntil: 'commit' });
  // Let the screen after sign-in load its code before the test navigates away.
  await page.waitForLoadState('networkidle');
}

async function openGettingStarted(watched: WatchedPage): Promise<void> {
  await watched.page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/getting-started`);
  await watched.page.getByRole('heading', { level: 1, name: /Getting started/ }).waitFor();
  await watched.page
    .getByRole('region', { name: /Comments/ })
    .getByText('Should we say which')
    .waitFor();
}

beforeAll(async () => {
  [server, browser, otherBrowser] = await Promise.all([
    startTestServer(),
    launchChromium(),
    launchChromium(),
  ]);
  docs = await createDocsSpace(server);
  reader = await addMember(server, docs.org.organization.id, 'read');
  ada = await openWatchedPage(browser, server.url);
  await signInWithToken(ada, docs.org.admin.token);
  grace = await openWatchedPage(otherBrowser, server.url);
  await signInWithToken(grace, reader.token);
  await Promise.all([openGettingStarted(ada), openGettingStarted(grace)]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), otherBrowser?.close()]);
  await server?.close();
});

describe('comments, live between two browsers', () => {
  it('a comment posted in one browser appears in the other, which may read but not resolve it', async () => {
    const adaComments = ada.page.getByRole('region', { name: /Comments/ });
    await adaComments.getByLabel('Add a comment').fill('Does the port need to be free?');
    await adaComments.getByRole('button', { name: 'Comment', exact: true }).click();

    const graceComments = grace.page.getByRole('region', { name: /Comments/ });
    const arrived = graceComments.getByRole('article').filter({ hasText: 'Does the port need to be free?' });
    await arrived.waitFor();
    // Grace reads: the comment comes with her own permissions.
    expect(await arrived.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
  });

  it('resolving it follows', async () => {
    const adaComments = ada.page.getByRole('region', { name: /Comments/ });
    const mine = adaComments.getByRole('article').filter({ hasText: 'Does the port need to be free?' });
    await mine.getByRole('button', { name: 'Resolve' }).click();
    const graceComments = grace.page.getByRole('region', { name: /Comments/ });
    await graceComments.getByRole('article').filter({ hasText: 'Resolved by' }).first().waitFor();
    expect(ada.problems).toEqual([]);
    expect(grace.problems).toEqual([]);
  });
});
