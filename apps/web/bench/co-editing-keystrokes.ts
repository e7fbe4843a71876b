/**
 * `tsx bench/co-editing-keystrokes.ts` (from apps/web; apps/server's tsx): keystrokes in the
 * shared editor (issue 33) with many people in one page. BENCH_BROWSERS people in Chromium
 * (contexts of one Chromium without `--single-process`: each its own session), the rest of
 * BENCH_PEOPLE as Node editors (`test/e2e/support/node-editor.ts`), each typing a character
 * into a paragraph of its own every BENCH_NODE_MS ms. Each browser presses BENCH_KEYS keys at
 * the end of its own paragraph; for each, the time from `keydown` to the next animation frame
 * (the editor's work) and to just after that frame (style, layout, paint), per editor. Target:
 * no keystroke over 16 ms in any editor, 50 people.
 */

import { createRequire } from 'node:module';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { operations } from '@quire/domain';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from 'playwright-core';
import * as Y from 'yjs';
import { addMember } from '../../server/test/support/factories';
import { startTestServer } from '../../server/test/support/test-server';
import { ensureWebBuild } from '../scripts/build.mjs';
import { openWatchedPage, signInWithToken } from '../test/e2e/support/browser';
import { createDocsSpace } from '../test/e2e/support/docs-space';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50);
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 5);
const KEYS = Number(process.env.BENCH_KEYS ?? 100);
const NODE_MS = Number(process.env.BENCH_NODE_MS ?? 250);

// The server's WebSocket client (Node 20 has none); the page is seeded by the browsers first.
const WebSocket = createRequire(new URL('../../server/package.json', import.meta.url))('ws');
const providers: HocuspocusProvider[] = [];
/** Passed in, so not destroyed with their providers: else they reconnect forever. */
const sockets: HocuspocusProviderWebsocket[] = [];
const join = (url: string, token: string, name: string, doc: Y.Doc) =>
  new Promise<void>((resolve) => {
    const websocketProvider = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
    sockets.push(websocketProvider);
    const provider = new HocuspocusProvider({
      websocketProvider,
      name,
      document: doc,
      token,
      onSynced: () => resolve(),
    });
    provider.attach();
    providers.push(provider);
  });

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1)!, over16: sorted.filter((v) => v > 16).length };
};
const format = (s: ReturnType<typeof stats>) =>
  `median ${s.median.toFixed(1)}, p99 ${s.p99.toFixed(1)}, max ${s.max.toFixed(1)} ms; over 16 ms: ${s.over16}`;

await ensureWebBuild();
chromium.setGraphicsMode = false;
const unsafe = ['--disable-web-security', '--allow-running-insecure-content', '--single-process'];
const [server, browser] = await Promise.all([
  startTestServer(),
  playwright.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args.filter((arg) => !unsafe.includes(arg)),
    headless: true,
  }),
]);
const timers: ReturnType<typeof setInterval>[] = [];
try {
  const docs = await createDocsSpace(server);
  await server.callOperation(operations.spaces.update, docs.org.admin, {
    spaceId: docs.spaceId,
    editMode: 'live',
  });
  const paragraphs = Array.from({ length: PEOPLE }, (_, index) => `Person ${index + 1} writes here.`);
  const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [
      { operation: 'insert_page', title: 'Crowded', document: { markdown: paragraphs.join('\n\n') + '\n' } },
    ],
  });
  const change = inserted.changes[0] as { page: { id: string } };
  const name = `${docs.spaceId}/live/${change.page.id}`;
  const members = await Promise.all(
    Array.from({ length: BROWSERS - 1 }, (_, index) =>
      addMember(server, docs.org.organization.id, 'edit', { displayName: `Browser ${index + 2}` }),
    ),
  );
  const tokens = [docs.org.admin.token, ...members.map((member) => member.token)];
  const pages = await Promise.all(
    tokens.map(async (token) => {
      const { page } = await openWatchedPage(browser, server.url);
      await signInWithToken(page, token);
      await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/crowded`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Edit together' }).click();
      await page.getByRole('textbox', { name: 'Content of Crowded' }).getByText('Person 1 writes').waitFor();
      return page;
    }),
  );
  // The Node editors, each typing into the paragraph of its own, once joined.
  for (let index = BROWSERS; index < PEOPLE; index += 1) {
    const doc = new Y.Doc();
    await join(server.url.replace('http', 'ws') + '/collaboration', docs.org.admin.token, name, doc);
    const paragraph = doc.getXmlFragment('default').get(index) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    timers.push(setInterval(() => text.insert(text.length, 'x'), NODE_MS));
  }
  const samples = await Promise.all(
    pages.map(async (page, index) => {
      await page
        .getByRole('textbox', { name: 'Content of Crowded' })
        .getByText(`Person ${index + 1} writes`)
        .click();
      await page.keyboard.press('End');
      await page.evaluate(() => {
        const samples: { frame: number[]; painted: number[] } = { frame: [], painted: [] };
        (globalThis as unknown as { samples: typeof samples }).samples = samples;
        document.addEventListener(
          'keydown',
          () => {
            const start = performance.now();
            requestAnimationFrame(() => {
              samples.frame.push(performance.now() - start);
              const channel = new MessageChannel();
              channel.port1.onmessage = () => samples.painted.push(performance.now() - start);
              channel.port2.postMessage(null);
            });
          },
          true,
        );
      });
      for (let key = 0; key < KEYS; key += 1)
        await page.keyboard.press('abcdefghij'[key % 10]!, { delay: 20 });
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
      );
      return (await page.evaluate(() => (globalThis as unknown as { samples: unknown }).samples)) as {
        frame: number[];
        painted: number[];
      };
    }),
  );
  console.log(
    `co-editing keystrokes: ${PEOPLE} people in one page (${BROWSERS} Chromium editors, ${PEOPLE - BROWSERS} Node editors typing every ${NODE_MS} ms), ${KEYS} keys per browser`,
  );
  samples.forEach((each, index) => {
    console.log(`  editor ${index + 1}: keydown -> next frame: ${format(stats(each.frame))}`);
    console.log(`            keydown -> after frame: ${format(stats(each.painted))}`);
  });
  const all = samples.flatMap((each) => each.frame);
  console.log(`  all editors, keydown -> next frame: ${format(stats(all))}`);
} finally {
  for (const timer of timers) clearInterval(timer);
  for (const provider of providers) provider.destroy();
  for (const socket of sockets) socket.destroy();
  await browser.close();
  await server.close();
}
