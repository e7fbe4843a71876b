/**
 * The URL a published-content lookup is asked about (`POST /v1/urls/published`), checked and
 * split into where a site can be. A site is served at one of three places (`site-urls.ts`
 * builds the same ones):
 *
 * 1. Quire's own address: `<sites or app>/~sites/<organization>/<basename or site id>/...`,
 *    on the sites' base (`QUIRE_SITES_URL`) or the app's, under its path;
 * 2. a custom hostname: `https://<hostname>/...`, the whole path the site's;
 * 3. a proxy: `https://<domain>/<path>/...`, the site under that sub-path of the domain.
 *
 * What is refused before any site is read (a 400 naming `url`): anything but an absolute
 * `http:`/`https:` URL, credentials in it, and a path whose segments, raw or
 * percent-decoded, are `.` or `..` or hold a slash, a backslash or a control character (a
 * URL parser would fold `a/../b` into `b`, so the raw text is checked, not the parsed one).
 * A share key comes as `?share=<key>`, or as the path's first segment after the site's own,
 * as published URLs carry it (which the lookup tells from a page's path: `withShareKeySegment`).
 */
import type { PublicUrls } from '../core/context';
import { deepFreeze } from './site-record-cache';

export interface PublishedUrl {
  /** `https://docs.example.com` (scheme, host and port as given, lower-cased by the parser). */
  origin: string;
  /** The host without port, lower-case, without a trailing dot. */
  hostname: string;
  /** The path's segments, percent-decoded, empty ones left out. */
  segments: string[];
  /** The `share` query parameter, when there is one. */
  shareKey?: string;
}

export type ParsedPublishedUrl = { ok: true; url: PublishedUrl } | { ok: false; problem: string };

const SCHEME_AND_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The longest share key read: far above any real one. */
const MAX_SHARE_KEY_LENGTH = 256;

/** Why one raw segment of a path may not be a site's path segment; undefined when it may. */
function segmentProblem(raw: string): string | undefined {
  if (raw.includes('\\')) return 'a backslash in the path';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return 'a malformed percent-encoding in the path';
  }
  if (decoded === '.' || decoded === '..') return 'a "." or ".." segment in the path';
  if (decoded.includes('/') || decoded.includes('\\')) return 'an encoded separator in the path';
  if (CONTROL.test(decoded)) return 'a control character in the path';
  return undefined;
}

export function parsePublishedUrl(raw: string): ParsedPublishedUrl {
  const authority = SCHEME_AND_AUTHORITY.exec(raw);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { ok: false, problem: 'not an absolute URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, problem: 'only http: and https: URLs are published' };
  if (!authority) return { ok: false, problem: 'not an absolute URL' };
  if (parsed.username !== '' || parsed.password !== '')
    return { ok: false, problem: 'credentials in the URL' };
  const rawPath = raw.slice(authority[0].length).split(/[?#]/, 1)[0] ?? '';
  const rawSegments = rawPath.split('/').filter((segment) => segment !== '');
  for (const segment of rawSegments) {
    const problem = segmentProblem(segment);
    if (problem !== undefined) return { ok: false, problem };
  }
  const share = parsed.searchParams.get('share');
  if (share !== null && (share === '' || share.length > MAX_SHARE_KEY_LENGTH || CONTROL.test(share)))
    return { ok: false, problem: 'a malformed share key' };
  return {
    ok: true,
    url: {
      origin: parsed.origin,
      hostname: parsed.hostname.replace(/\.$/, ''),
      segments: rawSegments.map((segment) => decodeURIComponent(segment)),
      ...(share === null ? {} : { shareKey: share }),
    },
  };
}

/** Where the URL points among Quire's own site addresses, or at another host. */
export type SiteAddress =
  | {
      kind: 'quire';
      organizationId: string;
      /** The site's basename or id. */
      siteName: string;
      /** `/~sites/<organization>/<site>/` (with the app's own path before it). */
      siteBasePath: string;
      /** The segments after the site's. */
      rest: string[];
    }
  | { kind: 'host'; hostname: string; segments: string[] }
  /** On Quire's app origin but not under `~sites/<organization>/<site>`: no site is there. */
  | { kind: 'none' };

/**
 * Where the URL points: Quire's own site addresses are on the sites' base (`urls.sites`,
 * `QUIRE_SITES_URL`) when one is configured, else the app's, as `quireSiteBase` builds them;
 * the app's are read too when they differ (addresses made before the sites' base was set).
 */
export function siteAddressOf(url: PublishedUrl, urls: PublicUrls): SiteAddress {
  // A frozen URL is a kept parse (the URL lookup's): its address is kept with it, frozen too.
  if (!Object.isFrozen(url)) return addressOf(url, urls);
  const kept = addressByUrl.get(url);
  if (kept?.urls === urls) return kept.address;
  const address = deepFreeze(addressOf(url, urls));
  addressByUrl.set(url, { urls, address });
  return address;
}

const addressByUrl = new WeakMap<PublishedUrl, { urls: PublicUrls; address: SiteAddress }>();

function addressOf(url: PublishedUrl, urls: PublicUrls): SiteAddress {
  const onSites = urls.sites === undefined ? undefined : quireAddressOn(url, urls.sites);
  if (onSites !== undefined) return onSites;
  return quireAddressOn(url, urls.app) ?? { kind: 'host', hostname: url.hostname, segments: url.segments };
}

/** The address under `base` (its origin and path), or undefined on another origin. */
function quireAddressOn(url: PublishedUrl, base: string): SiteAddress | undefined {
  const { origin, prefix } = sitesBaseOf(base);
  if (url.origin !== origin) return undefined;
  const matches = prefix.every((segment, i) => url.segments[i] === segment);
  const organizationId = url.segments[prefix.length];
  const siteName = url.segments[prefix.length + 1];
  if (!matches || organizationId === undefined || siteName === undefined) return { kind: 'none' };
  return {
    kind: 'quire',
    organizationId,
    siteName,
    siteBasePath: pathOf([...prefix, organizationId, siteName]),
    rest: url.segments.slice(prefix.length + 2),
  };
}

/** A base's origin and its sites' path prefix (`<path>/~sites`), by its text: the configured bases are few. */
const sitesBases = new Map<string, { origin: string; prefix: readonly string[] }>();
const MAX_SITES_BASES = 64;

function sitesBaseOf(base: string): { origin: string; prefix: readonly string[] } {
  let parsed = sitesBases.get(base);
  if (parsed === undefined) {
    const app = new URL(base);
    const appSegments = app.pathname.split('/').filter((segment) => segment !== '');
    parsed = { origin: app.origin, prefix: Object.freeze([...appSegments, '~sites']) };
    if (sitesBases.size >= MAX_SITES_BASES) sitesBases.clear();
    sitesBases.set(base, parsed);
  }
  return parsed;
}

/** `/a/b/` for `['a', 'b']`, `/` for none: GitBook's base paths, with both slashes. */
export const pathOf = (segments: readonly string[]): string =>
  segments.length === 0 ? '/' : `/${segments.map(encodeURIComponent).join('/')}/`;

/** The segments of a proxy (`example.com/docs/v2` -> host `example.com`, `['docs', 'v2']`). */
export function proxyParts(proxy: string): { hostname: string; segments: string[] } {
  const [hostname = '', ...segments] = proxy.split('/');
  return { hostname: hostname.toLowerCase(), segments: segments.filter((segment) => segment !== '') };
}
