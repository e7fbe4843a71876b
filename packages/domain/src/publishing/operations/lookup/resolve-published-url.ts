import type { SpaceRecord } from '../../../content';
import { BoundedCache } from '../../../core/bounded-cache';
import { invalidInput, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { type ParsedPublishedUrl, parsePublishedUrl } from '../../published-url';
import type { SiteRecord } from '../../records';
import { issueSiteApiToken } from '../../site-api-token';
import type { ConditionTest } from '../../site-conditions';
import { locatedSiteSpaces, orderedSections, type Structure, spaceIdsOf } from '../../site-structure';
import { publishedUrl, sitePublishedBase } from '../../site-urls';
import { readableSpaceIds, type SiteVisit, visitSite } from '../../site-visitor';
import { visibleStructure } from '../../visible-structure';
import { keepResolution, keptResolution, keptResolutionKey, stampOf } from './kept-resolutions';
import {
  type PublishedSiteContent,
  type PublishedSiteContentLookup,
  PublishedSiteContentLookupSchema,
  ResolvePublishedUrlInputSchema,
} from './published-content-lookup-schema';
import { siteServedAt } from './served-site';
import { matchSitePath } from './site-path-match';

const NOT_FOUND = 'No content found for the URL';

/**
 * `POST /v1/urls/published` (GitBook's `resolvePublishedContentByUrl`): what a published URL
 * shows its visitor — the site, section, site space, space and page path — with a site API
 * token reading exactly what that visitor may read (`site-api-token.ts`). Open to anyone
 * (`access: 'visitor'`): a renderer asks for its visitors, with no credential of its own, or
 * a member's token (who then previews, as on the published view). A site API token's bearer
 * asks as an anonymous visitor: only what the request proves counts.
 *
 * Outcomes, in order:
 * - a `url` that is not an absolute http(s) URL, holds credentials, or whose path has `.`/`..`
 *   segments, encoded separators, backslashes or control characters (raw or
 *   percent-decoded), or a malformed `?share=`: 400 naming `url`, before any site is read;
 * - no site served there (`siteServedAt`: Quire's `~sites/<organization>/<site>/`, a proxy's
 *   host and path, a custom hostname; another host or scheme finds none): 404;
 * - a share key comes as `?share=`, or as the first segment after the site's (GitBook's
 *   form, `withShareKeySegment`: an active link's key of a share-link site only);
 * - the visitor is not let in (`visitSite`: the visitor rules, in one place): a published
 *   'visitor-auth' site with a fallback URL answers `{target: 'external', site, redirect}`
 *   to it (with the path asked for as `location`) when no visitor token was given, or when
 *   one was given that does not verify and `redirectOnError` is true; anything else (an
 *   unpublished site, a share key that is not an active link's — a deactivated link's
 *   included —, a forged, expired or other site's token): 404, the same answer as for no
 *   site, so a site's existence never leaks;
 * - the visitor is shown no site space (every one behind a condition their claims fail, a
 *   condition that does not compile, or spaces deleted since): 404;
 * - otherwise the content: the section and site space the path names, else the defaults
 *   (`matchSitePath`, with `complete`), the rest as `pathname`, the space's current
 *   revision, `basePath`/`siteBasePath` as the URL has them, the canonical URL at the
 *   site's own published address, the share key that let the visitor in, a `contextId`
 *   fingerprinting a verified visitor's claims, and a fresh `apiToken`.
 *
 * Pages are not checked here: a page path the space does not have is the renderer's to
 * answer, and it asks the site's redirects then (`GET SITE/redirect?source=`, the
 * redirects area, which comes after this one).
 */
export const resolvePublishedUrl = operation({
  name: 'urls.published',
  kind: 'mutation',
  summary: 'Resolve a published URL for a visitor',
  access: 'visitor',
  input: ResolvePublishedUrlInputSchema,
  output: PublishedSiteContentLookupSchema,
  async run(ctx, input): Promise<PublishedSiteContentLookup> {
    const parsed = parsedUrlOf(input.url);
    if (!parsed.ok) throw invalidInput('url', parsed.problem);
    const served = await siteServedAt(ctx, parsed.url);
    if (!served) throw notFound(NOT_FOUND);
    const { site } = served;
    const keptKey = keptResolutionKey(ctx, input);
    const kept = keptKey === undefined ? undefined : await keptResolution(ctx, keptKey, site);
    if (kept) return { ...kept.answer, apiToken: await issueSiteApiToken(ctx, kept.token) };
    const keyed = withShareKeySegment(site, served, parsed.url.shareKey);
    const visit = await visitSite(
      ctx,
      site,
      {
        shareKey: keyed.shareKey,
        jwtToken: input.visitor?.jwtToken,
        unsignedClaims: input.visitor?.unsignedClaims,
      },
      { asTokenBearer: false },
    );
    if (!visit.shown) {
      const redirect = fallbackRedirect(site, visit, input.redirectOnError === true, keyed.rest);
      if (redirect) return redirect;
      throw notFound(NOT_FOUND);
    }
    const { structure, live, stored } = await withReadableSpaces(ctx, site, visit);
    const match = matchSitePath(structure, keyed.rest);
    const space = match && live.get(match.siteSpace.spaceId);
    if (!match || !space) throw notFound(NOT_FOUND);
    const shownVisit = { ...visit, structure };
    const token = {
      site,
      siteSpaceId: match.siteSpace.id,
      spaceId: space.id,
      visit: shownVisit,
      visitorType: input.visitor?.type,
    };
    const apiToken = await issueSiteApiToken(ctx, token);
    const basePath =
      keyed.siteBasePath + match.used.map((segment) => `${encodeURIComponent(segment)}/`).join('');
    const answer: PublishedSiteContent = {
      site: site.id,
      ...(match.section ? { siteSection: match.section.id } : {}),
      siteSpace: match.siteSpace.id,
      space: space.id,
      ...(space.revisionId === undefined ? {} : { revision: space.revisionId }),
      pathname: match.pagePath.join('/'),
      basePath,
      siteBasePath: keyed.siteBasePath,
      apiToken,
      organization: site.organizationId,
      ...(visit.shareKey === undefined ? {} : { shareKey: visit.shareKey }),
      complete: match.complete,
      ...(visit.signedClaims === null ? {} : { contextId: contextIdOf(ctx, visit.signedClaims) }),
      canonicalUrl: publishedUrl(
        sitePublishedBase(ctx.urls, site),
        [...match.used, ...match.pagePath],
        undefined,
      ),
    };
    // A visitor proving nothing is shown the same while the site and its spaces stay as they are.
    if (keptKey !== undefined && visit.admission.via !== 'member' && visit.signedClaims === null)
      keepResolution(ctx, keptKey, {
        siteId: site.id,
        siteVersion: site.version,
        spaceIds: spaceIdsShown(visit.structure),
        spaceStamps: new Map(stored.map((stored) => [stored.id, stampOf(stored)])),
        answer: Object.freeze({ ...answer, apiToken: '' }),
        token: Object.freeze(token),
      });
    return answer;
  },
});

const parsedUrls = new BoundedCache<string, ParsedPublishedUrl>({
  maxEntries: 5000,
  maxWeight: 16 * 1024 * 1024,
  weigh: (parsed) => (parsed.ok ? 4 * JSON.stringify(parsed.url).length : 256),
});

/**
 * `parsePublishedUrl`, kept by the URL's text (a pure function of it; a renderer asks the same
 * URLs again), frozen so no lookup changes what the next one reads.
 */
function parsedUrlOf(raw: string): ParsedPublishedUrl {
  let parsed = parsedUrls.get(raw);
  if (parsed === undefined) {
    parsed = parsePublishedUrl(raw);
    if (parsed.ok) Object.freeze(Object.freeze(parsed.url).segments);
    parsedUrls.set(raw, Object.freeze(parsed));
  }
  return parsed;
}

/**
 * A share key as the first segment after the site's own, as GitBook's share-link URLs carry
 * it (`docs.example.com/<key>/<path>`: GitBook's renderer drops the query before it asks, so
 * `?share=` never reaches the lookup through it): only on a share-link site, only the key of
 * one of its active links, and only when the URL has no `?share=`; the segment then belongs to
 * the site's base path. Any other first segment is a path of the site, as before.
 */
function withShareKeySegment(
  site: SiteRecord,
  served: { siteBasePath: string; rest: string[] },
  queryKey: string | undefined,
): { shareKey: string | undefined; siteBasePath: string; rest: string[] } {
  const [first, ...rest] = served.rest;
  const isKey =
    queryKey === undefined &&
    site.visibility === 'share-link' &&
    first !== undefined &&
    site.shareLinks.some((link) => link.active && link.key === first);
  if (!isKey) return { shareKey: queryKey, siteBasePath: served.siteBasePath, rest: served.rest };
  return { shareKey: first, siteBasePath: `${served.siteBasePath}${encodeURIComponent(first)}/`, rest };
}

/**
 * The external redirect of a visitor-auth failure: only for a published 'visitor-auth' site
 * with a fallback URL (an https URL, checked when it was set), when no token was given, or a
 * refused one with `redirectOnError`. Null otherwise.
 */
function fallbackRedirect(
  site: SiteRecord,
  visit: Extract<SiteVisit, { shown: false }>,
  redirectOnError: boolean,
  rest: readonly string[],
): PublishedSiteContentLookup | null {
  const fallback = site.publishingAuth.fallbackURL;
  if (site.visibility !== 'visitor-auth' || !site.published || fallback === undefined) return null;
  if (visit.refusedToken && !redirectOnError) return null;
  let redirect: URL;
  try {
    redirect = new URL(fallback);
  } catch {
    return null;
  }
  if (redirect.protocol !== 'https:' && redirect.protocol !== 'http:') return null;
  redirect.searchParams.set('location', rest.join('/'));
  return { target: 'external', site: site.id, redirect: redirect.toString() };
}

/**
 * The structure without the site spaces whose space is gone (deleted, or moved to another
 * organization) or that the visit may not read (`readableSpaceIds`: a member's preview
 * reads only the spaces their role opens), and those spaces by id: one read of the spaces,
 * the site spaces walked once per structure (a visit's structure is kept, frozen, per site
 * version and claims, so its space ids are too).
 */
async function withReadableSpaces(
  ctx: Parameters<typeof siteServedAt>[0],
  site: SiteRecord,
  visit: Extract<SiteVisit, { shown: true }>,
): Promise<{ structure: Structure; live: Map<string, SpaceRecord>; stored: SpaceRecord[] }> {
  const structure = visit.structure;
  const ids = spaceIdsShown(structure);
  const stored = await ctx.repos.spaces.findByIds(ids);
  const spaces = stored.filter(
    (space) => space.deletedAt === undefined && space.organizationId === site.organizationId,
  );
  const readable = await readableSpaceIds(ctx, visit.admission, spaces);
  const live = new Map(spaces.filter((space) => readable.has(space.id)).map((space) => [space.id, space]));
  if (live.size === ids.length) return { structure, live, stored };
  const gone = new Map<string, ConditionTest>(
    locatedSiteSpaces(structure)
      .filter(({ siteSpace }) => !live.has(siteSpace.spaceId))
      .map(({ siteSpace }) => [siteSpace.id, () => false]),
  );
  return { structure: visibleStructure(structure, gone, {}), live, stored };
}

const spaceIdsByStructure = new WeakMap<Structure, readonly string[]>();

/**
 * `spaceIdsOf(structure)` without its list of located site spaces, once per structure: the
 * lookup's one pass over a site's site spaces (a site of 100 site spaces made it a fifth of
 * the lookup's own work).
 */
function spaceIdsShown(structure: Structure): readonly string[] {
  if (!Object.isFrozen(structure)) return spaceIdsOf(structure);
  const kept = spaceIdsByStructure.get(structure);
  if (kept) return kept;
  const ids = new Set<string>();
  for (const siteSpace of structure.siteSpaces) ids.add(siteSpace.spaceId);
  for (const section of orderedSections(structure))
    for (const siteSpace of section.siteSpaces) ids.add(siteSpace.spaceId);
  const shown = [...ids];
  spaceIdsByStructure.set(structure, shown);
  return shown;
}

/** A token's own fields, which change with every token and say nothing of the visitor. */
const TOKEN_FIELDS = new Set(['iat', 'exp', 'nbf', 'iss', 'aud', 'jti', 'sub']);

/** A fingerprint of a verified visitor's claims: the same claims, the same context, whatever token carried them. */
const contextIdOf = (ctx: Parameters<typeof siteServedAt>[0], claims: Record<string, unknown>): string =>
  ctx.secrets
    .sha256(
      `quire visitor context:${stableJson(Object.fromEntries(Object.entries(claims).filter(([key]) => !TOKEN_FIELDS.has(key))))}`,
    )
    .slice(0, 20);

/** JSON with object keys sorted, so equal claims print the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
