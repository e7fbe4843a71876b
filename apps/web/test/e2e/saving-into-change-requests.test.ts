// @vitest-environment node
/**
 * Saving into an existing change request in the browser (issue 25, item 9). A change request
 * edited a page's heading, code, table, hint and image; a person edits the live page and
 * saves it "to #N": the change request keeps every earlier edit plus the new one (the editor
 * sends the revision it read the page at, and the server merges). Chosen before typing, the
 * change request's own page opens; when someone else changes the same lines meanwhile, the
 * save is refused with the conflict shown (docs/screenshots/editor-conflict.png) and the edit
 * stays in the editor. The read view then shows the hint as a box and the https image under
 * the app's Content-Security-Policy (item 14; the image is served by the test, as the
 * browser cannot reach the internet here: docs/screenshots/read-view-hint.png).
 */
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

const IMAGE_URL = 'https://images.example.com/diagram.svg';
/** The image the pages point at, as an https server would send it. */
const IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96">' +
  '<rect x="1" y="1" width="318" height="94" rx="8" fill="#eef3fd" stroke="#2457c5" stroke-width="2"/>' +
  '<text x="160" y="54" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#2457c5">' +
  'diagram.svg, served over https</text></svg>';

const LIVE = [
  'Intro paragraph.',
  '',
  '## Old heading',
  '',
  'A paragraph in the middle.',
  '',
  '```js',
  'old();',
  '```',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  'The last paragraph.',
  '',
].join('\n');

const IN_CHANGE_REQUEST = LIVE.replace('## Old heading', '## New heading')
  .replace('old();', 'renamed();')
  .replace('| 1 | 2 |', '| 1 | 2 |\n| 3 | 4 |')
  .replace(
    'A paragraph in the middle.',
    `A paragraph in the middle.\n\n{% hint style="warning" %}\nMind the step.\n{% endhint %}\n\n![A diagram](${IMAGE_URL})`,
  );

let server: TestServer;
let browser: Browser;
let org: TestOrganization;
let watched: WatchedPage;
let spaceId: string;
let pageId: string;
let changeRequest: { id: string; number: number };

