/**
 * A real headless Chromium (the one inside `@sparticuz/chromium`: Playwright's own browser
 * download cannot work here) driven by playwright-core. Each page collects what a person
 * would see as a problem in the browser's console: errors, uncaught exceptions, violations of
 * the Content-Security-Policy, failed requests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { type Browser, type BrowserContext, type Page, chromium as playwright } from 'playwright-core';
import { TEST_BROWSER_ARGS } from './test-browser-args';

/** Flags of `chromium.args` that would make it a browser nobody has: same-origin rules and mixed-content blocking stay. */
const UNSAFE_FLAGS = ['--disable-web-security', '--allow-running-insecure-content'];

export async function launchChromium(): Promise<Browser> {
  // Software rendering: SwiftShader's GL makes the first frames take seconds on a busy machine.
  chromium.setGraphicsMode = false;
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [...chromium.args.filter((arg) => !UNSAFE_FLAGS.includes(arg)), ...TEST_BROWSER_ARGS],
    headless: true,
  });
}

/**
 * The headless Chromium has no emoji font: pages get Noto Emoji (from
 * `@fontsource/noto-emoji`), served to the page from `/__e2e-fonts/` by the test
 * itself, so that emoji in the screenshots look as they do on a person's computer.
 */
const EMOJI_FONT_DIR = dirname(createRequire(import.meta.url).resolve('@fontsource/noto-emoji/index.css'));
const EMOJI_FONT_CSS = readFileSync(join(EMOJI_FONT_DIR, 'index.css'), 'utf8')
  .replaceAll('./files/', '/__e2e-fonts/')
  .replaceAll("font-family: 'Noto Emoji'", "font-family: 'Noto Color Emoji'");

async function withEmojiFont(context: BrowserContext): Promise<void> {
  await context.route('**/__e2e-fonts/*', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    return route.fulfill({
      body: readFileSync(join(EMOJI_FONT_DIR, 'files', name)),
      contentType: 'font/woff2',
    });
  });
  await context.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, EMOJI_FONT_CSS);
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Problems seen so far, one line each. */
  problems: string[];
}

/** A page in a context of its own (its own cookies), 1280×800, watched for problems. */
export async function openWatchedPage(browser: Browser, baseURL: string): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  // A step that cannot happen fails with what it waited for, well before the test's own limit.
  context.setDefaultTimeout(10_000);
  // Only for screenshots: a route makes Playwright intercept every request of the context
  // (each one a round trip through the driver), which a run without screenshots need not pay.
  if (process.env.QUIRE_SCREENSHOTS) await withEmojiFont(context);
  const page = await context.newPage();
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    // Cut short when the page moves on, not failed: a subscription's stream, the app's
    // static chunks still loading (on a loaded machine a test can navigate before the
    // previous screen's lazy chunks arrived), and a query (a GET) whose screen was left
    // before it answered (React Query cancels it; seen in CI at load 13), and an image whose
    // element left the page before it loaded (an editor's view redrawn as a save is answered;
    // seen in CI). A chunk, a query or an image that fails otherwise (a name that does not
    // resolve, a refused connection), and any mutation cut short, are failures.
    const aborted = error === 'net::ERR_ABORTED';
    const cutShort =
      request.url().includes('/trpc/live.') ||
      (aborted && request.resourceType() === 'image') ||
      (aborted && new URL(request.url()).pathname.startsWith('/assets/')) ||
      (aborted && request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/trpc/'));
    if (!cutShort) problems.push(`request failed: ${request.url()} ${error}`);
  });
  return { page, context, problems };
}

/**
 * Signs in on the sign-in screen with an API token, and waits for the server's answer (the
 * caller waits for the screen it expects after). Without that wait a test that navigates
 * next cuts the sign-in request short (seen in CI: `signInWithToken net::ERR_ABORTED`).
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'API token' }).click();
  await page.getByRole('textbox', { name: 'API token' }).fill(token);
  const answered = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/trpc/session.signInWithToken'),
  );
  await page.getByRole('button', { name: 'Sign in with token' }).click();
  await answered;
}
