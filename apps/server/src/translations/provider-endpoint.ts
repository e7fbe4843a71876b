import type { OutboundFetchLimits } from '../outbound/fetch-public-url';

/** Where a provider is and how it is called: its base URL, key, and the outbound limits of each call. */
export interface ProviderEndpoint {
  /** Base URL, without a trailing slash. */
  url: string;
  apiKey?: string | undefined;
  limits: OutboundFetchLimits;
}

/** Time allowed to one call (a chat model may take long over 50 blocks) and size of its answer. */
export const defaultProviderCallLimits = { timeoutMs: 120_000, maxBytes: 10 * 1024 * 1024 };

/** A batch's answer is the translations: an array of as many strings as texts sent. */
export function isTranslationsOf(answer: unknown, texts: readonly string[]): answer is string[] {
  return (
    Array.isArray(answer) &&
    answer.length === texts.length &&
    answer.every((translated) => typeof translated === 'string')
  );
}
