import { z } from 'zod';
import { pageIndexOf, type SpaceRecord } from '../../content';
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeSpace } from '../../policies/authorize-space';
import {
  admitConditionView,
  presentPageHit,
  rankedSlice,
  type SearchHits,
  SearchQueryParam,
  searchDocumentsOfRevision,
  siteSearchViewOf,
} from '../../search';
import type { SiteRecord, SiteSpaceRecord } from '../records';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import {
  type SiteSearchPageResult,
  type SiteSearchScope,
  SiteSearchScopeSchema,
  type SiteSearchSpaceResult,
  SiteSearchSpaceResultSchema,
} from '../site-search-schema';
import { defaultSiteSpaceOf, locatedSiteSpaces, orderedSections, type Structure } from '../site-structure';
import { visitSite } from '../site-visitor';

/** Pages listed per space at most (the rest are one space search away), as the organization's search. */
const PAGES_PER_SPACE = 10;

/**
 * Searches the content of a site as its caller is shown it (GitBook's `searchSiteContent`):
 * the spaces of the site spaces in `scope`, among those the visit shows (conditions applied to
 * the visitor's claims), the space with the best page first, each with its best pages ranked
 * across the whole search (`rank`), their sections, and their ancestors' titles. Paged by space.
 * Only the pages the site lists are searched, for every caller: a page marked hidden, and every
 * page under it, is found by no one here (GitBook's site search; it is still read at its URL,
 * and members find it in the space's and the organization's searches).
 *
 * Scopes: `default` (each section's default site space, or the root's, and `currentSiteSpace`;
 * `restrictTo` the current one, or the others), `specific` (the given site spaces), `all`
 * (every site space); GitBook's earlier forms (`siteSpaceIds`; `mode: 'current'` with
 * `siteSpaceId`; `mode: 'all'` at the top level) mean the same as their scope.
 *
 * Who sees what: whoever the published view shows the site to (`visitSite`: a member who may
 * view it, a visitor of a published site with the share key or visitor token it needs, a site
 * API token's bearer for its own site). A member finds only the spaces they may view
 * themselves; a site API token only the spaces it names. Content nobody showed the caller is
 * never searched.
 *
 * Outcomes: a site the caller is not shown, or of another organization, 404 'Site'; a scope
 * naming a site space the visit does not show, 404 'Site space' (whether it exists is not
 * told); `restrictTo` without `currentSiteSpace`, 400 naming `scope.restrictTo`; a bad query,
 * 400 naming `query` (as `spaces.search`); a site token's visitor whose claims open a set of
 * `if` blocks the site has no index of, when the site built `MAX_CONDITION_VIEW_BUILDS` such
 * indexes in the last minute, 429 `rate_limited` with `Retry-After`, nothing built
 * (`condition-views.ts`, rule 2).
 */
