/**
 * Screenshots of the main screens, kept in docs/screenshots/ (the README shows them). Taken
 * only when QUIRE_SCREENSHOTS is set (`QUIRE_SCREENSHOTS=1 pnpm test` renews them): a run of
 * the suite should not rewrite tracked files, and 72 PNG encodings cost CPU that CI's
 * 2 cores share with everything else. Returns the path, or null when none was taken.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../../../server/scripts/build-record.mjs';

const SCREENSHOTS = join(ROOT, 'docs/screenshots');

export async function screenshot(page: Page, name: string): Promise<string | null> {
  if (!process.env.QUIRE_SCREENSHOTS) return null;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  // Fonts still loading (the emoji's) would show as empty boxes.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}
