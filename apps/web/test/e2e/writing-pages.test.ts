// @vitest-environment node
/**
 * A writer does the pages of a space in the built app, in a real Chromium against a real
 * server (issue 30, items 1, 5 and 7): an empty space invites the first page; a second page
 * is dragged under the first with the mouse, renamed, deleted and brought back with Undo;
 * the history restores the space as it was after its first edit. Then every screen at a
 * phone's 390 px: no sideways scroll, the tree in a drawer, the tab titled. Each screen
 * passes axe-core with no serious or critical violation, and is kept as a screenshot in
 * docs/screenshots/. The tests run in order in one browser context.
 */
import { operations } from '@quire/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;
let spaceId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  const space = await server.callOperation(operations.spaces.create, docs.org.admin, {
    organizationId: docs.org.organization.id,
    title: 'Field guide',
    editMode: 'live',
  });
  spaceId = space.id;
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

/** Waits for the server's answer to an edit of the content (a batch, a restore). */
const contentSaved = (page: Page, procedure: string) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname.includes(`/trpc/${procedure}`) && response.ok(),
  );

const row = (page: Page, name: string) =>
  page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name });

describe('writing pages in the browser', () => {
  it('writes the first page of an empty space, and a second from the New menu', async () => {
    const { page } = watched;
    await signInWithToken(page, docs.org.admin.token);
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.goto(`/o/${docs.org.organization.id}/s/${spaceId}`);
    await page.getByRole('heading', { name: 'Write the first page' }).waitFor();
    await screenshot(page, 'first-page-invite');
    await expectAccessibleAndQuiet();

    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title').fill('Alpha');
    const created = contentSaved(page, 'spaces.content.update');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await created;
    await page.getByRole('heading', { name: 'Alpha', level: 1 }).waitFor();
    expect(await page.title()).toBe('Alpha · Field guide · Quire');

    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Page' }).click();
    await page.getByRole('dialog', { name: 'New page' }).getByLabel('Title').fill('Beta');
    const second = contentSaved(page, 'spaces.content.update');
    await page.getByRole('dialog', { name: 'New page' }).getByRole('button', { name: 'Create' }).click();
    await second;
    await row(page, 'Beta').waitFor();
    await expect.poll(() => row(page, 'Beta').getAttribute('aria-level')).toBe('1');
  });

  it('drags Beta under Alpha, renames it, deletes it and brings it back with Undo', async () => {
    const { page } = watched;
    const handle = row(page, 'Beta').locator('.page-tree-handle');
    const target = row(page, 'Alpha');
    await row(page, 'Beta').hover();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const moved = contentSaved(page, 'spaces.content.update');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the drag's 4 px threshold, then onto the middle of Alpha's row: "inside".
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.locator('.page-tree-row.drop-inside').waitFor();
    await screenshot(page, 'page-tree-dragging');
    await page.mouse.up();
    await moved;
    await page.getByText('Moved Beta.').waitFor();
    await expect.poll(() => row(page, 'Beta').getAttribute('aria-level')).toBe('2');

    await row(page, 'Beta').focus();
    await page.keyboard.press('F2');
    const settings = page.getByRole('dialog', { name: 'Page settings' });
    await settings.getByLabel('Title').fill('Beta guide');
    await settings.getByLabel('Emoji').fill('🧭');
    const renamed = contentSaved(page, 'spaces.content.update');
    await settings.getByRole('button', { name: 'Save' }).click();
    await renamed;
    await row(page, 'Beta guide').waitFor();

    await row(page, 'Beta guide').focus();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Beta guide?' });
    const deleted = contentSaved(page, 'spaces.content.update');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await page.getByText('Deleted Beta guide.').waitFor();
    await expect.poll(() => row(page, 'Beta guide').count()).toBe(0);
    await screenshot(page, 'page-deleted-undo');
    await expectAccessibleAndQuiet();

    const undone = contentSaved(page, 'spaces.content.update');
    await page.getByRole('button', { name: 'Undo' }).click();
    await undone;
    await page.getByText('Undone.').waitFor();
    await row(page, 'Beta guide').waitFor();
    await expect.poll(() => row(page, 'Beta guide').getAttribute('aria-level')).toBe('2');
  });

  it('restores the space from its history as it was after its first edit', async () => {
    const { page } = watched;
    await page.goto(`/o/${docs.org.organization.id}/s/${spaceId}/~/history`);
    const edits = page.getByRole('button', { name: /Edited/ });
    await edits.last().waitFor();
    // The edit that wrote Alpha: the one before the oldest (the space's first, empty revision).
    await edits.nth((await edits.count()) - 2).click();
    const restore = page.getByRole('region', { name: 'Restore from this revision' });
    await restore.waitFor();
    await screenshot(page, 'history-restore');
    await expectAccessibleAndQuiet();
    const restored = contentSaved(page, 'spaces.revisions.restore');
    await restore.getByRole('button', { name: 'Restore the space', exact: true }).click();
    await restored;
    await page.getByText('Restored, as a new revision.').waitFor();
    await page.getByRole('button', { name: /Restored an earlier revision/ }).waitFor();
    await expect.poll(() => row(page, 'Beta guide').count()).toBe(0);
    await row(page, 'Alpha').waitFor();
    expect(await page.title()).toBe('History · Field guide · Quire');
  });

  it('fits every screen in a phone’s 390 px, with the page tree in a drawer', async () => {
    const { page } = watched;
    await page.setViewportSize({ width: 390, height: 844 });
    const org = `/o/${docs.org.organization.id}`;
    const space = `${org}/s/${docs.spaceId}`;
    const screens: Array<[string, string]> = [
      [org, 'Spaces'],
      [`${org}/members`, 'People'],
      [`${org}/sites`, 'Sites'],
      [`${org}/openapi`, 'API specs'],
      ['/settings', 'Settings'],
      [`${space}/getting-started`, 'Getting started'],
      [`${space}/~/changes`, 'Change requests'],
      [`${space}/~/changes/${docs.changeRequestNumber}`, `Change request #${docs.changeRequestNumber}`],
      [`${space}/~/history`, 'History'],
      [`${space}/~/links`, 'Links'],
      [`${space}/~/permissions`, 'Permissions'],
      [`${space}/~/translations`, 'Translations'],
      [`${space}/~/git`, 'Git Sync'],
    ];
    const wide: string[] = [];
    for (const [path, title] of screens) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await expect.poll(() => page.locator('.state-loading').count()).toBe(0);
      await expect.poll(() => page.title()).toContain(title);
      const overflow = await page.evaluate(() => {
        const over = document.scrollingElement!.scrollWidth - window.innerWidth;
        // The outermost elements reaching past the screen's edge, to say what is too wide.
        const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (element) =>
            element.getBoundingClientRect().right > window.innerWidth + 1 &&
            !(
              element.parentElement &&
              element.parentElement.getBoundingClientRect().right > window.innerWidth + 1
            ),
        );
        const names = past
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return over > 0 ? `${over}px too wide (${names.join(', ')})` : '';
      });
      if (overflow) wide.push(`${path}: ${overflow}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    expect(wide).toEqual([]);

    await page.goto(`${space}/getting-started`);
    await page.getByRole('heading', { name: 'Getting started', level: 1 }).waitFor();
    await screenshot(page, 'phone-page');
    const toggle = page.getByRole('button', { name: 'Pages and sections' });
    await expect.poll(() => page.getByRole('tree', { name: 'Pages' }).isVisible()).toBe(false);
    await toggle.click();
    await page.getByRole('tree', { name: 'Pages' }).waitFor();
    await screenshot(page, 'phone-drawer');
    expect(await seriousViolations(page)).toEqual([]);
    await row(page, 'Install').click();
    await page.getByRole('heading', { name: 'Install', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('tree', { name: 'Pages' }).isVisible()).toBe(false);

    // The editor's toolbar on the phone: every button whole (one line) and inside the toolbar.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.waitFor();
    const misfits = await toolbar.evaluate((bar) => {
      const box = bar.getBoundingClientRect();
      return [...bar.querySelectorAll<HTMLElement>('button')]
        .filter((button) => {
          const own = button.getBoundingClientRect();
          const lineHeight = Number.parseFloat(getComputedStyle(button).lineHeight) || 20;
          return (
            own.right > box.right + 1 || own.left < box.left - 1 || button.scrollHeight > lineHeight * 1.9
          );
        })
        .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    });
    expect(misfits).toEqual([]);
    await page.getByRole('button', { name: 'Close the editor' }).click();
    expect(watched.problems).toEqual([]);
    // Thirteen screens, each loaded and checked for accessibility: about 20 s on a quiet machine,
    // past the default 30 s in a full run on 2 busy cores.
  }, 90_000);
});
