/**
 * Where a site lives: in the API (`location`), in the app, and published. The published URL
 * follows the site's settings, the most specific first: a proxy (`https://<proxy>/`), a
 * custom hostname (`https://<hostname>/`), else Quire's own address for published sites
 * (`<sites or app>/~sites/<organization>/<basename or site id>/`). Sections and site spaces add their
 * paths; a share-link site's URLs carry the share key when the caller gave one, as GitBook's
 * do: the first segment after the site's own (`<base><key>/<path>/`). GitBook's renderer
 * drops a URL's query before it looks the URL up, so a `?share=` key never reached Quire
 * through it; the lookup reads the segment (`withShareKeySegment`), and `?share=` still.
 */
import type { PublicUrls } from '../core/context';
import type { SiteRecord } from './records';

export const siteLocation = (urls: PublicUrls, site: Pick<SiteRecord, 'organizationId' | 'id'>): string =>
  `${urls.api}/v1/orgs/${site.organizationId}/sites/${site.id}`;

export const siteAppUrl = (urls: PublicUrls, site: Pick<SiteRecord, 'organizationId' | 'id'>): string =>
  `${urls.app}/o/${site.organizationId}/sites/${site.id}`;

export function sitePublishedBase(
  urls: PublicUrls,
  site: Pick<SiteRecord, 'organizationId' | 'id' | 'basename' | 'hostname' | 'proxy'>,
): string {
  if (site.proxy !== undefined) return `https://${site.proxy}/`;
  if (site.hostname !== undefined) return `https://${site.hostname}/`;
  return quireSiteBase(urls, site);
}

/**
 * Quire's own address of a published site (what a proxy forwards to), on the sites' public
 * origin when one is configured (`QUIRE_SITES_URL`), else the app's.
 */
export const quireSiteBase = (
  urls: PublicUrls,
  site: Pick<SiteRecord, 'organizationId' | 'id' | 'basename'>,
): string => `${urls.sites ?? urls.app}/~sites/${site.organizationId}/${site.basename ?? site.id}/`;

/** A published URL under the site's base, with the share key as its first segment when there is one. */
export function publishedUrl(base: string, paths: readonly string[], shareKey: string | undefined): string {
  const path = [...(shareKey === undefined ? [] : [shareKey]), ...paths]
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/');
  return base + (path === '' ? '' : `${path}/`);
}
