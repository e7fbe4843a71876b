/**
 * A real headless Chromium (the one inside `@sparticuz/chromium`), for pages a person opens
 * in a browser. `openPage` collects what would show in the browser's console as a problem:
 * console errors and warnings, uncaught exceptions, failed requests, and each violation of
 * the Content-Security-Policy (reported by the page itself, so none goes unseen).
 */
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { TEST_BROWSER_ARGS } from '../../../web/test/e2e/support/test-browser-args';

export interface OpenedPage {
  page: Page;
  /** Problems seen so far, one line each. */
  problems: string[];
}

/** Flags of `chromium.args` that would make it a browser nobody has: same-origin rules and mixed-content blocking stay. */
const UNSAFE_FLAGS = ['--disable-web-security', '--allow-running-insecure-content'];

export async function launchChromium(): Promise<Browser> {
  // Software rendering: SwiftShader's GL makes the first frames take seconds on a busy machine.
  chromium.setGraphicsMode = false;
  return puppeteer.launch({
    executablePath: await chromium.executablePath(),
    args: [...chromium.args.filter((arg) => !UNSAFE_FLAGS.includes(arg)), ...TEST_BROWSER_ARGS],
    headless: true,
  });
}

export async function openPage(browser: Browser, url: string): Promise<OpenedPage> {
  const page = await browser.newPage();
  const problems: string[] = [];
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.setViewport({ width: 1280, height: 1600 });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return { page, problems };
}
