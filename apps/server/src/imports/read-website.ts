/**
 * A website import: the start page and the pages it links to under the same origin and path
 * prefix (`CrawlScope`), breadth-first, each page once (by its key), at most `maxPages`
 * pages. Pages are fetched `concurrency` at a time but handled in the order they were found,
 * so the same site gives the same tree. Then each page's main content becomes markdown
 * (`webPageMarkdown`: links between imported pages and images rewritten) and the pages are
 * nested by their paths (`pageTreeOfPaths`).
 *
 * Only the start page can fail the import (unreachable, private, not HTML): a later page
 * that fails, redirects out of the prefix or is not HTML is skipped, like a broken link.
 * The pages read and the images stored count against the import's total (`ImportBudget`):
 * past it, the import fails.
 * `progress` is called after each page with pages read of pages found (at most the limit).
 */
import { ContentImportError, type ImportedContent, type ImportedPage } from '@quire/domain';
import { CrawlScope } from './crawl-scope';
import { isHtml, textOf } from './html-bytes';
import type { ImportBudget } from './import-budget';
import type { ImportFetcher } from './import-fetcher';
import { skippable } from './import-limit-reached';
import type { ImportedFiles } from './imported-files';
import { type PageAtPath, pageTreeOfPaths, titleOfSegment } from './page-tree-of-paths';
import { webImageRef } from './web-images';
import { readWebPage, type WebPage } from './web-page';
import { type WebPageLinks, webPageMarkdown } from './web-page-markdown';

export interface WebsiteReading {
  fetchPage: ImportFetcher;
  fetchImage: ImportFetcher;
  files: ImportedFiles;
  /** The import's total bytes: each page read and each image stored counts. */
  budget: ImportBudget;
  maxPages: number;
  concurrency: number;
  progress: (done: number, total: number) => void;
}

interface ReadPage {
  key: string;
  url: string;
  page: WebPage;
  /** The bytes fetched. */
  size: number;
}

export async function readWebsite(startUrl: string, reading: WebsiteReading): Promise<ImportedContent> {
  const start = await reading.fetchPage(startUrl);
  if (!isHtml(start.bytes, start.contentType))
    throw new ContentImportError('not-that-type', 'The URL did not answer an HTML page');
  reading.budget.take(start.bytes.byteLength);
  const scope = new CrawlScope(start.finalUrl);
  const found = new Set<string>([scope.startKey]);
  const queue: { key: string; url: string }[] = [];
  const read: ReadPage[] = [];
  const readKeys = new Set<string>([scope.startKey]);

  const take = (page: WebPage) => {
    for (const link of page.links) {
      const key = scope.keyInScope(link);
      if (key === null || found.has(key)) continue;
      found.add(key);
      queue.push({ key, url: link.replace(/#.*$/, '') });
    }
  };
  const startPage = readWebPage(textOf(start.bytes, start.contentType), start.finalUrl);
  read.push({ key: scope.startKey, url: start.finalUrl, page: startPage, size: start.bytes.byteLength });
  take(startPage);
  reading.progress(read.length, Math.min(found.size, reading.maxPages));

  while (queue.length > 0 && read.length < reading.maxPages) {
    const batch = queue.splice(0, Math.min(reading.concurrency, reading.maxPages - read.length));
    const pages = await Promise.all(batch.map((next) => fetchWebPage(next.url, scope, reading.fetchPage)));
    for (const page of pages) {
      if (page === null || readKeys.has(page.key)) continue;
      // Counted here, not in the fetch: a page that fails there is skipped, the limit is not.
      reading.budget.take(page.size);
      found.add(page.key);
      readKeys.add(page.key);
      read.push(page);
      take(page.page);
      reading.progress(read.length, Math.min(found.size, reading.maxPages));
    }
  }

  let pageCount = 0;
  const newRef = () => `page-${++pageCount}`;
  const refByKey = new Map(read.map(({ key }) => [key, newRef()]));
  const imagesFound = new Set<string>();
  const links: WebPageLinks = {
    pageRefOf: (url) => {
      const key = scope.keyInScope(url);
      return key === null ? undefined : refByKey.get(key);
    },
    imageRefOf: (url) => {
      imagesFound.add(url);
      return webImageRef(url, reading.fetchImage, reading.files);
    },
  };
  const atPaths: PageAtPath[] = [];
  for (const { key, url, page } of read) {
    const segments = scope.segmentsOf(key);
    const imported: ImportedPage = {
      ref: refByKey.get(key) as string,
      title: page.title ?? titleOfSegment(segments[segments.length - 1] ?? new URL(url).hostname),
      markdown: await webPageMarkdown(page.contentHtml, links),
      children: [],
    };
    atPaths.push({ segments, page: imported });
  }
  const files = reading.files.list();
  return {
    pages: pageTreeOfPaths(atPaths, newRef),
    files,
    totalResources: found.size + imagesFound.size,
    importedResources: read.length + files.length,
  };
}

/** A page found by a link: null when it fails, is not HTML, or redirects out of the scope. */
async function fetchWebPage(
  url: string,
  scope: CrawlScope,
  fetchPage: ImportFetcher,
): Promise<ReadPage | null> {
  try {
    const fetched = await fetchPage(url);
    if (!isHtml(fetched.bytes, fetched.contentType)) return null;
    const key = scope.keyInScope(fetched.finalUrl);
    if (key === null) return null;
    return {
      key,
      url: fetched.finalUrl,
      page: readWebPage(textOf(fetched.bytes, fetched.contentType), fetched.finalUrl),
      size: fetched.bytes.byteLength,
    };
  } catch (error) {
    if (skippable(error)) return null;
    throw error;
  }
}
