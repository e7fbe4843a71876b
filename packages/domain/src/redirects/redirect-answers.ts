/**
 * The redirect rules (`redirect-rules.ts`) fed from the stores: for one path of a site, the
 * site's redirects of its candidate sources and the old paths of the space it falls in, the
 * answer, the URL it sends to, and whether that URL is a path of the site with no page (the
 * next link of a chain). Resolution and the writes' loop check (`redirect-loops.ts`) both ask
 * here, so a redirect is judged by the rules that will answer it.
 *
 * Everything is read in the part of the site the caller may be told about (`shown`): a path
 * falls in a site space of it (the old paths of a site space they may not read are never
 * looked at), and a site redirect whose destination is outside it is, for them, no redirect
 * at all (`isDestinationShown`).
 */
import { pathRedirectTarget } from '../content';
import type { OperationContext } from '../core/context';
import { matchSitePath, type SiteRecord, type Structure, sitePublishedBase } from '../publishing';
import type { SiteRedirectRecord } from './records';
import { currentPages, destinationUrl } from './redirect-destination';
import { type RedirectAnswer, type RedirectHop, redirectAnswer } from './redirect-rules';
import { candidateSources, capturedRest } from './redirect-source';
import { isDestinationShown } from './shown-destination';
import { segmentsOf, sitePathOf } from './site-path-of-url';

export interface RedirectLookup {
  ctx: OperationContext;
  site: SiteRecord;
  shareKey: string | undefined;
  /**
   * The part of the site the caller may be told about: a visitor's or member's readable
   * structure (`readableStructureOf`); the whole structure for the writes' loop check.
   */
  shown: Structure;
  /** A redirect about to be written, judged as if it were stored (in place of the one it changes). */
  pending?: SiteRedirectRecord;
}

/** Where the site space `path` falls in is, and its page path in the space, or null. */
async function placeOf(lookup: RedirectLookup, path: string) {
  const segments = segmentsOf(path);
  const match = segments && matchSitePath(lookup.shown, segments);
  if (!match) return null;
  const pages = await currentPages(lookup.ctx, lookup.site, match.siteSpace.spaceId);
  return pages && { siteSpace: match.siteSpace, pagePath: match.pagePath.join('/'), pages };
}

/** Rule 2's input: where an old page path leads now, when `path` is one. */
async function oldPathOf(lookup: RedirectLookup, path: string) {
  const place = await placeOf(lookup, path);
  if (!place || place.pagePath === '' || place.pages.byPath.has(place.pagePath)) return null;
  const target = await pathRedirectTarget(
    place.pagePath,
    (paths) => lookup.ctx.repos.spacePathRedirects.findByPaths(place.siteSpace.spaceId, paths),
    place.pages,
  );
  return target && { siteSpaceId: place.siteSpace.id, target };
}

/**
 * The site's redirects that may answer `path`, with the pending one in place of what it
 * changes, and only those whose destination the caller may be told about.
 */
async function siteRedirectsOf(lookup: RedirectLookup, path: string): Promise<SiteRedirectRecord[]> {
  const candidates = candidateSources(path);
  const stored = await lookup.ctx.repos.siteRedirects.findBySources(lookup.site.id, false, candidates);
  const { pending } = lookup;
  const all = pending
    ? [
        ...stored.filter((redirect) => redirect.id !== pending.id && redirect.source !== pending.source),
        ...(candidates.includes(pending.source) ? [pending] : []),
      ]
    : stored;
  return all.filter((redirect) =>
    isDestinationShown(lookup.ctx, lookup.site, lookup.shown, redirect.destination),
  );
}

/** Whether a page of the site is at `path` (a site space's root included). */
async function isPageAt(lookup: RedirectLookup, path: string): Promise<boolean> {
  const place = await placeOf(lookup, path);
  return place !== null && (place.pagePath === '' || place.pages.byPath.has(place.pagePath));
}

/** Rules 1 to 4 for `path`, the URL the answer sends to, and the next link (rule 5), or null. */
export async function redirectHop(
  lookup: RedirectLookup,
  path: string,
): Promise<RedirectHop<RedirectAnswer> | null> {
  const siteRedirects = await siteRedirectsOf(lookup, path);
  // Rule 1 answers before rule 2 is asked: the old paths are read only when it does not.
  const exact = siteRedirects.some((redirect) => redirect.source === path && !redirect.draft);
  const answer = redirectAnswer({
    source: path,
    siteRedirects,
    oldPath: exact ? null : await oldPathOf(lookup, path),
  });
  if (!answer) return null;
  const { ctx, site, shareKey } = lookup;
  if (answer.by === 'old-path') {
    const destination = {
      kind: 'site-page' as const,
      siteSpaceId: answer.siteSpaceId,
      pageId: answer.target.pageId,
    };
    // A page's current path: a live page, the end of any chain.
    const target = await destinationUrl(ctx, site, destination, { rest: '', shareKey });
    return { answer, target, next: null };
  }
  const { redirect } = answer;
  const rest = redirect.captureWildcard ? capturedRest(redirect.source, path) : '';
  const target = await destinationUrl(ctx, site, redirect.destination, { rest, shareKey });
  const inSite = sitePathOf(sitePublishedBase(ctx.urls, site), target);
  const next = inSite !== null && !(await isPageAt(lookup, inSite)) ? inSite : null;
  return { answer, target, next };
}
