/**
 * `sitemap.xml` of a public site: the canonical address of every listed page of every site
 * space (the site's published address, never a share key), its last change and a priority
 * decaying with depth — at most 50,000 addresses, the sitemap protocol's bound. A site that is
 * not public has none (`answerMachineFormat` answers 404): unlisted, share-link and
 * visitor-auth sites are not for search engines.
 */
import type { ReaderVisit } from '../reader-visit';
import { listedPages, pagesOf, shownSiteSpaces } from './shown-site-spaces';

export const MAX_SITEMAP_URLS = 50_000;

export async function sitemapXml(visit: ReaderVisit): Promise<string> {
  const base = canonicalBaseOf(visit);
  const urls: string[] = [];
  for (const shown of shownSiteSpaces(visit.site)) {
    const left = MAX_SITEMAP_URLS - urls.length;
    if (left <= 0) break;
    for (const page of listedPages(await pagesOf(visit, shown), left)) {
      const loc = `${base}${shown.basePath}${page.path.split('/').map(encodeURIComponent).join('/')}`;
      const priority = Math.floor(100 * 2 ** (-0.25 * page.depth)) / 100;
      urls.push(
        `  <url><loc>${xmlText(loc)}</loc>${page.updatedAt ? `<lastmod>${xmlText(page.updatedAt)}</lastmod>` : ''}<priority>${priority}</priority></url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length > 0 ? '\n' : ''}</urlset>\n`;
}

/** The site's canonical root: its published address (no share key), else where it was asked. */
export function canonicalBaseOf(visit: ReaderVisit): string {
  const published = visit.site.site.urls.published;
  if (published === undefined) return visit.siteUrl;
  const url = new URL(published);
  url.search = '';
  return url.toString().endsWith('/') ? url.toString() : `${url.toString()}/`;
}

const xmlText = (text: string): string => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
