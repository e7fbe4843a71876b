/**
 * The site's search (`sites.search`, the operation GitBook's renderer calls, run as the visitor's
 * site token: only what the visitor may read), scoped to the site space being read, its pages
 * and sections linked at their site paths, as two answers: the search page (`?q=` on any path
 * of a site, where the search box sends it without script) and the search box's suggestions
 * (`<base>~reader/search?q=`, JSON, read by the page's script as the reader types). A query the
 * operation refuses (empty, too long) finds nothing.
 */
import { executeOperation, isDomainError, operations } from '@quire/domain';
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

/**
 * The search page: 200 with what the search found, or 429 with the seconds to wait when the
 * search refused the visitor's claims for now (`rate_limited`: the site built as many indexes of
 * new sets of conditions as it may this minute, `condition-views.ts`), said on the page.
 */
export async function searchPage(
  visit: ReaderVisit,
  pages: SitePages,
  query: string,
): Promise<{ status: 200 | 429; html: string; retryAfterSeconds?: number }> {
  const asked = searchedQuery(query);
  const frame = readerFrameOf(visit, pages);
  const page = {
    ...frame,
    // The tree with no page open, kept: a query costs no render of the site's tree.
    treeHtml: frame.closedTreeHtml(),
    query: asked,
    headTags: [{ tag: 'meta' as const, name: 'robots', content: 'noindex' }],
  };
  try {
    return {
      status: 200,
      html: renderSearchPage({ ...page, results: await siteSearchResults(visit, asked) }),
    };
  } catch (error) {
    const retryAfterSeconds = isDomainError(error) ? error.details.retryAfterSeconds : undefined;
    if (!isDomainError(error) || error.code !== 'rate_limited' || retryAfterSeconds === undefined)
      throw error;
    return {
      status: 429,
      html: renderSearchPage({ ...page, results: [], busy: { retryAfterSeconds } }),
      retryAfterSeconds,
    };
  }
}

/**
 * The search box's suggestions: the first pages found, excerpts cut short (the page is where to
 * read). A search refused for now is thrown on (`rate_limited`: a 429 in GitBook's error shape,
 * which the page's script shows as no suggestion).
 */
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
