// @vitest-environment node
/**
 * Every GitBook block as the read view renders it (`content/blocks/`), in a real Chromium with
 * the app's stylesheet and Content-Security-Policy: on a desktop and on a phone (columns
 * stacked, nothing wider than the screen), axe-core with no serious or critical violation, no
 * console error or CSP violation, KaTeX typeset, the tabs driven by keyboard. Screenshots in
 * docs/screenshots/ (document-blocks-*.png). The page is a harness built by Vite from
 * `support/document-harness/` (a hand-built document holding every type), so it checks the
 * renderer whatever the markdown converter reads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

const HARNESS = fileURLToPath(new URL('./support/document-harness/', import.meta.url));
/** The app's own policy for pages (apps/server/src/http/security-headers.ts, helmet's defaults). */
const CSP =
  "default-src 'self'; img-src 'self' data: https:; style-src 'self' https: 'unsafe-inline'; font-src 'self' https: data:; script-src 'self'; script-src-attr 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'";
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
};
/** Pictures standing in for the content's images (no network here). */
const picture = (label: string, fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="${fill}"/><text x="320" y="190" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#fff">${label}</text></svg>`;

let out: string;
let server: Server;
let url: string;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'quire-blocks-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: HARNESS,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: out, emptyOutDir: true, assetsInlineLimit: 0, target: 'es2022' },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/files/')) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(picture('Drawing', '#6b4fbb'));
      return;
    }
    const file = normalize(join(out, path === '/' ? 'index.html' : path));
    if (!file.startsWith(out)) return void response.writeHead(404).end();
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CSP,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium();
  watched = await openWatchedPage(browser, url);
  await watched.context.route('https://example.com/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1).replace(/\.png$/, '');
    const fill = name === 'dark' ? '#1e2430' : name.startsWith('cover') ? '#3451b2' : '#1a7f37';
    return route.fulfill({ contentType: 'image/svg+xml', body: picture(name, fill) });
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('every GitBook block in the browser', () => {
  it('renders on a desktop, KaTeX typeset, accessible and quiet', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Every block', level: 1 }).waitFor();
    await page.locator('.doc-math .katex-display').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe, script:not([type="module"])').count()).toBe(0);
    await screenshot(page, 'document-blocks-desktop');
    await page.setViewportSize({ width: 1280, height: 4000 });
    await screenshot(page, 'document-blocks-desktop-full');
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('drives the tabs by keyboard', async () => {
    const { page } = watched;
    await page.getByRole('tab', { name: 'npm', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'pnpm' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'pnpm' }).textContent()).toContain('pnpm add quire');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Docker');
  });

  it('stacks the columns on a phone, with nothing wider than the screen', async () => {
    const { page } = watched;
    await page.setViewportSize({ width: 390, height: 844 });
    const columns = page.locator('.doc-columns > .doc-column');
    const [left, right] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(right!.y).toBeGreaterThan(left!.y + left!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('heading', { name: 'Columns' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'document-blocks-phone');
    await page.setViewportSize({ width: 390, height: 6000 });
    await screenshot(page, 'document-blocks-phone-full');
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });
});
