import { z } from 'zod';
import { SpaceIdParam, viewableRevision } from '../../content';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { rankedSlice } from '../ranked-slice';
import { searchViewOf } from '../search-documents';
import { SearchQueryParam } from '../search-query';
import { presentPageHit, type SearchPageResult, SearchPageResultSchema } from '../search-schema';

/**
 * The pages of a space's current content that match `query`, best first: a match in a
 * page's title ranks above one in a heading, above one in the text; the whole query as
 * written (or quoted) above its words apart; every word must match in one section, else any
 * does; the last word (the one being typed) matches by prefix, and words of 4 letters or
 * more with a typo. Each page lists its matching sections with an excerpt around the match.
 * Paged by rank (`count`: every matching page). The index of the revision is built on the
 * first search of it (or ahead, when the content changed) and kept.
 *
 * The text inside `if` blocks is searched as the caller may read it (`searchViewOf`): all of
 * it for members; for a site API token's visitor only the blocks whose conditions hold for the
 * token's claims (the others are never matched nor quoted). A site API token's visitor finds no
 * hidden page nor any page under one (the published site lists none of them); members find all.
 *
 * Outcomes: a space the caller cannot view, 404; an empty query, one over 512 characters or
 * without a letter or digit, 400 naming `query`; a `page` that is not this list's cursor, 400;
 * a site token's visitor whose claims open a set of `if` blocks the revision has no index of,
 * when `MAX_CONDITION_VIEW_BUILDS` such indexes of it were built in the last minute, 429
 * `rate_limited` with `Retry-After`, nothing built (`condition-views.ts`, rule 2).
 */
export const searchSpace = operation({
  name: 'spaces.search',
  kind: 'query',
  summary: 'Search the content of a space',
  input: z.strictObject({ spaceId: SpaceIdParam, query: SearchQueryParam, ...pagingShape }),
  output: pageSchemaOf(SearchPageResultSchema),
  async run(ctx, input): Promise<Page<SearchPageResult>> {
    const { space, revision } = await viewableRevision(ctx, { spaceId: input.spaceId });
    const view = await searchViewOf(ctx, revision);
    const hits = await ctx.contentSearch.search(view.key, view.documents, input.query);
    const slice = rankedSlice(hits.ranked, (hit) => hit.pageId, pageRequest(input));
    return toPage(slice, hits.ranked.length, (hit) => presentPageHit(ctx.urls, space, hits.page(hit.pageId)));
  },
});
