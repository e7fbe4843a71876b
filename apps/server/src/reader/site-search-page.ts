/**
 * The site's search page (`?q=` on any path of a site, where the search box sends it): the site
 * search operation GitBook's renderer calls (`sites.search`, as the visitor's site token: only
 * what the visitor may read), scoped to the site space being read, its pages and sections linked
 * at their site paths. A query the operation refuses (empty, too long) finds nothing.
 */
import { executeOperation, operations } from '@quire/domain';
import { type ReaderSearchResult, renderSearchPage } from '@quire/reader';
import { readerFrameOf } from './reader-frame';
import { type ReaderVisit, readOrNothing } from './reader-visit';
import type { SitePages } from './site-pages';

const MAX_QUERY = 200;

const encodedPath = (path: string): string => {
  const [page = '', anchor] = path.split('#');
  const encoded = page.split('/').map(encodeURIComponent).join('/');
  return anchor === undefined ? encoded : `${encoded}#${encodeURIComponent(anchor)}`;
};

export async function searchPageHtml(visit: ReaderVisit, pages: SitePages, query: string): Promise<string> {
  const asked = query.trim().slice(0, MAX_QUERY);
  const found = await readOrNothing(() =>
    executeOperation(operations.sites.search, visit.ctx, {
      organizationId: visit.lookup.organization,
      siteId: visit.lookup.site,
      query: asked,
      scope: { mode: 'specific', siteSpaceIds: [visit.lookup.siteSpace] },
    }),
  );
  const base = visit.lookup.basePath;
  const results: ReaderSearchResult[] = (found?.items ?? []).flatMap((space) =>
    space.pages.map((page) => ({
      title: page.title,
      href: `${base}${encodedPath(page.path)}`,
      sections: page.sections.slice(0, 3).map((section) => ({
        title: section.title,
        href: `${base}${encodedPath(section.path)}`,
        excerpt: section.body.slice(0, 300),
      })),
    })),
  );
  return renderSearchPage({
    ...readerFrameOf(visit, pages),
    query: asked,
    results,
    headTags: [{ tag: 'meta', name: 'robots', content: 'noindex' }],
  });
}
