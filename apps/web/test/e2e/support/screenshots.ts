/** Screenshots of the main screens, kept in docs/screenshots/ (the README shows them). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../../../server/scripts/build-record.mjs';

const SCREENSHOTS = join(ROOT, 'docs/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  // Fonts still loading (the emoji's) would show as empty boxes.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}
