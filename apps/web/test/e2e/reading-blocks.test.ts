// @vitest-environment node
/**
 * A page written in GitBook's markdown, stored through the API and read in the built app in a
 * real Chromium (issue 27, item 4): its blocks show as blocks (tabs, steppers, hints, code
 * titles, math, columns, updates, the `if` marker, link cards, cards), not as their tags; on a
 * desktop and a phone (the blocks within the text column), axe-core finds no serious or critical violation and the console no
 * problem; a reusable content included shows in place, read through the API; a change
 * request adding a block shows it rendered in the diff. Screenshots in
 * docs/screenshots/ (page-blocks-*.png).
 */
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { EVERY_BLOCK_MARKDOWN } from '../support/every-block-markdown';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let watched: WatchedPage;
let token: string;
let pagePath: string;
let changesPath: string;

const picture = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="300"><rect width="640" height="300" fill="#1a7f37"/><text x="320" y="160" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#fff">${label}</text></svg>`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  const owner = await createUser(server, { displayName: 'Ada Lovelace', email: 'ada@example.test' });
  const org = await createOrganization(server, { title: 'Acme', owner });
  token = org.admin.token;
  const call = server.callOperation;
  const space = await call(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'Blocks',
  });
  await call(operations.spaces.content.update, org.admin, {
    spaceId: space.id,
    changes: [
      {
        operation: 'insert_reusable_content',
        title: 'Support',
        document: { markdown: 'Reused words: ask support any time.\n' },
      },
    ],
  });
  const reusable = await call(operations.spaces.content.reusableContents.list, org.admin, {
    spaceId: space.id,
  });
  const reusableId = (reusable as unknown as { items: { id: string }[] }).items[0]!.id;
  const include = `{% include "/reusable-contents/${reusableId}" %}`;
  await call(operations.spaces.content.update, org.admin, {
    spaceId: space.id,
    changes: [
      {
        operation: 'insert_page',
        title: 'Every block',
        document: { markdown: `${EVERY_BLOCK_MARKDOWN}\n${include}\n` },
      },
    ],
  });
  const pages = await call(operations.spaces.content.pages.list, org.admin, { spaceId: space.id });
  const page = pages.pages[0] as unknown as { id: string; path: string };
  pagePath = `/o/${org.organization.id}/s/${space.id}/${page.path}`;
  const changeRequest = await call(operations.changeRequests.create, org.admin, {
    spaceId: space.id,
    subject: 'Add a warning',
  });
  await call(operations.changeRequests.content.update, org.admin, {
    spaceId: space.id,
    changeRequestId: changeRequest.id,
    changes: [
      {
        operation: 'update_page',
        page: page.id,
        document: {
          markdown: `${EVERY_BLOCK_MARKDOWN}\n${include}\n\n{% hint style="warning" %}\nA warning added in review.\n{% endhint %}\n`,
        },
      },
    ],
  });
  changesPath = `/o/${org.organization.id}/s/${space.id}/~/changes/${changeRequest.number}`;
  watched = await openWatchedPage(browser, server.url);
  await watched.context.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: picture(new URL(route.request().url()).pathname) }),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a page of GitBook blocks in the app', () => {
  it('shows its blocks as blocks, not as their tags, on a desktop', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    await signInWithToken(page, token);
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.goto(pagePath);
    await page.getByRole('heading', { name: 'Every block', level: 1 }).waitFor();
    await page.locator('.doc-math .katex-display').waitFor();
    const article = page.locator('article.page-article');
    for (const tag of [
      '{% tabs',
      '{% stepper',
      '{% hint',
      '{% code',
      '{% columns',
      '{% updates',
      '{% if',
      '{% embed',
      '$$',
    ])
      expect(await article.textContent(), `${tag} shown as text`).not.toContain(tag);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['npm', 'pnpm']);
    expect(await page.locator('ol.doc-stepper > li').count()).toBe(3);
    expect(await page.getByRole('note', { name: /hint$/ }).count()).toBe(4);
    expect(await page.locator('.doc-code-title').textContent()).toBe('server.ts');
    expect(await page.locator('.doc-columns > .doc-column').count()).toBe(2);
    expect(await page.locator('article.doc-update').filter({ hasText: 'First release.' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: /^Shown when/ }).textContent()).toContain(
      'Only for pro visitors.',
    );
    expect(await page.getByRole('link', { name: /www\.youtube\.com/ }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=abc',
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByText('Reused words: ask support any time.').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'page-blocks');
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('reads well on a phone: columns stacked, nothing wider than the screen', async () => {
    const { page } = watched;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Layout' }).scrollIntoViewIfNeeded();
    const columns = page.locator('.doc-columns > .doc-column');
    const [left, right] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(right!.y).toBeGreaterThan(left!.y + left!.height - 1);
    // The page's blocks fit its text column (the app's own shell is not this test's subject).
    const overflow = await page.evaluate(() => {
      const content = document.querySelector('.page-document')!;
      return content.scrollWidth - content.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'page-blocks-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a block added in a change request rendered in its diff', async () => {
    const { page } = watched;
    await page.goto(changesPath);
    await page.getByRole('button', { name: 'Rendered' }).click();
    const added = page.locator('.rendered-diff-added');
    await added.first().waitFor();
    expect(await added.getByRole('note', { name: 'Warning hint' }).textContent()).toContain(
      'A warning added in review.',
    );
    await added.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'change-request-rendered-diff');
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });
});
