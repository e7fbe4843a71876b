/**
 * Bounds on the size of a site's customization, which rides in the site's record (read by
 * every published view, rewritten by every change of the site): each list and string has its
 * bound, but together they could reach a megabyte. One site's or one site space's settings
 * are at most `MAX_SETTINGS_BYTES` of JSON, and everything stored for a site at most
 * `MAX_CUSTOMIZATION_BYTES`; past either, a 400 names the largest section of the request.
 */
import { invalidInput } from '../../core/errors';
import type { SiteCustomizationRecord } from '../records';

export const MAX_SETTINGS_BYTES = 64 * 1024;
export const MAX_CUSTOMIZATION_BYTES = 256 * 1024;

const sizeOf = (value: unknown): number => JSON.stringify(value)?.length ?? 0;

function largestSection(settings: Record<string, unknown>): string {
  let largest = '';
  let size = -1;
  for (const [name, value] of Object.entries(settings)) {
    const own = sizeOf(value);
    if (own > size) [largest, size] = [name, own];
  }
  return largest;
}

/** 400 naming the largest section when `settings` (a request's, as stored) are over the bound. */
export function checkSettingsSize(settings: Record<string, unknown>): void {
  if (sizeOf(settings) > MAX_SETTINGS_BYTES)
    throw invalidInput(
      largestSection(settings),
      `the settings are larger than ${MAX_SETTINGS_BYTES / 1024} KB of JSON: shorten this section`,
    );
}

/** 400 naming the largest section of `changed` when the whole stored customization is over the bound. */
export function checkCustomizationSize(
  customization: SiteCustomizationRecord,
  changed: Record<string, unknown>,
): void {
  if (sizeOf(customization) > MAX_CUSTOMIZATION_BYTES)
    throw invalidInput(
      largestSection(changed),
      `the site's settings and its site spaces' overrides are larger than ${MAX_CUSTOMIZATION_BYTES / 1024} KB of JSON together`,
    );
}
