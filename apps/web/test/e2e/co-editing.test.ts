// @vitest-environment node
/**
 * Editing a page together (issue 33): two people, each in a Chromium of their own (this
 * Chromium runs `--single-process`, where contexts share cookies), open the same page of a
 * live space and choose "Edit together". Each sees the other present; both type at once, and
 * both editors end with the same text, holding everything either typed. An edit of the page
 * through the API meanwhile comes into both editors, merged with what they typed, and the
 * page's revision holds it all.
 */
import { operations } from '@quire/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collaborationOf } from '../../../server/src/collaboration/register-collaboration';
import { addMember, type TestMember } from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let otherBrowser: Browser;
let docs: DocsSpace;
let grace: TestMember;
let ada: WatchedPage;
let graces: WatchedPage;
let pageId: string;

beforeAll(async () => {
  [server, browser, otherBrowser] = await Promise.all([
    startTestServer(),
    launchChromium(),
    launchChromium(),
  ]);
  docs = await createDocsSpace(server);
  await server.callOperation(operations.spaces.update, docs.org.admin, {
    spaceId: docs.spaceId,
    editMode: 'live',
  });
  const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [
      {
        operation: 'insert_page',
        title: 'Together',
        document: { markdown: 'Written together.\n\nMiddle stays.\n\nLast line.\n' },
      },
    ],
  });
  const change = inserted.changes[0];
  pageId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
  grace = await addMember(server, docs.org.organization.id, 'edit', { displayName: 'Grace Hopper' });
  [ada, graces] = await Promise.all([
    openWatchedPage(browser, server.url),
    openWatchedPage(otherBrowser, server.url),
  ]);
  await Promise.all([
    signInWithToken(ada.page, docs.org.admin.token),
    signInWithToken(graces.page, grace.token),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), otherBrowser?.close()]);
  await server?.close();
});

async function editTogether(page: Page) {
  await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/together`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Edit together' }).click();
  const content = page.getByRole('textbox', { name: 'Content of Together' });
  await content.getByText('Written together.').waitFor();
  return content;
}

describe('editing a page together', () => {
  it('two people type into one page at once: both see the same text and each other; an API edit comes in; the revision holds it all', async () => {
    const [adaContent, graceContent] = await Promise.all([editTogether(ada.page), editTogether(graces.page)]);
    // Each sees the other present, by the name the server knows.
    await ada.page.getByRole('listitem', { name: 'Grace Hopper' }).waitFor();
    await graces.page.getByRole('listitem', { name: 'Ada Lovelace' }).waitFor();

    await adaContent.getByText('Written together.').click();
    await ada.page.keyboard.press('End');
    await ada.page.keyboard.press('Enter');
    await graceContent.getByText('Written together.').click();
    await graces.page.keyboard.press('Home');
    await Promise.all([
      ada.page.keyboard.type('Ada adds a line.'),
      graces.page.keyboard.type('Grace first. '),
    ]);
    // Each editor ends with both people's words (the others' carets, inline, left out).
    for (const { page } of [ada, graces])
      await page.waitForFunction((expected) => {
        const content = document.querySelector('[aria-label="Content of Together"]');
        if (!content) return false;
        const copy = content.cloneNode(true) as HTMLElement;
        for (const caret of copy.querySelectorAll('.collaboration-carets__caret')) caret.remove();
        return copy.textContent === expected;
      }, 'Grace first. Written together.Ada adds a line.Middle stays.Last line.');
    // Ada's cursor shows on Grace's screen with her name.
    await graces.page.locator('.collaboration-carets__label', { hasText: 'Ada Lovelace' }).waitFor();
    await screenshot(graces.page, 'editing-together');

    // Someone changes the page through the API meanwhile: it comes into both editors, merged
    // with what they typed (the server saves their edit, which merges, and one editor applies it).
    const session = collaborationOf(server.app)!.sessions.get(`${docs.spaceId}/live/${pageId}`)!;
    await new Promise<void>((resolve) => {
      const reported = () => {
        const report = session.doc.getMap('quire').get('report') as { markdown?: string } | undefined;
        if (!report?.markdown?.includes('Grace first.') || !report.markdown.includes('Ada adds')) return;
        session.doc.off('update', reported);
        resolve();
      };
      session.doc.on('update', reported);
      reported();
    });
    const edited = await server.api(`/v1/spaces/${docs.spaceId}/content`, {
      method: 'POST',
      token: docs.org.admin.token,
      body: {
        changes: [
          {
            operation: 'update_page',
            page: pageId,
            document: { markdown: 'Written together.\n\nMiddle stays.\n\nLast line, from the API.\n' },
          },
        ],
      },
    });
    expect(edited.status).toBe(200);
    await adaContent.getByText('Last line, from the API.').waitFor();
    await graceContent.getByText('Last line, from the API.').waitFor();
    await graceContent.getByText('Ada adds a line.').waitFor();

    await ada.page.getByRole('button', { name: 'Close the editor' }).click();
    await graces.page.getByRole('button', { name: 'Close the editor' }).click();
    const read = await server.api(`/v1/spaces/${docs.spaceId}/content/page/${pageId}?format=markdown`, {
      token: docs.org.admin.token,
    });
    expect(read.body.markdown).toBe(
      'Grace first. Written together.\n\nAda adds a line.\n\nMiddle stays.\n\nLast line, from the API.\n',
    );
    expect(await seriousViolations(graces.page)).toEqual([]);
    expect([...ada.problems, ...graces.problems]).toEqual([]);
  });
});
