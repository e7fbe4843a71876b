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

/**
 * The check runs without the CSS selectors of the nodes it finds (`selectors: false`, about a
 * third of axe's time on our screens), and again with them only when it found something to
 * report: a screen without a violation, as almost every check finds it, pays for one pass.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe's 650 KB is compiled once per document, not at each check of the same document (a
  // check of a screen after a click or a route change, a dozen times in a file).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
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
