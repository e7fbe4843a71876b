/** The first retry's delay; each next one doubles, up to `MAX_RETRY_DELAY_MS`. */
export const FIRST_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * How long a job waits before its next attempt after `attempts` failed ones: 1 s, 2 s, 4 s…
 * capped at 5 minutes, so a failing dependency is not hammered and a long outage is still
 * retried within minutes of its end.
 */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.min(exponent, 30));
}
