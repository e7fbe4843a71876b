/**
 * `tsx bench/editor-typing.ts` (from apps/web; apps/server's tsx): typing in the editor of a
 * 20,000-word page, in the same headless Chromium as the end-to-end tests, against a real
 * server on the embedded engine serving the built app. 200 key presses at the end of the
 * page; for each, the time from `keydown` to the next animation frame (the editor's work:
 * key handling, the ProseMirror transaction, the DOM update) and to just after that frame
 * (adding style, layout and paint). Target: under 16 ms median.
 */
import { operations } from '@quire/domain';
import { startTestServer } from '../../server/test/support/test-server';
import { ensureWebBuild } from '../scripts/build.mjs';
import { launchChromium, openWatchedPage } from '../test/e2e/support/browser';
import { createDocsSpace } from '../test/e2e/support/docs-space';

const WORDS = 20_000;
const KEYS = Number(process.env.BENCH_KEYS ?? 200);

const VOCABULARY = 'quire keeps the team documentation in spaces of pages written reviewed merged'.split(' ');

function longPage(words: number): string {
  const blocks: string[] = [];
  let written = 0;
  for (let index = 0; written < words; index += 1) {
    if (index % 20 === 0) blocks.push('## Section ' + (index / 20 + 1));
    const length = 100;
    const text = Array.from({ length }, (_, at) => VOCABULARY[(index + at) % VOCABULARY.length]).join(' ');
    blocks.push(index % 7 === 3 ? '- ' + text.replace(' the ', ' **the** ') : text + '.');
    written += length;
  }
  return blocks.join('\n\n') + '\n';
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1)! };
};
const format = (s: ReturnType<typeof stats>) =>
  `median ${s.median.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;

await ensureWebBuild();
const [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
try {
  const docs = await createDocsSpace(server);
  const markdown = longPage(WORDS);
  await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [{ operation: 'insert_page', title: 'Long page', document: { markdown } }],
  });
  const { page } = await openWatchedPage(browser, server.url);
  await page.goto('/sign-in');
  await page.getByRole('tab', { name: 'API token' }).click();
  await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
  await page.getByRole('button', { name: 'Sign in with token' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
  await page.waitForLoadState('networkidle');
  await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/long-page`);
  const opening = Date.now();
  await page.getByRole('button', { name: 'Edit' }).click();
  const content = page.getByRole('textbox', { name: 'Content of Long page' });
  await content.waitFor();
  const openMs = Date.now() - opening;
  await content.locator('p').last().click();
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
  const text = 'typing in a long page ';
  for (let index = 0; index < KEYS; index += 1) await page.keyboard.press(text[index % text.length]!);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  const samples = (await page.evaluate(() => (globalThis as unknown as { samples: unknown }).samples)) as {
    frame: number[];
    painted: number[];
  };
  const words = markdown.split(/\s+/).length;
  console.log(`editor typing: a page of ${words} words (${markdown.length} characters), ${KEYS} key presses`);
  console.log(`  opening the editor: ${openMs} ms`);
  console.log(`  keydown -> next animation frame: ${format(stats(samples.frame))}`);
  console.log(`  keydown -> after that frame:     ${format(stats(samples.painted))}`);
} finally {
  await browser.close();
  await server.close();
}
