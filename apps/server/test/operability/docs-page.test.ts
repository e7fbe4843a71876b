/**
 * `/docs` in a real headless Chromium, under the server's own Content-Security-Policy: the
 * page titled Quire loads `/openapi.json`, lists every operation under its tag, shows the
 * examples, and the browser reports no problem. `/` leads there. Screenshots are left in
 * the temporary directory for a person to look at (their paths are printed).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from '../../src/faces/openapi/api-tags';
import { launchChromium, openPage } from '../support/headless-chromium';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/', () => {
  it('leads to /docs until the web app exists', async () => {
    const response = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/docs');
  });
});

describe('/docs', () => {
  it('is served under the default-src self policy', async () => {
    const response = await fetch(`${server.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('renders every operation of /openapi.json under its tag, titled Quire, without a problem', async () => {
    const document = (await server.api('/openapi.json')).body;
    const operationCount = Object.values(document.paths as Record<string, object>).reduce(
      (sum, methods) => sum + Object.keys(methods).length,
      0,
    );

    const { page, problems } = await openPage(browser, `${server.url}/`);
    expect(page.url()).toBe(`${server.url}/docs`);
    await page.waitForSelector('.opblock');
    expect(await page.title()).toBe('Quire');
    expect(await page.$$eval('.opblock', (blocks) => blocks.length)).toBe(operationCount);
    expect(
      await page.$$eval('.opblock-tag', (tags) => tags.map((tag) => tag.getAttribute('data-tag'))),
    ).toEqual(API_TAGS.map((tag) => tag.name));
    // The document it shows is /openapi.json (the link under the title).
    expect(await page.$eval('.info a.link', (link) => link.getAttribute('href'))).toBe('/openapi.json');

    const top = join(tmpdir(), 'quire-docs.png');
    await page.screenshot({ path: top });

    // Opening an operation shows its example request body.
    await page.click('.opblock-post [data-path="/v1/orgs/{organizationId}/spaces"]');
    const example = await page.waitForSelector('.opblock.is-open .body-param__example');
    expect(JSON.parse((await example?.evaluate((block) => block.textContent)) ?? '')).toMatchObject({
      editMode: 'live',
    });

    const operation = join(tmpdir(), 'quire-docs-operation.png');
    await page.screenshot({ path: operation });
    console.info(`screenshots of /docs: ${top}, ${operation}`);
    expect(problems).toEqual([]);
  }, 60_000);
});
