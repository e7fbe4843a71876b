/**
 * `/docs` in a real headless Chromium, under the server's own Content-Security-Policy: the
 * page titled Quire shows `/openapi.json` part by part (`API_GROUPS`), every operation under
 * its tag, shows the examples, and the browser reports no problem. Screenshots are left in
 * the temporary directory for a person to look at (their paths are printed).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_GROUPS } from '../../src/faces/openapi/api-groups';
import { API_TAGS } from '../../src/faces/openapi/api-tags';
import { documentPartPath } from '../../src/faces/openapi/register-docs';
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

describe('/docs', () => {
  it('is served under the default-src self policy', async () => {
    const response = await fetch(`${server.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  // Swagger UI renders ~400 operations part by part: 27 s in a full run here, over 60 s once
  // on CI's 2 cores shared with other files. The wait is bounded by each part's count.
  it('renders every operation of /openapi.json under its tag, part by part, titled Quire, without a problem', async () => {
    const document = (await server.api('/openapi.json')).body;
    const operationCount = Object.values(document.paths as Record<string, object>).reduce(
      (sum, methods) => sum + Object.keys(methods).length,
      0,
    );

    const { page, problems } = await openPage(browser, `${server.url}/docs`);
    expect(await page.title()).toBe('Quire');
    let rendered = 0;
    for (const group of API_GROUPS) {
      const part = (await server.api(documentPartPath(group.id))).body;
      const partCount = Object.values(part.paths as Record<string, object>).reduce(
        (sum, methods) => sum + Object.keys(methods).length,
        0,
      );
      // Swagger UI stops rendering past ~135 operations: each part must stay under it.
      expect(partCount).toBeLessThanOrEqual(120);
      await page.select('.topbar select', documentPartPath(group.id));
      // Swagger UI renders tag by tag: wait for every operation of the part (the test's timeout bounds it).
      await page.waitForFunction(
        (href, count) =>
          document.querySelector('.info a.link')?.getAttribute('href') === href &&
          document.querySelectorAll('.opblock').length === count,
        // Checked every 100 ms: puppeteer's default checks at every animation frame, which keeps
        // Chromium drawing frames while Swagger UI works.
        { polling: 100 },
        documentPartPath(group.id),
        partCount,
      );
      expect(
        await page.$$eval('.opblock-tag', (tags) => tags.map((tag) => tag.getAttribute('data-tag'))),
      ).toEqual(API_TAGS.filter((tag) => tag.group === group.id).map((tag) => tag.name));
      rendered += partCount;
    }
    expect(rendered).toBe(operationCount);
    await page.select('.topbar select', documentPartPath('content'));
    await page.waitForSelector('.opblock-post [data-path="/v1/orgs/{organizationId}/spaces"]');

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
  }, 150_000);
});
