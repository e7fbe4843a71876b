// @vitest-environment node
/**
 * Git Sync in the built app, served by a real server (its own job worker) allowed to use
 * local repositories (`QUIRE_GIT_ALLOW_FILE=1`): from a space's Git Sync tab, the space is
 * exported to an empty bare repository (a real commit, checked with the system `git`), then
 * imported back, each run shown as it ends. Each screen passes axe-core with no serious or
 * critical violation and shows no console error; the tab is kept as
 * docs/screenshots/git-sync.png. The tests run in order in one browser context.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareRepository, git } from '../../../server/test/git-sync/git-server-fixture';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;
let repository: string;

beforeAll(async () => {
  [server, browser, repository] = await Promise.all([
    startTestServer({ QUIRE_GIT_ALLOW_FILE: '1' }),
    launchChromium(),
    bareRepository(),
  ]);
  docs = await createDocsSpace(server);
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectAccessibleAndQuiet(): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

/** A run is a job in the server: waited for as a person would, by the state shown. */
const RUNNING = { timeout: 15_000 };

describe('Git Sync in the browser', () => {
  it('signs in and opens the Git Sync tab of the space', async () => {
    const { page } = watched;
    await signInWithToken(page, docs.org.admin.token);
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}`);
    await page.getByRole('link', { name: 'Git Sync' }).click();
    await page.getByText('This space is not synchronized with a Git repository').waitFor();
    await expectAccessibleAndQuiet();
  });

  it('exports the space to a repository as one commit', async () => {
    const { page } = watched;
    await page.getByRole('textbox', { name: 'Repository URL' }).fill(repository);
    await page.getByRole('textbox', { name: 'Commit message' }).fill('Docs from the browser');
    await page.getByRole('button', { name: 'Export to Git' }).click();
    const lastExport = page.getByRole('region', { name: /Last export/ });
    await lastExport.getByText('Success', { exact: true }).waitFor(RUNNING);
    expect(git(repository, 'log', '-1', '--format=%s', 'main')).toBe('Docs from the browser');
    expect(git(repository, 'ls-tree', '--name-only', 'main').split('\n')).toContain('SUMMARY.md');
    await expectAccessibleAndQuiet();
  });

  it('imports the repository back, once confirmed', async () => {
    const { page } = watched;
    await page.getByRole('button', { name: 'Import from Git' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const lastImport = page.getByRole('region', { name: /Last import/ });
    await lastImport.getByText('Success', { exact: true }).waitFor(RUNNING);
    await page.mouse.move(1270, 790);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'git-sync');
    await expectAccessibleAndQuiet();
  });
});