export const searchSite = operation({
  name: 'sites.search',
  kind: 'query',
  summary: 'Search the content of a site, as its visitor is shown it',
  access: 'visitor',
  input: z
    .strictObject({
      organizationId: SiteOrganizationIdParam,
      siteId: SiteIdParam,
      query: SearchQueryParam,
      scope: SiteSearchScopeSchema.optional(),
      mode: z.enum(['specific', 'current', 'all']).optional().describe('Deprecated: use scope'),
      siteSpaceIds: z
        .array(z.string().min(1).max(64))
        .min(1)
        .max(100)
        .optional()
        .describe('Deprecated: use scope'),
      siteSpaceId: z.string().min(1).max(64).optional().describe('Deprecated: use scope'),
      shareKey: ShareKeySchema.optional(),
      ...pagingShape,
    })
    .superRefine((input, issues) => {
      if (input.scope?.mode === 'default' && input.scope.restrictTo && !input.scope.currentSiteSpace)
        issues.addIssue({ code: 'custom', path: ['scope', 'restrictTo'], message: 'needs currentSiteSpace' });
      if (input.mode === 'current' && !input.siteSpaceId)
        issues.addIssue({ code: 'custom', path: ['siteSpaceId'], message: 'required with mode current' });
    }),
  output: pageSchemaOf(SiteSearchSpaceResultSchema),
  async run(ctx, input) {
    const site = await ctx.repos.sites.findById(input.siteId);
    if (!site || site.organizationId !== input.organizationId) throw notFound('Site');
    const visit = await visitSite(ctx, site, { shareKey: input.shareKey });
    if (!visit.shown) throw notFound('Site');
    const siteSpaces = siteSpacesInScope(visit.structure, scopeOf(input));
    const spaces = await searchableSpaces(ctx, site, siteSpaces);
    // The text of `if` blocks only as far as the visitor's claims open it (an index per view).
    const { key, view } = await siteSearchViewOf(
      ctx,
      spaces.map((space) => ({ spaceId: space.id, revisionId: space.revisionId as string })),
    );
    const collection = `site:${site.id}${key}`;
    // At most `MAX_CONDITION_VIEWS` sets of conditions of the site have an index (`condition-views.ts`).
    if (key !== '') admitConditionView(ctx, `site:${site.id}`, collection);
    const hits = await ctx.contentSearch.searchMany(
      collection,
      spaces.map((space) => ({
        key: space.id,
        revisionId: space.revisionId as string,
        // The pages the site lists: a hidden page and those under it are found by no visitor.
        documents: () => searchDocumentsOfRevision(ctx, space.id, space.revisionId as string, view, 'listed'),
      })),
      input.query,
    );
    const found = spaces
      .map((space) => ({ space, hits: hits.get(space.id) }))
      .filter(
        (entry): entry is { space: SpaceRecord; hits: SearchHits } => (entry.hits?.ranked.length ?? 0) > 0,
      );
    found.sort((a, b) => best(b.hits) - best(a.hits) || (a.space.id < b.space.id ? -1 : 1));
    const ranks = pageRanks(found);
    const slice = rankedSlice(found, (entry) => entry.space.id, pageRequest(input));
    const items = await Promise.all(slice.items.map((entry) => presentSpaceHits(ctx, entry, ranks)));
    return toPage({ ...slice, items }, found.length, (item) => item);
  },
});

type ScopeInput = {
  scope?: SiteSearchScope;
  mode?: 'specific' | 'current' | 'all';
  siteSpaceIds?: string[];
  siteSpaceId?: string;
};

/** The scope asked for, GitBook's earlier forms read as the scope they stand for. */
function scopeOf(input: ScopeInput): SiteSearchScope {
  if (input.scope) return input.scope;
  if (input.siteSpaceIds) return { mode: 'specific', siteSpaceIds: input.siteSpaceIds };
  if (input.mode === 'current' && input.siteSpaceId)
    return { mode: 'default', currentSiteSpace: input.siteSpaceId };
  if (input.mode === 'all') return { mode: 'all' };
  return { mode: 'default' };
}

/** The site spaces of the visible structure a scope names. */
function siteSpacesInScope(structure: Structure, scope: SiteSearchScope): SiteSpaceRecord[] {
  const all = locatedSiteSpaces(structure).map((located) => located.siteSpace);
  const shown = (id: string) => {
    const siteSpace = all.find((candidate) => candidate.id === id);
    if (!siteSpace) throw notFound('Site space');
    return siteSpace;
  };
  if (scope.mode === 'all') return all;
  if (scope.mode === 'specific') return [...new Set(scope.siteSpaceIds)].map(shown);
  const defaults = [
    ...(structure.siteSpaces.length > 0 ? [defaultSiteSpaceOf(structure, undefined)] : []),
    ...orderedSections(structure).map((section) => defaultSiteSpaceOf(structure, section)),
  ].filter((siteSpace): siteSpace is SiteSpaceRecord => siteSpace !== undefined);
  const current = scope.currentSiteSpace === undefined ? undefined : shown(scope.currentSiteSpace);
  if (scope.restrictTo === 'currentSiteSpace') return current ? [current] : [];
  if (scope.restrictTo === 'otherSiteSpaces')
    return defaults.filter((siteSpace) => siteSpace.id !== current?.id);
  return current && !defaults.some((siteSpace) => siteSpace.id === current.id)
    ? [current, ...defaults]
    : defaults;
}

