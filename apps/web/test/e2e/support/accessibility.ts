/**
 * axe-core's check of the page as it is now: the violations of impact serious or critical,
 * one line each (rule, impact, the first elements). axe runs through the DevTools protocol
 * (`evaluate`), which the page's Content-Security-Policy does not govern: the page itself
 * still allows only its own scripts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** What is used of a DevTools session: Playwright's and Puppeteer's both send commands so. */
interface DevToolsSession {
  send(method: string, params?: object): Promise<{ scriptId?: string; exceptionDetails?: { text: string } }>;
}

/** Each page's DevTools session for compiling axe, opened at its first check. */
const sessions = new WeakMap<Page, Promise<DevToolsSession>>();

/**
 * A DevTools session of the page: Playwright's (`context().newCDPSession`), or Puppeteer's
 * (`createCDPSession`: the server's reader tests check their Puppeteer pages with this too).
 */
function newSession(page: Page): Promise<DevToolsSession> {
  const puppeteer = page as unknown as { createCDPSession?: () => Promise<DevToolsSession> };
  if (typeof page.context !== 'function' && typeof puppeteer.createCDPSession === 'function')
    return puppeteer.createCDPSession();
  return page.context().newCDPSession(page) as unknown as Promise<DevToolsSession>;
}

function sessionOf(page: Page): Promise<DevToolsSession> {
  let session = sessions.get(page);
  if (!session) {
    session = newSession(page).then(async (cdp) => {
      await cdp.send('Runtime.enable');
      return cdp;
    });
    sessions.set(page, session);
  }
  return session;
}

/**
 * Puts axe into the page's document. It is compiled as a script with a name
 * (`Runtime.compileScript`), not evaluated (`page.evaluate`): the test browser runs every
 * page in one process (`--single-process`), so V8's cache of compiled scripts, which
 * `evaluate`'s code never enters, gives each later document axe's code already compiled
 * (0.10-0.12 s of the browser's CPU instead of 0.20-0.34 per document, measured on a space's
 * page, `docs/performance.md`, fifteenth session).
 */
async function injectAxe(page: Page): Promise<void> {
  const cdp = await sessionOf(page);
  const { scriptId, exceptionDetails } = await cdp.send('Runtime.compileScript', {
    expression: AXE_SOURCE,
    sourceURL: 'axe.min.js',
    persistScript: true,
  });
  if (!scriptId) throw new Error(`axe-core did not compile: ${exceptionDetails?.text}`);
  const ran = await cdp.send('Runtime.runScript', { scriptId });
  if (ran.exceptionDetails) throw new Error(`axe-core did not run: ${ran.exceptionDetails.text}`);
}

/**
 * The check runs without the CSS selectors of the nodes it finds (`selectors: false`, about a
 * third of axe's time on our screens), and again with them only when it found something to
 * report: a screen without a violation, as almost every check finds it, pays for one pass.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe's 650 KB is put into each document once, not at each check of the same document (a
  // check of a screen after a click or a route change, a dozen times in a file).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await injectAxe(page);
  const run = (selectors: boolean) =>
    page.evaluate(async (selectors) => {
      const axe = (
        globalThis as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
        }
      ).axe;
      return (await axe.run(document, { resultTypes: ['violations'], selectors })).violations;
    }, selectors) as Promise<AxeViolation[]>;
  const serious = (violations: AxeViolation[]) =>
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (serious(await run(false)).length === 0) return [];
  return serious(await run(true)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => JSON.stringify(node.target))
        .join(', ')}`,
  );
}
