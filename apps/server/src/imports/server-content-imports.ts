/**
 * The server's content reader (the domain's `ContentImports` port): it fetches the source
 * (every fetch through the outbound module: public addresses only unless allowed, time,
 * size and redirect limits) or takes the bytes given, reads it by its declared source type,
 * stores images in the blob store, and answers pages whose links between imported pages and
 * images are `quire-import:` URLs. Every failure the caller can act on is a
 * `ContentImportError` with a message safe to show.
 */

import { MarkdownTooComplexError } from '@quire/documents';
import {
  type BlobStore,
  ContentImportError,
  type ContentImports,
  type ImportedContent,
  type ImportRequest,
} from '@quire/domain';
import type { OutboundFetchLimits } from '../outbound/fetch-public-url';
import { ImportBudget } from './import-budget';
import { type ImportFetcher, importFetcher } from './import-fetcher';
import { ImportFetches } from './import-fetches';
import { ImportedFiles } from './imported-files';
import { readHtmlPage } from './read-html-page';
import { readMarkdownFile } from './read-markdown-file';
import { readWebsite } from './read-website';
import { readZip } from './read-zip';
import type { SourceBytes } from './source-bytes';

export interface ContentImportLimits {
  /** Pages a website import reads at most. */
  maxPages: number;
  /** Largest web page, markdown file or image fetched, in bytes. */
  maxPageBytes: number;
  /** Largest zip or docx fetched, in bytes. */
  maxArchiveBytes: number;
  /** Largest total size of a zip's (or docx's) expanded entries, in bytes. */
  maxExpandedBytes: number;
  /** Most entries a zip may hold. */
  maxEntries: number;
  /**
   * Most bytes one import brings in: the pages it fetches and the files it stores, all
   * sources and pages together (`QUIRE_IMPORT_MAX_BYTES`).
   */
  maxImportBytes: number;
  /** Time allowed for one fetch (redirects and body included). */
  fetchTimeoutMs: number;
  /** Requests for pages and images one import makes at most, failed ones included (`ImportFetches`). */
  maxFetches: number;
  /** Time allowed for all the fetches of one import of web pages. */
  fetchTotalMs: number;
  /** Pages of a website fetched at once. */
  concurrency: number;
  /** Hosts exempt from the public-address rule (`QUIRE_FETCH_ALLOW_HOSTS`). */
  allowHosts: readonly string[];
}

export const DEFAULT_CONTENT_IMPORT_LIMITS: Omit<ContentImportLimits, 'allowHosts'> = {
  maxPages: 200,
  maxPageBytes: 10 * 1024 * 1024,
  maxArchiveBytes: 100 * 1024 * 1024,
  maxExpandedBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  maxImportBytes: 50 * 1024 * 1024,
  fetchTimeoutMs: 15_000,
  // 25 per page read: a page and its images, and links that fail.
  maxFetches: 200 * 25,
  fetchTotalMs: 15 * 60 * 1000,
  concurrency: 4,
};

export class ServerContentImports implements ContentImports {
  readonly #pageFetchLimits: OutboundFetchLimits;
  readonly #fetchArchive: ImportFetcher;

  constructor(
    /** Where files go: the blob store, or a thread's `HeldBlobs` (`threaded-content-imports.ts`). */
    private readonly blobs: Pick<BlobStore, 'put'>,
    private readonly limits: ContentImportLimits,
  ) {
    const fetchLimits = { timeoutMs: limits.fetchTimeoutMs, allowHosts: limits.allowHosts };
    this.#pageFetchLimits = { ...fetchLimits, maxBytes: limits.maxPageBytes };
    this.#fetchArchive = importFetcher({ ...fetchLimits, maxBytes: limits.maxArchiveBytes });
  }

  async read(
    request: ImportRequest,
    progress: (done: number, total: number) => void,
  ): Promise<ImportedContent> {
    try {
      return await this.#read(request, progress);
    } catch (error) {
      // A page nesting or repeating markup past what a stored body may hold.
      if (error instanceof MarkdownTooComplexError)
        throw new ContentImportError(
          'too-large',
          `The source holds a page Quire cannot store: ${error.message}`,
        );
      throw error;
    }
  }

  async #read(
    request: ImportRequest,
    progress: (done: number, total: number) => void,
  ): Promise<ImportedContent> {
    const budget = new ImportBudget(this.limits.maxImportBytes);
    const files = new ImportedFiles(this.blobs, budget);
    const zipLimits = { maxExpandedBytes: this.limits.maxExpandedBytes, maxEntries: this.limits.maxEntries };
    // Pages and images are fetched under the import's limits together; an archive is one fetch.
    const fetchPage = new ImportFetches({
      maxFetches: this.limits.maxFetches,
      maxBytes: this.limits.maxImportBytes,
      totalMs: this.limits.fetchTotalMs,
    }).fetcher(this.#pageFetchLimits);
    switch (request.source) {
      case 'website':
        return readWebsite(this.#urlOf(request), {
          fetchPage,
          fetchImage: fetchPage,
          files,
          budget,
          maxPages: this.limits.maxPages,
          concurrency: this.limits.concurrency,
          progress,
        });
      case 'html': {
        const source = await this.#bytesOf(request, fetchPage);
        budget.take(source.bytes.byteLength);
        return readHtmlPage(source, { fetchImage: fetchPage, files });
      }
      case 'markdown': {
        const source = await this.#bytesOf(request, fetchPage);
        return readMarkdownFile(source.bytes, source.name);
      }
      case 'zip': {
        const source = await this.#bytesOf(request, this.#fetchArchive);
        return readZip(source.bytes, zipLimits, files, progress);
      }
      case 'docx': {
        const source = await this.#bytesOf(request, this.#fetchArchive);
        // Loaded when first needed: mammoth is the heaviest reader, and most processes never read a docx.
        const { readDocx } = await import('./read-docx');
        return readDocx(source.bytes, source.name, zipLimits, files);
      }
    }
  }

  #urlOf(request: ImportRequest): string {
    if (request.url === undefined)
      throw new ContentImportError('fetch-failed', `A ${request.source} import needs a URL`);
    return request.url;
  }

  /** The bytes given, or fetched from the URL; their name, and the URL and type they came with. */
  async #bytesOf(request: ImportRequest, fetch: ImportFetcher): Promise<SourceBytes> {
    if (request.bytes !== undefined)
      return { bytes: request.bytes, name: request.name ?? `import.${request.source}` };
    const fetched = await fetch(this.#urlOf(request));
    return {
      bytes: fetched.bytes,
      name: request.name ?? nameOfUrl(fetched.finalUrl, request.source),
      url: fetched.finalUrl,
      ...(fetched.contentType ? { contentType: fetched.contentType } : {}),
    };
  }
}

function nameOfUrl(url: string, source: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || `import.${source}`;
  } catch {
    return last || `import.${source}`;
  }
}
