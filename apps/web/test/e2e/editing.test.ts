// @vitest-environment node
/**
 * Editing a page in the browser: a person signs in, opens a page, switches to the editor,
 * writes a heading, a list, a table and a code block, and saves into a new change request;
 * the change request's page then holds them as markdown (read through the API), and the
 * page's markdown the editor cannot show survives the save verbatim. The editor screen
 * passes axe-core (no serious or critical violation) and is kept as docs/screenshots/editor.png.
 */
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

const PAGE_MARKDOWN = 'Start **here**.\n\n<details>kept as written</details>\n';

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;
let pageId: string;
/** The change request the edit was saved into. */
let savedInto: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [{ operation: 'insert_page', title: 'Editing', document: { markdown: PAGE_MARKDOWN } }],
  });
  const change = inserted.changes[0];
  pageId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('editing a page in the browser', () => {
  it('writes a heading, a list, a table and a code block, and saves them into a change request', async () => {
    const { page } = watched;
    await page.goto('/sign-in');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    // Leaving the landing screen while it loads would cut its requests short.
    await page.waitForLoadState('networkidle');

    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/editing`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const content = page.getByRole('textbox', { name: 'Content of Editing' });
    await content.waitFor();
    await expect.poll(() => content.getByText('<details>kept as written</details>').count()).toBe(1);

    await content.getByText('Start').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('## Setup');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```ts ');
    await page.keyboard.type('const answer = 42;');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert table' }).click();
    // The editor takes the focus back into the new table's first cell a moment after the
    // click: typing before that loses the first letters (seen on a loaded machine).
    await page.waitForFunction(() => {
      const anchor = window.getSelection()?.anchorNode;
      const element = anchor instanceof Element ? anchor : anchor?.parentElement;
      return document.activeElement?.closest('[contenteditable="true"]') && element?.closest('th, td');
    });
    for (const cell of ['Name', 'Value', 'Note', 'port', '8080', 'default'])
      await page.keyboard.type(cell).then(() => page.keyboard.press('Tab'));

    await screenshot(page, 'editor');
    expect(await seriousViolations(page)).toEqual([]);

    // The block settings, popovers and menus of the toolbar, each checked by axe while open.
    await content.getByText('const answer = 42;').click();
    const language = page.getByRole('combobox', { name: 'Code language' });
    expect(await language.inputValue()).toBe('ts');
    expect(await seriousViolations(page)).toEqual([]);

    await content.getByText('second').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/second');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: 'Insert image' }).click();
    await page.getByRole('textbox', { name: 'Alt text' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await content.getByText('Start').click();
    await page.getByRole('button', { name: 'Insert hint' }).click();
    await page.getByRole('menuitem', { name: 'Warning hint' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Warning hint' }).click();
    await page.getByRole('radio', { name: 'Warning' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

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
    expect(markdown).toContain('{% hint style="warning" %}\n\nStart **here**.\n\n{% endhint %}');
    expect(markdown).toContain('## Setup');
    expect(markdown).toContain('- first\n- [second](https://example.com/second)');
    expect(markdown).toContain('```ts\nconst answer = 42;\n```');
    expect(markdown).toContain('| Name | Value | Note |');
    expect(markdown).toContain('| port | 8080 | default |');
    expect(markdown).toContain('<details>kept as written</details>');
    expect(watched.problems).toEqual([]);
    savedInto = number;
  });

  it('opens that change request, shows the line diff of the page, and merges it into the space', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: /change request #/ }).click();
    await page.getByRole('button', { name: 'Merge into the space' }).waitFor();
    // The line diff of the edited page shows lines the edit added.
    await page.getByText('const answer = 42;').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Merge into the space' }).click();
    // Merging asks first, naming the pages that will change (issue 30, item 2).
    const confirm = page.getByRole('alertdialog', { name: /Merge change request/ });
    await confirm.getByText('Changed (1):').waitFor();
    await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect
      .poll(async () => {
        const changeRequest = await server.callOperation(operations.changeRequests.get, docs.org.admin, {
          spaceId: docs.spaceId,
          changeRequestId: String(savedInto),
        });
        return changeRequest.status;
      })
      .toBe('merged');
    const live = await server.callOperation(operations.spaces.content.page.get, docs.org.admin, {
      spaceId: docs.spaceId,
      pageId,
      format: 'markdown',
    });
    expect(live.markdown).toContain('| port | 8080 | default |');
    expect(live.markdown).toContain('<details>kept as written</details>');
    expect(watched.problems).toEqual([]);
  });
});
