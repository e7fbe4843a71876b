/**
 * The site's search (`sites.search`, the operation GitBook's renderer calls, run as the visitor's
 * site token: only what the visitor may read), scoped to the site space being read, its pages
 * and sections linked at their site paths, as two answers: the search page (`?q=` on any path
 * of a site, where the search box sends it without script) and the search box's suggestions
 * (`<base>~reader/search?q=`, JSON, read by the page's script as the reader types). A query the
 * operation refuses (empty, too long) finds nothing.
 */
import { executeOperation, operations } from '@quire/domain';
import { type ReaderSearchResult, renderSearchPage } from '@quire/reader';
import { readerFrameOf } from './reader-frame';
import { type ReaderVisit, readOrNothing } from './reader-visit';
import type { SitePages } from './site-pages';

const MAX_QUERY = 200;
/** Suggestions under the search box: the first pages, each with its first matching sections. */
const MAX_SUGGESTED_PAGES = 8;
const MAX_SECTIONS = 3;

const encodedPath = (path: string): string => {
  const [page = '', anchor] = path.split('#');
  const encoded = page.split('/').map(encodeURIComponent).join('/');
  return anchor === undefined ? encoded : `${encoded}#${encodeURIComponent(anchor)}`;
};

/** The query as searched: trimmed, at most 200 characters. */
export const searchedQuery = (query: string): string => query.trim().slice(0, MAX_QUERY);

/** What the site's search finds for the visitor in the site space being read. */
export async function siteSearchResults(visit: ReaderVisit, query: string): Promise<ReaderSearchResult[]> {
  const found = await readOrNothing(() =>
    executeOperation(operations.sites.search, visit.ctx, {
      organizationId: visit.lookup.organization,
      siteId: visit.lookup.site,
      query,
      scope: { mode: 'specific', siteSpaceIds: [visit.lookup.siteSpace] },
    }),
  );
  const base = visit.lookup.basePath;
  return (found?.items ?? []).flatMap((space) =>
    space.pages.map((page) => ({
      title: page.title,
      href: `${base}${encodedPath(page.path)}`,
      sections: page.sections.slice(0, MAX_SECTIONS).map((section) => ({
        title: section.title,
        href: `${base}${encodedPath(section.path)}`,
        excerpt: section.body.slice(0, 300),
      })),
    })),
  );
}

export async function searchPageHtml(visit: ReaderVisit, pages: SitePages, query: string): Promise<string> {
  const asked = searchedQuery(query);
  const frame = readerFrameOf(visit, pages);
  return renderSearchPage({
    ...frame,
    // The tree with no page open, kept: a query costs no render of the site's tree.
    treeHtml: frame.closedTreeHtml(),
    query: asked,
    results: await siteSearchResults(visit, asked),
    headTags: [{ tag: 'meta', name: 'robots', content: 'noindex' }],
  });
}

/** The search box's suggestions: the first pages found, excerpts cut short (the page is where to read). */
export async function searchSuggestions(
  visit: ReaderVisit,
  query: string,
): Promise<{ query: string; results: ReaderSearchResult[] }> {
  const asked = searchedQuery(query);
  if (asked === '') return { query: asked, results: [] };
  const results = await siteSearchResults(visit, asked);
  return {
    query: asked,
    results: results.slice(0, MAX_SUGGESTED_PAGES).map((result) => ({
      ...result,
      sections: result.sections.map((section) => ({ ...section, excerpt: section.excerpt.slice(0, 120) })),
    })),
  };
}
