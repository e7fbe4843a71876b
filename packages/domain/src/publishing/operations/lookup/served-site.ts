/**
 * The site a published URL is served from, and the part of the path that is the site's own:
 *
 * 1. Quire's own address (`<app>/~sites/<organization>/<basename or id>/`): the
 *    organization's site of that basename, else of that id;
 * 2. another host: a site whose proxy (`example.com/docs`) is that host and a prefix of the
 *    path (the longest wins); else the custom hostname's target (`resolveCustomHostname`): a
 *    site, the whole path its own; an organization, the first segment naming its site (by
 *    basename, else id).
 *
 * Nothing else is a site: a URL on Quire's app origin outside `~sites`, or a host no site
 * is served at, finds none.
 */
import type { OperationContext } from '../../../core/context';
import { resolveCustomHostname } from '../../custom-hostnames/resolve-custom-hostname';
import { type PublishedUrl, pathOf, proxyParts, siteAddressOf } from '../../published-url';
import type { SiteRecord } from '../../records';

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
  const proxied = (await ctx.repos.sites.findByProxyHost(address.hostname))
    .map((site) => ({ site, segments: proxyParts(site.proxy ?? '').segments }))
    .filter(
      ({ segments }) =>
        segments.length > 0 && segments.every((segment, i) => address.segments[i] === segment),
    )
    .sort((a, b) => b.segments.length - a.segments.length)[0];
  if (proxied) {
    return {
      site: proxied.site,
      siteBasePath: pathOf(proxied.segments),
      rest: address.segments.slice(proxied.segments.length),
    };
  }
  const hosted = await resolveCustomHostname(ctx, address.hostname);
  if (hosted?.type === 'site') return { site: hosted.site, siteBasePath: '/', rest: address.segments };
  if (hosted?.type === 'organization') {
    const [siteName, ...rest] = address.segments;
    if (siteName === undefined) return null;
    const site = await organizationSiteNamed(ctx, hosted.organizationId, siteName);
    return site ? { site, siteBasePath: pathOf([siteName]), rest } : null;
  }
  return null;
}

/** The organization's site of that basename, else of that id. */
async function organizationSiteNamed(
  ctx: OperationContext,
  organizationId: string,
  name: string,
): Promise<SiteRecord | undefined> {
  const sites = await ctx.repos.sites.listAll(organizationId);
  return (
    sites.find((candidate) => candidate.basename === name) ?? sites.find((candidate) => candidate.id === name)
  );
}
