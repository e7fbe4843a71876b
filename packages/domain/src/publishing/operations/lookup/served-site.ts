/**
 * The site a published URL is served from, and the part of the path that is the site's own:
 *
 * 1. Quire's own address (`<app>/~sites/<organization>/<basename or id>/`): the
 *    organization's site of that basename, else of that id;
 * 2. another host: the custom hostname's target, when a live one names the host
 *    (`resolveCustomHostname`): a site, the whole path its own; an organization, the first
 *    segment naming its site (by basename, else id), no proxy on that host served at all;
 *    else a site whose proxy (`example.com/docs`) is that host and a prefix of the path (the
 *    longest wins), of the organization that holds the host's claim (rule 5 of
 *    `proxy-host-claims.ts`: another organization's proxies on it are never served; a host
 *    with no claim, whose proxies were stored before claims existed, serves them all).
 *
 * Nothing else is a site: a URL on Quire's app origin outside `~sites`, or a host no site
 * is served at, finds none.
 */
import type { OperationContext } from '../../../core/context';
import { resolveCustomHostname } from '../../custom-hostnames/resolve-custom-hostname';
import { type PublishedUrl, pathOf, proxyParts, siteAddressOf } from '../../published-url';
import type { SiteRecord } from '../../records';
import { siteAtStamp } from '../../site-record-cache';

export interface ServedSite {
  site: SiteRecord;
  /** `/~sites/<organization>/<site>/`, `/docs/` (a proxy's path), or `/` (a custom hostname). */
  siteBasePath: string;
  /** The path's segments after the site's own. */
  rest: string[];
}

export async function siteServedAt(ctx: OperationContext, url: PublishedUrl): Promise<ServedSite | null> {
  const address = siteAddressOf(url, ctx.urls);
  if (address.kind === 'none') return null;
  if (address.kind === 'quire') {
    const site = await organizationSiteNamed(ctx, address.organizationId, address.siteName);
    return site ? { site, siteBasePath: address.siteBasePath, rest: address.rest } : null;
  }
  const hosted = await resolveCustomHostname(ctx, address.hostname);
  if (hosted?.type === 'site') return { site: hosted.site, siteBasePath: '/', rest: address.segments };
  if (hosted?.type === 'organization') {
    const [siteName, ...rest] = address.segments;
    if (siteName === undefined) return null;
    const site = await organizationSiteNamed(ctx, hosted.organizationId, siteName);
    return site ? { site, siteBasePath: pathOf([siteName]), rest } : null;
  }
  const stamps = await ctx.repos.sites.stampsByProxyHost(address.hostname);
  if (stamps.length === 0) return null;
  const claim = await ctx.repos.proxyHosts.find(address.hostname);
  const proxied = stamps
    .filter((stamp) => claim === null || stamp.organizationId === claim.organizationId)
    .map((stamp) => ({ stamp, segments: proxyParts(stamp.proxy ?? '').segments }))
    .filter(
      ({ segments }) =>
        segments.length > 0 && segments.every((segment, i) => address.segments[i] === segment),
    )
    .sort((a, b) => b.segments.length - a.segments.length)[0];
  const proxiedSite = proxied && (await siteAtStamp(ctx.repos, proxied.stamp));
  // A site changed since its stamp was read is served only where it still is.
  if (proxied && proxiedSite && proxiedSite.proxy === proxied.stamp.proxy) {
    return {
      site: proxiedSite,
      siteBasePath: pathOf(proxied.segments),
      rest: address.segments.slice(proxied.segments.length),
    };
  }
  return null;
}

/**
 * The organization's site of that basename, else of that id: its stamp read, its record kept
 * by version (`site-record-cache.ts`), so a lookup copies no site out of the store.
 */
async function organizationSiteNamed(
  ctx: OperationContext,
  organizationId: string,
  name: string,
): Promise<SiteRecord | undefined> {
  const stamp = await ctx.repos.sites.stampByName(organizationId, name);
  const site = stamp && (await siteAtStamp(ctx.repos, stamp));
  // A site changed since its stamp was read is served only where it still is.
  const stillThere =
    site && site.organizationId === organizationId && (site.basename === name || site.id === name);
  return stillThere ? site : undefined;
}
