/**
 * The fetches of one import of web pages (a website, an HTML page, and their images), bounded
 * together, whatever the pages link to: a failed, skipped or useless fetch costs like any
 * other, so a start page of links that fail cannot keep a job fetching without end.
 *
 * 1. At most `maxFetches` requests (pages and images, failed ones included).
 * 2. Every byte received counts against `maxBytes` (`QUIRE_IMPORT_MAX_BYTES`, the same
 *    message), used or not (a page skipped for not being HTML, bytes that are no image),
 *    besides the import's budget of what it keeps.
 * 3. All within `totalMs`: each fetch gets the time left (at most its own `timeoutMs`), and
 *    one that fails once the time is up fails the import.
 * 4. A URL is asked for once: a failure is remembered and answered again (the same broken
 *    image on every page is one request).
 *
 * Past 1 to 3 the import fails with an `ImportLimitReached`.
 */
import type { FetchedResource, OutboundFetchLimits } from '../outbound/fetch-public-url';
import { ImportBudget } from './import-budget';
import { type ImportFetcher, importFetcher } from './import-fetcher';
import { ImportLimitReached } from './import-limit-reached';

export interface ImportFetchLimits {
  maxFetches: number;
  maxBytes: number;
  totalMs: number;
}

export class ImportFetches {
  #fetches = 0;
  readonly #received: ImportBudget;
  readonly #deadline: number;
  readonly #failures = new Map<string, unknown>();

  constructor(
    private readonly limits: ImportFetchLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.#deadline = now() + limits.totalMs;
    this.#received = new ImportBudget(limits.maxBytes);
  }

  /** A fetcher of `fetchLimits` (a page's or an archive's) whose fetches count here. */
  fetcher(fetchLimits: OutboundFetchLimits): ImportFetcher {
    return async (url) => {
      const failed = this.#failures.get(url);
      if (failed !== undefined) throw failed;
      if (++this.#fetches > this.limits.maxFetches)
        throw new ImportLimitReached(
          'too-large',
          `The import made more than ${this.limits.maxFetches} requests for pages and images (QUIRE_IMPORT_MAX_PAGES)`,
        );
      const timeoutMs = Math.min(fetchLimits.timeoutMs, this.#timeLeft());
      let fetched: FetchedResource;
      try {
        fetched = await importFetcher({ ...fetchLimits, timeoutMs })(url);
      } catch (error) {
        if (this.now() >= this.#deadline) throw this.#late();
        this.#failures.set(url, error);
        throw error;
      }
      this.#received.take(fetched.bytes.byteLength);
      return fetched;
    };
  }

  #timeLeft(): number {
    const left = this.#deadline - this.now();
    if (left <= 0) throw this.#late();
    return left;
  }

  #late(): ImportLimitReached {
    return new ImportLimitReached(
      'fetch-failed',
      `The import's pages and images were not all fetched within ${this.limits.totalMs} ms`,
    );
  }
}
