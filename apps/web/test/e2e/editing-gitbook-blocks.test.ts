// @vitest-environment node
/**
 * GitBook's blocks in the editor, in a real Chromium: a person inserts tabs from the insert
 * menu (titles the first tab, types in both), a stepper from the slash menu (types in its
 * steps, Enter three times leaves it), and an expandable (types its summary and its body), saves into a
 * change request, reloads the page and opens the editor on that change request: every
 * block is there as typed, and the saved markdown is GitBook's (`{% tabs %}`,
 * `{% stepper %}`, `<details>`). Screenshots: docs/screenshots/editor-gitbook-blocks*.png.
 */
import { operations } from '@quire/domain';
import type { Browser, Page } from 'playwright-core';
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

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [{ operation: 'insert_page', title: 'Blocks', document: { markdown: 'Start here.\n' } }],
  });
  const change = inserted.changes[0];
  pageId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits until the text cursor is in the editor, inside an element matching `selector`. */
async function cursorIn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((inside) => {
    const anchor = window.getSelection()?.anchorNode;
    const element = anchor instanceof Element ? anchor : anchor?.parentElement;
    return document.activeElement?.closest('[contenteditable="true"]') && element?.closest(inside);
  }, selector);
}

/**
 * Puts the cursor at the end of the first paragraph, `text` (Ctrl+Home, End), and waits until
 * the editor itself (not only the page's selection) has it there: a key pressed before the
 * editor read the selection acts where the cursor was. Tried again if it does not get there.
 */
async function editorCursorAtEndOf(page: Page, text: string): Promise<void> {
  // A click just inside the text's right edge, as a person puts the cursor after a word, and a
  // wait until the editor's own selection is there: a native End moves the page's selection,
  // which the editor reads a moment later, and an Enter pressed before that split the
  // paragraph at its start (the tabs then went before it, as if the page were reordered).
  const box = await page
    .locator('.tiptap p', { hasText: text })
    .first()
    .locator('text=' + text)
    .boundingBox();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (box) await page.mouse.click(box.x + box.width - 1, box.y + box.height / 2);
    else {
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('End');
    }
    if (await cursorAtEnd(page, text, 3_000)) return;
  }
  expect(await cursorAtEnd(page, text, 3_000)).toBe(true);
}

async function cursorAtEnd(page: Page, text: string, timeout: number): Promise<boolean> {
  const reached = page.waitForFunction(
    (paragraph) => {
      const root = document.querySelector('.tiptap') as
        | (Element & {
            editor?: {
              state: { selection: { $from: { parent: { textContent: string }; parentOffset: number } } };
            };
          })
        | null;
      const $from = root?.editor?.state.selection.$from;
      return $from?.parent.textContent === paragraph && $from.parentOffset === paragraph.length;
    },
    text,
    { timeout },
  );
  return reached.then(
    () => true,
    () => false,
  );
}

