/**
 * The bytes one import may bring in, across all its sources: the pages it fetches and the
 * files it stores (a website's images, a zip's or a docx's), counted as they come, so one
 * page of many distinct images, or many pages of a few, stops at the limit instead of
 * storing them all. Past it, the import fails as 'too-large' naming the limit's setting.
 */
import { ImportLimitReached } from './import-limit-reached';

export class ImportBudget {
  #used = 0;

  constructor(readonly maxBytes: number) {}

  /** Counts `byteCount` more bytes of the import; 'too-large' once the total passes the limit. */
  take(byteCount: number): void {
    this.#used += byteCount;
    if (this.#used > this.maxBytes)
      throw new ImportLimitReached(
        'too-large',
        `The import holds more than ${this.maxBytes} bytes of pages and files (QUIRE_IMPORT_MAX_BYTES)`,
      );
  }
}
