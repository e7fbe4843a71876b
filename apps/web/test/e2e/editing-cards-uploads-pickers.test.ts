// @vitest-environment node
/**
 * What the editor and the read view gained for GitBook's content, in a real Chromium against
 * a real server:
 * - the read view shows the space's and the page's variables, and an unknown one as a
 *   marked placeholder;
 * - a `<figure>` and a `{% file src="https://..." %}` open in the editor as blocks, not raw;
 * - cards: a card added, titled and linked from the cards' fields;
 * - an image uploaded from the computer into an image block, stored at once (the space is
 *   edited live) and shown from the server's bytes, and saved with the page into the change
 *   request, which has the file (`/files/<id>` in the saved markdown);
 * - an emoji from the slash menu's picker, saved as its shortcode;
 * - the file by address shown in the read view as a file card.
 * - tabs inserted, a figure put in a tab, a member mentioned from the picker (a chip), saved
 *   into a change request and seen again after a reload.
 * Screenshots: docs/screenshots/read-view-variables.png, editor-cards-upload.png,
 * editor-emoji-picker.png, editor-tabs-figure-mention.png, editor-tabs-figure-mention-reloaded.png.
 */
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;
let pageId: string;

/** A 2x2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const MARKDOWN = [
  'Version {{ space.vars.version }} for {{ page.vars.audience }}; {{ space.vars.missing }} is not set.',
  '<figure><img src="https://images.example/diagram.png" alt="A diagram"><figcaption><p>The diagram</p></figcaption></figure>',
  '{% file src="https://files.example/manual.pdf" %}\nThe manual\n{% endfile %}',
  'The end.',
].join('\n\n');

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: MARKDOWN } },
      { operation: 'update_variables', variables: { version: '4.2' } },
      { operation: 'update_variables', page: 'guide', variables: { audience: 'operators' } },
    ],
  });
  const change = inserted.changes[0];
  pageId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
  watched = await openWatchedPage(browser, server.url);
  // The pages' images, as an https server would send them.
  await watched.context.route('https://images.example/**', (route) =>
    route.fulfill({ body: PNG, contentType: 'image/png' }),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GitBook content in the app', () => {
  it('shows variables, opens figures and files as blocks, edits cards, uploads an image, picks an emoji', async () => {
    const { page } = watched;
    await page.goto('/sign-in');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.waitForLoadState('networkidle');

    // The read view: the variables' values, the unknown one marked.
    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/guide`);
    const article = page.locator('article.page-article');
    await article.getByText('4.2', { exact: true }).waitFor();
    expect(await article.getByText('operators', { exact: true }).isVisible()).toBe(true);
    expect(await article.locator('.doc-expression-unknown').textContent()).toBe(
      '{{ space.vars.missing }} (no value)',
    );
    // The file by address is a file card, not its tag.
    expect(await article.getByRole('link', { name: /manual\.pdf/ }).getAttribute('href')).toBe(
      'https://files.example/manual.pdf',
    );
    expect(await article.textContent()).not.toContain('{% file');
    await screenshot(page, 'read-view-variables');
    expect(await seriousViolations(page)).toEqual([]);

    // The editor: the figure and the file are blocks.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const content = page.getByRole('textbox', { name: 'Content of Guide' });
    await content.waitFor();
    expect(await content.locator('[data-raw-markdown]').count()).toBe(0);
    expect(await content.getByRole('group', { name: 'Image' }).count()).toBe(1);
    expect(await content.getByRole('group', { name: 'File' }).count()).toBe(1);

    // Cards, from the insert menu, after the last paragraph: one added, titled, linked.
    await content.getByText('The end.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert block' }).click();
    await page.getByRole('menuitem', { name: 'Cards' }).click();
    const cards = page.locator('fieldset[aria-label="Cards"]');
    await cards.getByRole('button', { name: 'Add a card' }).click();
    await cards.getByRole('textbox', { name: 'Card 3 title' }).fill('Operations');
    await cards.getByRole('textbox', { name: 'Card 3 link' }).fill('https://example.com/ops');
    await cards.getByRole('textbox', { name: 'Card 1 cover image' }).fill('https://images.example/cover.png');
    await content.getByText('Operations').waitFor();

    // An image uploaded from the computer, once the editor says it stores files at once (the
    // upload limit, above the inline one).
    await page.waitForFunction(
      () =>
        Number(
          /up to ([\d.]+) MB/.exec(document.querySelector('.editor-upload-limit')?.textContent ?? '')?.[1],
        ) > 2,
    );
    await content.getByText('The end.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert block' }).click();
    await page.getByRole('menuitem', { name: 'Image block' }).click();
    const image = page.locator('fieldset[aria-label="Image"]');
    await image
      .getByLabel('Upload an image', { exact: true })
      .setInputFiles({ name: 'red square.png', mimeType: 'image/png', buffer: PNG });
    await image.getByRole('textbox', { name: 'Alt text' }).fill('A red square');
    // The space is edited live: the image is stored at once and shown from the server's bytes.
    await content.locator('img[src^="/files/"][alt="A red square"]').waitFor();
    await screenshot(page, 'editor-cards-upload');
    expect(await seriousViolations(page)).toEqual([]);

    // An emoji, from the slash menu's picker, at the end of the first paragraph.
    await content.getByText('The end.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/emoji');
    await page.getByRole('option', { name: 'Emoji' }).waitFor();
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Search emoji' });
    await search.waitFor();
    await search.fill('rocket');
    await screenshot(page, 'editor-emoji-picker');
    expect(await seriousViolations(page)).toEqual([]);
    await search.press('Enter');
    await content.getByText('🚀').waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Saved into change request #\d+/).waitFor();
    const number = Number(
      (await page.getByRole('link', { name: /change request #/ }).textContent())?.split('#')[1],
    );
    const saved = await server.callOperation(operations.spaces.content.page.get, docs.org.admin, {
      spaceId: docs.spaceId,
      changeRequestId: String(number),
      pageId,
      format: 'markdown',
    });
    const markdown = saved.markdown ?? '';
    // Unedited blocks kept as they were written.
    expect(markdown).toContain(
      '<figure><img src="https://images.example/diagram.png" alt="A diagram"><figcaption><p>The diagram</p></figcaption></figure>',
    );
    expect(markdown).toContain('{% file src="https://files.example/manual.pdf" %}');
    // The cards, the uploaded image as a file of the change request, the emoji.
    expect(markdown).toContain('data-view="cards"');
    expect(markdown).toContain('Operations');
    expect(markdown).toContain('https://example.com/ops');
    expect(markdown).toContain('https://images.example/cover.png');
    const upload = /!\[A red square\]\(\/files\/([^)\s]+)\)/.exec(markdown);
    expect(upload).not.toBeNull();
    const files = await server.callOperation(operations.spaces.content.files.list, docs.org.admin, {
      spaceId: docs.spaceId,
      changeRequestId: String(number),
    });
    const file = files.items.find((item) => item.id === upload?.[1]);
    expect(file).toMatchObject({ name: 'red square.png', contentType: 'image/png' });
    expect(markdown).toContain(':rocket:');
    expect(watched.problems).toEqual([]);
  });

  it('puts a figure in a new tab and mentions a member, saved and seen again after a reload', async () => {
    const { page } = watched;
    // Leaving the first test's page may abort its image requests: not this test's problems.
    await page.goto('about:blank');
    watched.problems.splice(0);
    const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
      spaceId: docs.spaceId,
      changes: [{ operation: 'insert_page', title: 'Tabbed', document: { markdown: 'Start.' } }],
    });
    const change = inserted.changes[0];
    const tabbedId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/tabbed`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const content = page.getByRole('textbox', { name: 'Content of Tabbed' });
    await content.getByText('Start.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert block' }).click();
    await page.getByRole('menuitem', { name: 'Tabs', exact: true }).click();
    await page.keyboard.type('In the tab.');
    // A member, from the slash menu's mention picker (members come first in its list).
    await page.keyboard.press('Enter');
    await page.keyboard.type('/mention');
    await page.getByRole('option', { name: 'Mention' }).waitFor();
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Search people and pages' });
    await search.waitFor();
    await page
      .getByRole('option', { name: /Member/ })
      .first()
      .waitFor();
    await search.press('Enter');
    const chip = content.locator('.editor-mention-member');
    await chip.waitFor();
    // A figure in the tab, after its paragraph.
    await content.getByText('In the tab.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert block' }).click();
    await page.getByRole('menuitem', { name: 'Image block' }).click();
    const image = page.locator('fieldset[aria-label="Image"]');
    await image
      .getByRole('textbox', { name: 'Image address', exact: true })
      .fill('https://images.example/tab.png');
    await image.getByRole('textbox', { name: 'Caption', exact: true }).fill('A figure in a tab');
    await content.locator('[data-node="tabsItem"] img[src="https://images.example/tab.png"]').waitFor();
    await screenshot(page, 'editor-tabs-figure-mention');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Saved into change request #\d+/).waitFor();
    const number = Number(
      (await page.getByRole('link', { name: /change request #/ }).textContent())?.split('#')[1],
    );
    const saved = await server.callOperation(operations.spaces.content.page.get, docs.org.admin, {
      spaceId: docs.spaceId,
      changeRequestId: String(number),
      pageId: tabbedId,
      format: 'markdown',
    });
    const markdown = saved.markdown ?? '';
    expect(markdown).toContain('{% tabs %}');
    expect(markdown).toMatch(
      /\{% tab title="[^"]*" %\}[\s\S]*https:\/\/images\.example\/tab\.png[\s\S]*\{% endtab %\}/,
    );
    expect(markdown).toContain('A figure in a tab');
    expect(markdown).toMatch(/\(https:\/\/app\.gitbook\.com\/u\/[\w-]+ "mention"\)/);

    // Reloaded, and opened at the change request: the tab, its figure and the mention are there.
    await page.reload();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const target = page.getByLabel('Save to');
    const value = await target
      .locator('option', { hasText: `#${number} ` })
      .first()
      .getAttribute('value');
    await target.selectOption(value ?? '');
    await content
      .locator('[data-node="tabsItem"] img[src="https://images.example/tab.png"]')
      .waitFor({ state: 'attached' });
    expect(await content.locator('[data-raw-markdown]').count()).toBe(0);
    expect(await content.locator('.editor-mention-member').textContent()).toMatch(/^@./);
    expect(await content.locator('[data-node="tabsItem"]').getByText('In the tab.').count()).toBe(1);
    // The first tab shown, holding the mention and the figure.
    await content.getByRole('tab', { name: 'Tab 1' }).click();
    await content.locator('.editor-mention-member').waitFor();
    await screenshot(page, 'editor-tabs-figure-mention-reloaded');
    expect(watched.problems).toEqual([]);
  });
});
