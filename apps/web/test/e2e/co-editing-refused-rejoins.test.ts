// @vitest-environment node
/**
 * A shared page whose content breaks one of the server's rules (issue 33; `use-shared-page.ts`):
 * here a paste past the largest message the server takes (`QUIRE_COLLAB_MAX_MESSAGE_BYTES`, set
 * low for this file's server). The server closes the socket; the web app joined again at once,
 * brought the same document, sent the same update and was closed again, without end (a new
 * socket, and the whole page downloaded, each time: 232 sockets in 25 s). Now it joins again a
 * few times, each after a longer wait, then stops, keeps what was typed on screen and says why.
 * Another person (a Node editor) keeps the page open, so each join finds the same load of it and
 * merges the old document, as it would in a team. What was typed can then be saved as an
 * ordinary edit of the page (a batch, which takes what the shared page's messages could not).
 */

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { launchChromium, openWatchedPage, signInWithToken } from './support/browser';
import { addLivePage, createDocsSpace, type DocsSpace } from './support/docs-space';
import { connect, providers } from './support/node-editor';

/** The largest co-editing message this file's server takes: the paste below is four times it. */
const MAX_MESSAGE_BYTES = 16 * 1024;

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let pageId: string;

beforeAll(async () => {
  // Read by the server's co-editing limits as it starts.
  process.env.QUIRE_COLLAB_MAX_MESSAGE_BYTES = String(MAX_MESSAGE_BYTES);
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  pageId = await addLivePage(server, docs, 'Pasted', 'A short page.\n');
});
afterAll(async () => {
  delete process.env.QUIRE_COLLAB_MAX_MESSAGE_BYTES;
  for (const provider of providers) provider.destroy();
  await browser?.close();
  await server?.close();
});

describe('a shared page whose content the server refuses', () => {
  it('is joined again a few times, each after a longer wait, then the editor stops and says why', async () => {
    await connect(server, docs.org.admin.token, `${docs.spaceId}/live/${pageId}`, new Y.Doc());
    const { page } = await openWatchedPage(browser, server.url);
    await signInWithToken(page, docs.org.admin.token);
    const sockets: number[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().endsWith('/collaboration')) sockets.push(Date.now());
    });
    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/pasted`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Edit together' }).click();
    await page.getByRole('textbox', { name: 'Content of Pasted' }).getByText('A short page.').waitFor();
    expect(sockets).toHaveLength(1);

    // One edit whose update is past the largest message: the server closes the socket.
    await page.evaluate((length) => {
      type Tiptap = { commands: { insertContent: (text: string) => boolean } };
      const editor = (document.querySelector('.ProseMirror') as unknown as { editor: Tiptap }).editor;
      editor.commands.insertContent('pasted '.repeat(Math.ceil(length / 7)));
    }, 4 * MAX_MESSAGE_BYTES);

    await page
      .getByText(/The server closed the connection each time this page was joined again/)
      .waitFor({ timeout: 25_000 })
      .catch((error) => {
        throw new Error(`not told after ${sockets.length} sockets: ${(error as Error).message}`);
      });
    // The first socket and three joins again, 1, 2 and 4 s after each close; then no more.
    expect(sockets).toHaveLength(4);
    const waits = sockets.slice(1).map((at, index) => at - sockets[index]!);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThan(waits[1]!);
    await page.waitForTimeout(3_000);
    expect(sockets).toHaveLength(4);
    // What was typed stays on screen, to copy; the editor takes no more typing.
    const content = page.getByRole('textbox', { name: 'Content of Pasted' });
    await expect.poll(() => content.getAttribute('aria-readonly')).toBe('true');
    expect(await content.textContent()).toContain('pasted pasted');

    // Saved as an edit of the page, on the person's word: the revision holds the paste.
    await page.getByRole('button', { name: 'Save what you typed as an edit' }).click();
    await page.getByText(/Saved: what you typed is in the page.s latest version/).waitFor();
    const saved = await server.api(`/v1/spaces/${docs.spaceId}/content/page/${pageId}?format=markdown`, {
      token: docs.org.admin.token,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.markdown).toContain('pasted pasted');
    expect(saved.body.markdown).toContain('A short page.');
  }, 60_000);
});