/**
 * The spaces of `siteSpaces` the caller may read, each once, written to at least once: a
 * site API token's own spaces only; a member's those they may view; a visitor's every space
 * the visit shows (publication is what lets them in).
 */
async function searchableSpaces(
  ctx: OperationContext,
  site: SiteRecord,
  siteSpaces: readonly SiteSpaceRecord[],
): Promise<SpaceRecord[]> {
  let ids = [...new Set(siteSpaces.map((siteSpace) => siteSpace.spaceId))];
  const grant = ctx.caller?.site;
  if (grant !== undefined)
    ids = grant.siteId === site.id ? ids.filter((id) => grant.spaceIds.includes(id)) : [];
  const records = await ctx.repos.spaces.findByIds(ids);
  const live = records.filter(
    (space) =>
      space.deletedAt === undefined &&
      space.revisionId !== undefined &&
      space.organizationId === site.organizationId,
  );
  if (ctx.caller === null || ctx.caller === undefined || grant !== undefined) return live;
  const viewable = await Promise.all(
    live.map((space) =>
      authorizeSpace(ctx, space.id, 'view').then(
        () => true,
        () => false,
      ),
    ),
  );
  return live.filter((_, i) => viewable[i]);
}

const best = (hits: SearchHits): number => hits.ranked[0]?.score ?? 0;

/** Each shown page's one-based position among the pages found in every space, by score. */
function pageRanks(found: ReadonlyArray<{ space: SpaceRecord; hits: SearchHits }>): Map<string, number> {
  const all = found.flatMap(({ space, hits }) =>
    hits.ranked
      .slice(0, PAGES_PER_SPACE)
      .map(({ pageId, score }) => ({ key: `${space.id}/${pageId}`, score })),
  );
  all.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
  return new Map(all.map(({ key }, i) => [key, i + 1]));
}

async function presentSpaceHits(
  ctx: OperationContext,
  { space, hits }: { space: SpaceRecord; hits: SearchHits },
  ranks: ReadonlyMap<string, number>,
): Promise<SiteSearchSpaceResult> {
  const revision = await ctx.repos.revisions.findById(space.id, space.revisionId as string);
  const index = revision ? await pageIndexOf(ctx, revision.tree) : undefined;
  const pages = hits.ranked.slice(0, PAGES_PER_SPACE).map(({ pageId, score }): SiteSearchPageResult => {
    const hit = presentPageHit(ctx.urls, space, hits.page(pageId));
    const page = index?.pages.get(pageId);
    const ancestors: { title: string }[] = [];
    for (let parent = page?.parentId ?? null; parent !== null; ) {
      const above = index?.pages.get(parent);
      if (!above) break;
      ancestors.unshift({ title: above.title });
      parent = above.parentId;
    }
    return {
      id: hit.id,
      title: hit.title,
      description: page?.description ?? '',
      path: hit.path,
      score,
      rank: ranks.get(`${space.id}/${pageId}`) ?? 1,
      // The leading section carries the page's own text: a match there is the page's.
      resultType: hit.sections.length === 0 || hit.sections[0]?.id === pageId ? 'page' : 'section',
      // Sections are found within a page, ranked by it: they share its score.
      sections: hit.sections.map((section) => ({ ...section, score })),
      ancestors,
      urls: hit.urls,
    };
  });
  return { type: 'space', id: space.id, title: space.title, score: best(hits), pages };
}
