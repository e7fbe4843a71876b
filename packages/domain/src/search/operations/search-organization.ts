import { z } from 'zod';
import type { SpaceRecord } from '../../content';
import { visibleSpacesPage } from '../../content';
import type { OperationContext } from '../../core/context';
import { operation } from '../../core/operation';
import {
  MAX_PAGE_LIMIT,
  type PageRequest,
  pageRequest,
  pageSchemaOf,
  pagingShape,
  toPage,
} from '../../core/paging';
import { OrganizationIdParam } from '../../organizations';
import { authorizeOrganization } from '../../policies/organization-policy';
import type { SearchHits } from '../content-search';
import { rankedSlice } from '../ranked-slice';
import { searchDocumentsOfRevision } from '../search-documents';
import { SearchQueryParam } from '../search-query';
import { presentPageHit, SearchSpaceResultSchema } from '../search-schema';

/** Pages listed per space at most: the rest are one space search away. */
export const PAGES_PER_SPACE = 10;

interface SpaceHits {
  space: SpaceRecord;
  hits: SearchHits;
}

/**
 * The spaces of an organization the caller can view whose current content matches `query`,
 * the space with the best page first, each with its best pages (at most `PAGES_PER_SPACE`),
 * ranked as `spaces.search` ranks them (scores comparable across spaces: one index of the
 * organization's spaces, `ContentSearch.searchMany`). Who can view which space is decided on every request
 * (the indexes, per revision, hold no permission): a space whose grant was revoked is gone
 * from the next search. Paged by rank (`count`: every matching space).
 *
 * Outcomes: an organization the caller is not a member of, 404; bad `query` or `page`, 400
 * (as `spaces.search`).
 */
export const searchOrganization = operation({
  name: 'spaces.searchInOrganization',
  kind: 'query',
  summary: 'Search the content of every space of an organization that the caller can view',
  input: z.strictObject({ organizationId: OrganizationIdParam, query: SearchQueryParam, ...pagingShape }),
  output: pageSchemaOf(SearchSpaceResultSchema),
  async run(ctx, input) {
    const page = pageRequest(input);
    await authorizeOrganization(ctx, input.organizationId, 'view');
    const spaces = await allVisibleSpaces(ctx, input.organizationId);
    // A space never written to has no revision yet: nothing to find.
    const written = spaces.filter((space) => space.revisionId !== undefined);
    const hits = await ctx.contentSearch.searchMany(
      input.organizationId,
      written.map((space) => {
        const revisionId = space.revisionId as string;
        return {
          key: space.id,
          revisionId,
          // Members read every branch of `if` blocks (the organization's index is theirs alone).
          documents: () => searchDocumentsOfRevision(ctx, space.id, revisionId, 'all'),
        };
      }),
      input.query,
    );
    const searched = written.map((space): SpaceHits | undefined => {
      const found = hits.get(space.id);
      return found ? { space, hits: found } : undefined;
    });
    const ranked = searched
      .filter((found): found is SpaceHits => found !== undefined && found.hits.ranked.length > 0)
      .sort((a, b) => bestScore(b) - bestScore(a) || (a.space.id < b.space.id ? -1 : 1));
    const slice = rankedSlice(ranked, (found) => found.space.id, page);
    return toPage(slice, ranked.length, ({ space, hits }) => ({
      id: space.id,
      title: space.title,
      pages: hits.ranked
        .slice(0, PAGES_PER_SPACE)
        .map(({ pageId }) => presentPageHit(ctx.urls, space, hits.page(pageId))),
    }));
  },
});

const bestScore = (found: SpaceHits): number => found.hits.ranked[0]?.score ?? 0;

/** Every active space of the organization the caller can view, read in pages of the largest size. */
async function allVisibleSpaces(ctx: OperationContext, organizationId: string): Promise<SpaceRecord[]> {
  const spaces: SpaceRecord[] = [];
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const slice = await visibleSpacesPage(ctx, organizationId, { order: 'asc', page });
    for (const { space } of slice.items) spaces.push(space);
    if (!slice.next) return spaces;
    page = { limit: MAX_PAGE_LIMIT, after: slice.next };
  }
}
