/**
 * A web page's main content (see `readWebPage`) as the markdown of an imported page: links
 * to other imported pages become `quire-import:page/<ref>`, their fragment kept (the
 * operation turns `quire-import:page/<ref>#steps` into `/pages/<id>#steps`, a link to an
 * anchor of that page), images are downloaded and become
 * `quire-import:file/<ref>`; an image that cannot be had keeps its absolute URL (one broken
 * image does not fail an import), every other link keeps its absolute URL.
 */
import { htmlToMarkdown } from '@quire/documents';
import { parseHTML } from 'linkedom';
import { importFileUrl, importPageUrl } from './import-urls';

export interface WebPageLinks {
  /** The ref of the imported page at this absolute URL, if any. */
  pageRefOf(url: string): string | undefined;
  /** Downloads and stores the image at this URL: its file ref, or undefined when it cannot be had. */
  imageRefOf(url: string): Promise<string | undefined>;
}

export async function webPageMarkdown(contentHtml: string, links: WebPageLinks): Promise<string> {
  const { document } = parseHTML(`<!doctype html><html><body>${contentHtml}</body></html>`);
  for (const anchor of [...document.querySelectorAll('a[href]')]) {
    const href = anchor.getAttribute('href') ?? '';
    const ref = links.pageRefOf(href);
    if (ref !== undefined) anchor.setAttribute('href', importPageUrl(ref, href));
  }
  for (const image of [...document.querySelectorAll('img[src]')]) {
    const ref = await links.imageRefOf(image.getAttribute('src') ?? '');
    if (ref !== undefined) image.setAttribute('src', importFileUrl(ref));
  }
  return htmlToMarkdown(document.body.innerHTML);
}
