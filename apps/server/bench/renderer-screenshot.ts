/**
 * `node --import <tsx loader> bench/renderer-screenshot.ts <url> <out.png> [height]` (from
 * apps/server): a screenshot, 1280 wide, of a page GitBook's renderer serves from a Quire
 * site (issue 28, item 10: docs/publishing.md says how to run both), in the headless Chromium
 * of the end-to-end tests. Prints the page's status, title and what went wrong in it (console
 * errors, uncaught exceptions, answers of 400 and above), font and icon downloads left out:
 * the renderer fetches those from the internet, which this machine does not reach.
 *
 * `CLIP_Y`/`CLIP_H`: the part of the page from `CLIP_Y` down, `CLIP_H` high (default 900).
 * `FAKE_HOST`: requests to that host answer a stand-in page showing the URL asked for (a
 * visitor-auth site's fallback sign-in page, which does not exist here).
 */
import { launchChromium } from '../test/support/headless-chromium';

const [url, out, height] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 900)];
if (!url || !out) throw new Error('usage: renderer-screenshot.ts <url> <out.png> [height]');
const UNREACHABLE = /static\/(icons|fonts)|~gitbook\/icon|Failed to load resource/;

const escapedHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.setViewport({ width: 1280, height });
  const fake = process.env.FAKE_HOST;
  if (fake) {
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const target = new URL(request.url());
      if (target.hostname !== fake) return void request.continue();
      const body = `<!doctype html><meta charset="utf-8"><title>Sign in (stand-in)</title><body style="font:16px system-ui;margin:48px;max-width:900px"><h1>Stand-in for the site's sign-in page</h1><p>GitBook's renderer sent the visitor here: the site is behind visitor authentication and the request carried no visitor token.</p><p>Requested URL (the site's fallback URL, with <code>location</code> = the page asked for):</p><pre style="background:#f3f4f6;padding:12px;white-space:pre-wrap">${escapedHtml(target.href)}</pre></body>`;
      return void request.respond({ status: 200, contentType: 'text/html', body });
    });
  }
  const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // The renderer's client finishes after load (search results, hydration): a moment to settle.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const clipY = Number(process.env.CLIP_Y ?? -1);
  if (clipY >= 0) {
    const clip = { x: 0, y: clipY, width: 1280, height: Number(process.env.CLIP_H ?? 900) };
    await page.screenshot({ path: out, clip });
  } else await page.screenshot({ path: out });
  console.log(`status ${response?.status()} at ${page.url()}: ${await page.title()}`);
  for (const problem of problems.filter((line) => !UNREACHABLE.test(line))) console.log(problem);
} finally {
  await browser.close();
}
