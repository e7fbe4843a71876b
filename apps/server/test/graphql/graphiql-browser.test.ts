/**
 * GraphiQL works offline: a real headless Chromium opens `/graphql` with every request to
 * another host than the server blocked, GraphiQL renders, a query typed with an
 * `Authorization` header runs, and its data shows in the result pane; nothing asked for
 * another host, and the page's Content-Security-Policy refused nothing.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_CONTENT_SECURITY_POLICY } from '../../src/faces/graphql/graphiql';
import { createOrganization } from '../support/factories';
import { launchChromium } from '../support/headless-chromium';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let browser: Browser | undefined;
let launchFailure: unknown;

beforeAll(async () => {
  server = await startTestServer();
  try {
    browser = await launchChromium();
  } catch (error) {
    launchFailure = error;
  }
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server.close();
});

/** Replaces the text of a Monaco editor as a paste would (typing would trigger its auto-closing brackets). */
async function setEditorText(page: Page, editor: string, text: string) {
  await page.click(`${editor} .monaco-editor .view-lines`);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.evaluate((inserted) => document.execCommand('insertText', false, inserted), text);
}

describe('GraphiQL in a browser without internet', () => {
  it('renders, runs a query with an Authorization header, and shows its data', async (context) => {
    if (!browser) {
      const banner = '!'.repeat(78);
      console.warn(
        `\n${banner}\nSKIPPED: Chromium cannot start on this machine, so GraphiQL was NOT checked in a browser.\n${String(launchFailure)}\n${banner}\n`,
      );
      context.skip();
      return;
    }
    const { organization, admin } = await createOrganization(server);
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });

    const host = new URL(server.url).host;
    const elsewhere: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.host === host) {
        void request.continue();
      } else {
        elsewhere.push(request.url());
        void request.abort();
      }
    });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(String(error)));
    await page.evaluateOnNewDocument(() => {
      const refused: string[] = [];
      Object.assign(window, { refusedByPolicy: refused });
      document.addEventListener('securitypolicyviolation', (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });

    const response = await page.goto(`${server.url}/graphql`, { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(GRAPHIQL_CONTENT_SECURITY_POLICY);
    await page.waitForSelector('.graphiql-query-editor .monaco-editor', { timeout: 10_000 });

    await setEditorText(
      page,
      '.graphiql-query-editor',
      `{ orgsGet(organizationId: "${organization.id}") { title spaces { totalCount } } }`,
    );
    await setEditorText(
      page,
      '.graphiql-editor-tool .graphiql-editor:not(.hidden)',
      JSON.stringify({ Authorization: `Bearer ${admin.token}` }),
    );
    await page.click('.graphiql-execute-button');
    // Monaco draws spaces as no-break spaces.
    await page.waitForFunction(
      (title) =>
        document
          .querySelector('.graphiql-response')
          ?.textContent?.replace(/\u00a0/g, ' ')
          .includes(`"${title}"`),
      { timeout: 5_000 },
      organization.title,
    );
    const result = await page.$eval('.graphiql-response', (pane) =>
      pane.textContent?.replace(/\u00a0/g, ' '),
    );
    expect(result).toContain('"totalCount": 0');

    const screenshot = join(tmpdir(), 'quire-graphiql.png');
    await page.screenshot({ path: screenshot });
    console.info(`GraphiQL screenshot: ${screenshot}`);
    expect(elsewhere).toEqual([]);
    expect(failures).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy),
    ).toEqual([]);
  }, 30_000);
});
