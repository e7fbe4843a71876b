/**
 * An 'html' import: one page from one HTML document, read like a page of a website (its
 * main content, title from `<h1>` or `<title>`, images stored as files); its links keep
 * their absolute URLs. Bytes given without a URL have no base: their relative links and
 * images are dropped, absolute ones kept.
 */
import { ContentImportError, type ImportedContent } from '@quire/domain';
import { isHtml, textOf } from './html-bytes';
import type { ImportFetcher } from './import-fetcher';
import type { ImportedFiles } from './imported-files';
import { titleOfSegment } from './page-tree-of-paths';
import type { SourceBytes } from './source-bytes';
import { webImageRef } from './web-images';
import { readWebPage } from './web-page';
import { webPageMarkdown } from './web-page-markdown';

export async function readHtmlPage(
  source: SourceBytes,
  reading: { fetchImage: ImportFetcher; files: ImportedFiles },
): Promise<ImportedContent> {
  if (!isHtml(source.bytes, source.contentType))
    throw new ContentImportError('not-that-type', 'The source is not an HTML document');
  const page = readWebPage(textOf(source.bytes, source.contentType), source.url ?? 'file:///');
  const images = new Set<string>();
  const markdown = await webPageMarkdown(page.contentHtml, {
    pageRefOf: () => undefined,
    imageRefOf: (url) => {
      images.add(url);
      return webImageRef(url, reading.fetchImage, reading.files);
    },
  });
  const files = reading.files.list();
  return {
    pages: [
      {
        ref: 'page-1',
        title: page.title ?? titleOfSegment(source.name.replace(/\.html?$/i, '')),
        markdown,
        children: [],
      },
    ],
    files,
    totalResources: 1 + images.size,
    importedResources: 1 + files.length,
  };
}