describe('GitBook blocks in the editor', () => {
  it('inserts tabs, a stepper and an expandable, types in them, saves, and finds them after a reload', async () => {
    const { page } = watched;
    await page.goto('/sign-in');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.waitForLoadState('networkidle');

    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/blocks`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const content = page.getByRole('textbox', { name: 'Content of Blocks' });
    await content.waitFor();
    await content.getByText('Start here.').click();
    await editorCursorAtEndOf(page, 'Start here.');
    await page.keyboard.press('Enter');

    // Tabs, from the toolbar's insert menu.
    await page.getByRole('button', { name: 'Insert block' }).click();
    await page.getByRole('menuitem', { name: 'Tabs' }).click();
    await cursorIn(page, '.editor-tab');
    await page.keyboard.type('Run brew install quire.');
    const title = page.getByRole('textbox', { name: 'Tab title' });
    await title.fill('macOS');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Tab 2' }).click();
    await cursorIn(page, '.editor-tab');
    await page.keyboard.type('Run apt install quire.');
    await page.getByRole('textbox', { name: 'Tab title' }).fill('Linux');
    await page.getByRole('tab', { name: 'macOS' }).click();
    await expect.poll(() => content.getByText('Run brew install quire.').isVisible()).toBe(true);
    expect(await content.getByText('Run apt install quire.').isVisible()).toBe(false);
    // Tab moves to the next tab from the keyboard.
    await content.getByText('Run brew install quire.').click();
    await page.keyboard.press('Tab');
    await expect.poll(() => content.getByText('Run apt install quire.').isVisible()).toBe(true);
    await screenshot(page, 'editor-gitbook-blocks-tabs');
    expect(await seriousViolations(page)).toEqual([]);

    // A stepper, from the slash menu, after the tabs.
    await content.getByText('Start here.').click();
    await editorCursorAtEndOf(page, 'Start here.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/step');
    await page.getByRole('option', { name: 'Stepper' }).waitFor();
    await screenshot(page, 'editor-gitbook-blocks-slash-menu');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await cursorIn(page, '.editor-step');
    await page.keyboard.type('Install Quire.');
    await page.locator('.editor-step').nth(1).click();
    await page.keyboard.type('Start the server.');
    // As GitBook's stepper: Enter opens a paragraph in the step, Enter on it the next step,
    // Enter in that empty step leaves the stepper (which drops the empty step).
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // Out of the stepper: the expandable goes after it.
    await page.keyboard.type('/expandable');
    await page.keyboard.press('Enter');
    await cursorIn(page, '.editor-expandable-title');
    await page.keyboard.type('Troubleshooting');
    await page.keyboard.press('Enter');
    await cursorIn(page, '.editor-expandable-body');
    await page.keyboard.type('Check the logs.');
    await screenshot(page, 'editor-gitbook-blocks');
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
    expect(markdown).toMatch(
      /\{% tabs %\}\n+\{% tab title="macOS" %\}\n+Run brew install quire\.\n+\{% endtab %\}/,
    );
    expect(markdown).toMatch(
      /\{% tab title="Linux" %\}\n+Run apt install quire\.\n+\{% endtab %\}\n+\{% endtabs %\}/,
    );
    expect(markdown).toMatch(/\{% stepper %\}\n+\{% step %\}\n+Install Quire\.\n+\{% endstep %\}/);
    expect(markdown).toMatch(/Start the server\.\n+\{% endstep %\}\n+\{% endstepper %\}/);
    expect(markdown).toMatch(
      /<details>\n+<summary>Troubleshooting<\/summary>\n+Check the logs\.\n+<\/details>/,
    );
    // In the order written: the paragraph, the stepper, the expandable, then the tabs.
    const order = ['Start here.', '{% stepper %}', '<details>', '{% tabs %}'].map((text) =>
      markdown.indexOf(text),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // After a reload, the editor opened on that change request shows every block as typed.
    await page.reload();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // The list of change requests arrives after the editor opens.
    const saveTo = page.getByLabel('Save to');
    const optionFor = async () =>
      (await saveTo.locator('option').allTextContents()).find((text) => text.startsWith('#' + number + ' '));
    await expect.poll(optionFor).toBeDefined();
    await saveTo.selectOption({ label: (await optionFor()) ?? '' });
    const reloaded = page.getByRole('textbox', { name: 'Content of Blocks' });
    await reloaded.getByText('Check the logs.').waitFor();
    // One tab shown at a time, chosen in the tab bar.
    await page.getByRole('tab', { name: 'macOS' }).click();
    await expect.poll(() => reloaded.getByText('Run brew install quire.').isVisible()).toBe(true);
    expect(await reloaded.getByText('Run apt install quire.').isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'macOS' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Linux' }).click();
    await expect.poll(() => reloaded.getByText('Run apt install quire.').isVisible()).toBe(true);
    expect(await reloaded.getByText('Install Quire.', { exact: true }).isVisible()).toBe(true);
    expect(await reloaded.getByText('Start the server.').isVisible()).toBe(true);
    expect(await reloaded.getByText('Troubleshooting').isVisible()).toBe(true);
    expect(await reloaded.locator('[data-raw-markdown]').count()).toBe(0);
    await screenshot(page, 'editor-gitbook-blocks-reloaded');
    expect(watched.problems).toEqual([]);
  });
});
