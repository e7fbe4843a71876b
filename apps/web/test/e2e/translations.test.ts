// @vitest-environment node
/**
 * Translations in the built app, served by a real server (its own job worker) whose
 * translation provider is a fake LibreTranslate on 127.0.0.1 that writes every text in
 * capitals: a translation made from a space's Translations tab runs to 'completed' with its
 * stats, then opens side by side with its source, the translated text beside the original.
 * Each screen passes axe-core with no serious or critical violation and shows no console
 * error; the two screens are kept as docs/screenshots/translations-list.png and
 * docs/screenshots/translations-side-by-side.png. The tests run in order in one browser context.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import {
  type FakeProvider,
  startFakeProvider,
} from '../../../server/test/translations-providers/fake-provider-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

let fake: FakeProvider;
let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;

/** The fake's translation: letters outside tags and character references in capitals. */
const shout = (text: string): string =>
  text.replace(
    /(<[^>]*>)|(&[#\w]+;)|([^<&]+)/g,
    (_whole, tag, reference, words: string) => tag ?? reference ?? words.toUpperCase(),
  );

beforeAll(async () => {
  fake = await startFakeProvider((call) => ({
    json: { translatedText: (call.body.q ?? []).map(shout) },
  }));
  [server, browser] = await Promise.all([
    startTestServer({
      QUIRE_TRANSLATE_PROVIDER: 'libretranslate',
      QUIRE_TRANSLATE_URL: fake.url,
      QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
    }),
    launchChromium(),
  ]);
  docs = await createDocsSpace(server);
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

/** A run is a job in the server: waited for as a person would, by the status shown. */
const RUNNING = { timeout: 15_000 };

describe('translations in the browser', () => {
  it('signs in and opens the Translations tab of the space', async () => {
    const { page } = watched;
    await signInWithToken(page, docs.org.admin.token);
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}`);
    await page.getByRole('link', { name: 'Translations' }).click();
    await page.getByText('No translations yet').waitFor();
    await expectAccessibleAndQuiet();
  });

  it('creates a translation, which runs to completed with its stats', async () => {
    const { page } = watched;
    const form = page.getByRole('form', { name: 'New translation' });
    await form.getByRole('combobox', { name: 'Translate into' }).selectOption({ label: 'French' });
    await form
      .getByRole('textbox', { name: 'Instructions (optional)' })
      .fill('Keep product names in English.');
    await form.getByRole('button', { name: 'Create and run' }).click();
    const row = page.getByRole('list', { name: 'Translations' }).getByRole('listitem');
    await row.getByText('Completed', { exact: true }).waitFor(RUNNING);
    const stats = await row.getByText(/^From English · /).textContent();
    expect(stats).toMatch(/^From English · 1 run · 6 pages · [\d,]+ words · last run \d+ s, 6 pages$/);
    expect(fake.calls.length).toBeGreaterThan(0);
    await screenshot(page, 'translations-list');
    await expectAccessibleAndQuiet();
  });

  it('opens the translation side by side with its source', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: 'Open side by side' }).click();
    const source = page.getByRole('region', { name: 'Source (English)' });
    const translated = page.getByRole('region', { name: 'Translation (French)' });
    await source.getByRole('heading', { name: 'Getting started', exact: true }).waitFor();
    await translated.getByRole('heading', { name: 'GETTING STARTED', exact: true }).waitFor();
    await translated.getByRole('heading', { name: 'BEFORE YOU START' }).waitFor();
    await translated.getByText('A SERVER WITH NODE.JS 20 OR LATER').waitFor();
    // Code is never sent: it reads as in the source.
    await translated.getByText('git clone https://example.com/quire.git', { exact: false }).waitFor();
    // The pointer off the links it clicked, so that no hover shows.
    await page.mouse.move(1270, 790);
    await screenshot(page, 'translations-side-by-side');
    await expectAccessibleAndQuiet();

    await page
      .getByRole('navigation', { name: 'Pages of the source' })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await translated.getByText('QUESTIONS AND ANSWERS.').waitFor();
    await expectAccessibleAndQuiet();
  });
});