const pageOf = async (source: { changeRequestId?: string } = {}) =>
  (
    await server.callOperation(operations.spaces.content.page.get, org.admin, {
      spaceId,
      pageId,
      format: 'markdown',
      ...source,
    })
  ).markdown ?? '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  org = await createOrganization(server);
  const call = server.callOperation;
  const space = await call(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'Guides',
  });
  spaceId = space.id;
  const inserted = await call(operations.spaces.content.update, org.admin, {
    spaceId,
    changes: [{ operation: 'insert_page', title: 'Saving', document: { markdown: LIVE } }],
  });
  const change = inserted.changes[0];
  pageId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
  const created = await call(operations.changeRequests.create, org.admin, {
    spaceId,
    subject: 'Polish the saving page',
  });
  changeRequest = { id: created.id, number: created.number };
  await call(operations.changeRequests.content.update, org.admin, {
    spaceId,
    changeRequestId: created.id,
    changes: [{ operation: 'update_page', page: pageId, document: { markdown: IN_CHANGE_REQUEST } }],
  });
  watched = await openWatchedPage(browser, server.url);
  // The internet, for the image the pages point at.
  await watched.context.route(`${IMAGE_URL}*`, (route) =>
    route.fulfill({ body: IMAGE, contentType: 'image/svg+xml' }),
  );
  await signInWithToken(watched.page, org.admin.token);
  await watched.page.waitForURL((url) => url.pathname !== '/' && url.pathname !== '/sign-in');
  await watched.page.waitForLoadState('networkidle');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openEditor() {
  const { page } = watched;
  await page.goto(`/o/${org.organization.id}/s/${spaceId}/saving`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const content = page.getByRole('textbox', { name: 'Content of Saving' });
  await content.waitFor();
  return content;
}

/** Types `text` at the end of the paragraph holding `paragraph`. */
async function typeAfter(paragraph: string, text: string) {
  const { page } = watched;
  await page.getByRole('textbox', { name: 'Content of Saving' }).getByText(paragraph).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

describe('saving into an existing change request in the browser', () => {
  it('merges an edit of the live page into the change request, which keeps its earlier edits', async () => {
    const { page } = watched;
    const content = await openEditor();
    await content.getByRole('heading', { name: 'Old heading' }).waitFor();
    await typeAfter('The last paragraph.', ' Edited in the browser.');
    await page.getByLabel('Save to').selectOption(`cr:${changeRequest.id}`);
    await page.getByText(`saving merges your edit into change request #${changeRequest.number}`).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Saved into change request #${changeRequest.number}`).waitFor();

    const saved = await pageOf({ changeRequestId: changeRequest.id });
    for (const edit of ['## New heading', 'renamed();', '| 3 | 4 |', 'Mind the step.', IMAGE_URL])
      expect(saved, `the change request lost "${edit}"`).toContain(edit);
    expect(saved).toContain('The last paragraph. Edited in the browser.');
    expect(saved).not.toContain('Old heading');
    // The editor goes on from the change request's page as saved.
    await content.getByRole('heading', { name: 'New heading' }).waitFor();
    expect(await pageOf()).toBe(LIVE);
    expect(watched.problems).toEqual([]);
  });

  it('opens the change request’s page when chosen first, and shows a conflict with an edit made meanwhile', async () => {
    const { page } = watched;
    const content = await openEditor();
    await page.getByLabel('Save to').selectOption(`cr:${changeRequest.id}`);
    await content.getByRole('heading', { name: 'New heading' }).waitFor();
    await content.getByRole('note', { name: 'warning hint' }).waitFor();

    // Someone else changes the intro of the change request meanwhile.
    const theirs = await pageOf({ changeRequestId: changeRequest.id });
    await server.callOperation(operations.changeRequests.content.update, org.admin, {
      spaceId,
      changeRequestId: changeRequest.id,
      changes: [
        {
          operation: 'update_page',
          page: pageId,
          document: { markdown: theirs.replace('Intro paragraph.', 'Their intro.') },
        },
      ],
    });

    await typeAfter('Intro paragraph.', ' My intro.');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert');
    await alert
      .getByText(
        `Not saved: change request #${changeRequest.number} changed since you started, in the same places`,
      )
      .waitFor();
    expect(await alert.textContent()).toContain('Saving: the same lines of its text');
    // The edit is still in the editor; nothing was written.
    await content.getByText('Intro paragraph. My intro.').waitFor();
    await alert.scrollIntoViewIfNeeded();
    await screenshot(page, 'editor-conflict');
    const after = await pageOf({ changeRequestId: changeRequest.id });
    expect(after).toContain('Their intro.');
    expect(after).not.toContain('My intro.');
    // The refusal (409) is the answer shown, not a problem of the page.
    expect(watched.problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    watched.problems.length = 0;

    // Loading the latest version drops the edit and shows theirs.
    await alert.getByRole('button', { name: 'Load the latest version (drops your edit)' }).click();
    await content.getByText('Their intro.').waitFor();
  });

  it('shows the hint as a box and the https image under the app’s policy once merged', async () => {
    const { page } = watched;
    await server.callOperation(operations.changeRequests.merge, org.admin, {
      spaceId,
      changeRequestId: changeRequest.id,
    });
    const response = await page.goto(`/o/${org.organization.id}/s/${spaceId}/saving`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/img-src [^;]*https:/);
    const article = page.locator('article');
    const hint = article.getByRole('note', { name: 'Warning hint' });
    await hint.waitFor();
    expect(await hint.textContent()).toBe('Mind the step.');
    expect(await article.textContent()).not.toContain('{%');
    const image = article.getByRole('img', { name: 'A diagram' });
    expect(await image.getAttribute('src')).toBe(IMAGE_URL);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'read-view-hint');
    expect(watched.problems).toEqual([]);
  });
});
