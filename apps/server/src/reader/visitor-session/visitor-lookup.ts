/**
 * What a reader's request proves about its visitor, as the URL lookup takes it
 * (`POST /v1/urls/published`'s input: the URL, the visitor token, the unsigned claims,
 * `redirectOnError`), and the cookies that keep it for the next pages. Nothing here decides
 * who may read what: the lookup does (`visitSite`, the visitor rules in one place); this
 * only reads credentials from where browsers and GitBook's conventions put them:
 *
 * - a visitor token: `jwt_token` in the query, else Quire's visitor-token cookie (kept after a
 *   `jwt_token` that let the visitor in), else GitBook's `gitbook-visitor-token` cookie (set by
 *   a site's own login on the same domain; read, never written);
 * - a share key: `?share=` or GitBook's path form (`/<key>/...`, read by the lookup from the
 *   URL itself), kept in a cookie once it let the visitor in; else the key of that cookie,
 *   added as `?share=` to the URL the lookup reads, unless the URL has the key as a segment;
 * - unsigned claims: `visitor.*` parameters and `gitbook-visitor-public*` cookies.
 *
 * The cookies are HttpOnly, SameSite=Lax, Secure on https, and scoped to the site's own path
 * (`siteBasePath`), which they also hold, so a refusal clears them where they were set.
 * A token from a cookie that no longer verifies sends the visitor to the site's fallback URL
 * again (`redirectOnError`), to sign in anew; a refused `jwt_token` in the URL is a 404.
 */
import { operations } from '@quire/domain';
import { cookieNamed, type RequestCookie, requestCookies } from './request-cookies';
import {
  type Claims,
  claimsCookieHolds,
  UNSIGNED_CLAIMS_COOKIE,
  unsignedClaimsOf,
  VISITOR_PARAM_PREFIX,
} from './unsigned-claims';

/** Quire's cookie of a share key that let a visitor in (`{"path":…,"value":…}`). */
export const SHARE_KEY_COOKIE = 'quire-share-key';
/** Quire's cookie of a visitor token that let a visitor in (`{"path":…,"value":…}`). */
export const VISITOR_TOKEN_COOKIE = 'quire-visitor-token';
/** GitBook's cookie of a visitor token set by a site's own login: read, never written. */
export const GITBOOK_VISITOR_TOKEN_COOKIE = 'gitbook-visitor-token';
const JWT_PARAM = 'jwt_token';

const SHARE_KEY_MAX_AGE = 30 * 24 * 60 * 60;
const TOKEN_DEFAULT_MAX_AGE = 7 * 24 * 60 * 60;
const TOKEN_MIN_MAX_AGE = 60;

/** The input of `urls.published` for a request. */
export interface LookupInput {
  url: string;
  redirectOnError: boolean;
  visitor?: { jwtToken?: string; unsignedClaims?: Claims };
}

export interface VisitorLookup {
  /** What to run `urls.published` with. */
  input: LookupInput;
  /** Where the credentials came from: what to keep after the lookup, or clear. */
  sources: {
    token?: 'query' | 'cookie' | 'gitbook-cookie';
    share?: 'query' | 'cookie';
    /** The path the cookies read were scoped to. */
    cookiePaths: string[];
    /** The share key its cookie holds for this path, used or not: a key already kept is not set again. */
    keptShareKey?: string;
    /** Claims of `visitor.*` parameters not yet in their cookie. */
    claimsToKeep?: Claims;
  };
  /** The request came over https: cookies are Secure. */
  secure: boolean;
}

/** The parts of a request read here (a Fastify request has them). */
export interface VisitorRequest {
  headers: { cookie?: string | undefined };
  protocol: string;
}

/** What an answer of the lookup says about the visit (its content answer, or null when refused). */
export interface LookupOutcome {
  siteBasePath: string;
  shareKey?: string | undefined;
}

interface KeptCookie {
  path: string;
  value: string;
}

/**
 * The lookup's input for `pageUrl` (absolute: the address the visitor asked for, as the site
 * sees it) and the request's cookies.
 */
export function visitorLookupInput(request: VisitorRequest, pageUrl: URL): VisitorLookup {
  const cookies = requestCookies(request.headers.cookie);
  const url = new URL(pageUrl);
  const cookiePaths: string[] = [];
  const sources: VisitorLookup['sources'] = { cookiePaths };

  let jwtToken = url.searchParams.get(JWT_PARAM) ?? undefined;
  if (jwtToken !== undefined) sources.token = 'query';
  else {
    const kept = keptCookie(cookies, VISITOR_TOKEN_COOKIE, url.pathname);
    if (kept) {
      jwtToken = kept.value;
      sources.token = 'cookie';
      cookiePaths.push(kept.path);
    } else {
      jwtToken = cookieNamed(cookies, GITBOOK_VISITOR_TOKEN_COOKIE);
      if (jwtToken !== undefined) sources.token = 'gitbook-cookie';
    }
  }
  if (jwtToken === '') jwtToken = undefined;

  const keptShare = keptCookie(cookies, SHARE_KEY_COOKIE, url.pathname);
  if (keptShare) sources.keptShareKey = keptShare.value;
  if (url.searchParams.has('share')) sources.share = 'query';
  else {
    const kept = keptShare;
    // A URL with the key as a segment (GitBook's form) carries it already.
    if (kept && !url.pathname.split('/').includes(encodeURIComponent(kept.value))) {
      url.searchParams.set('share', kept.value);
      sources.share = 'cookie';
      cookiePaths.push(kept.path);
    }
  }

  const claims = unsignedClaimsOf(cookies, url.searchParams);
  if (Object.keys(claims.fromParams).length > 0 && !claimsCookieHolds(cookies, claims.fromParams))
    sources.claimsToKeep = claims.fromParams;
  url.searchParams.delete(JWT_PARAM);
  for (const name of [...url.searchParams.keys()])
    if (name.startsWith(VISITOR_PARAM_PREFIX)) url.searchParams.delete(name);

  const visitor = {
    ...(jwtToken === undefined ? {} : { jwtToken }),
    ...(Object.keys(claims.all).length === 0 ? {} : { unsignedClaims: claims.all }),
  };
  const input = takenByLookup({
    url: url.toString(),
    redirectOnError: sources.token === 'cookie',
    ...(Object.keys(visitor).length === 0 ? {} : { visitor }),
  });
  return { input, sources, secure: request.protocol === 'https' };
}

/**
 * The `Set-Cookie` values after the lookup: a share key (`?share=` or the path form) or a
 * visitor token from the URL that
 * let the visitor in is kept at the site's path, claims of `visitor.*` parameters too; a
 * kept credential the lookup refused (`outcome` null: not found, or sent to the fallback URL)
 * is cleared.
 */
export function visitorCookies(lookup: VisitorLookup, outcome: LookupOutcome | null): string[] {
  const { sources, secure } = lookup;
  if (outcome === null) {
    const cleared: string[] = [];
    if (sources.token === 'cookie')
      cleared.push(...sources.cookiePaths.map((path) => clearCookie(VISITOR_TOKEN_COOKIE, path, secure)));
    if (sources.share === 'cookie')
      cleared.push(...sources.cookiePaths.map((path) => clearCookie(SHARE_KEY_COOKIE, path, secure)));
    return [...new Set(cleared)];
  }
  const path = cookiePathOf(outcome);
  const set: string[] = [];
  const token = lookup.input.visitor?.jwtToken;
  if (sources.token === 'query' && token !== undefined)
    set.push(keepCookie(VISITOR_TOKEN_COOKIE, { path, value: token }, tokenMaxAge(token), secure));
  // A key that came in the URL (`?share=`, or GitBook's path form, which the lookup read): kept.
  if (
    sources.share !== 'cookie' &&
    outcome.shareKey !== undefined &&
    outcome.shareKey !== sources.keptShareKey
  )
    set.push(keepCookie(SHARE_KEY_COOKIE, { path, value: outcome.shareKey }, SHARE_KEY_MAX_AGE, secure));
  if (sources.claimsToKeep !== undefined)
    set.push(
      `${UNSIGNED_CLAIMS_COOKIE}=${encodeURIComponent(JSON.stringify(sources.claimsToKeep))}; ${attributes(path, undefined, secure)}`,
    );
  return set;
}

/**
 * The input as the lookup's own schema takes it: unsigned claims it would refuse (too deep,
 * too many) are left out rather than failing every page of the visit, then a token it would
 * refuse (too long); a URL it refuses is left for the lookup to answer (400).
 */
function takenByLookup(input: LookupInput): LookupInput {
  const schema = operations.urls.published.input;
  if (schema.safeParse(input).success || input.visitor === undefined) return input;
  const { unsignedClaims: _dropped, ...visitor } = input.visitor;
  const withoutClaims: LookupInput = {
    url: input.url,
    redirectOnError: input.redirectOnError,
    ...(Object.keys(visitor).length === 0 ? {} : { visitor }),
  };
  if (schema.safeParse(withoutClaims).success) return withoutClaims;
  return { url: input.url, redirectOnError: input.redirectOnError };
}

/** The site's path without a share key segment (GitBook's form puts the key in `siteBasePath`). */
function cookiePathOf(outcome: LookupOutcome): string {
  const { siteBasePath, shareKey } = outcome;
  const keySegment = shareKey === undefined ? undefined : `${encodeURIComponent(shareKey)}/`;
  return keySegment !== undefined && siteBasePath.endsWith(`/${keySegment}`)
    ? siteBasePath.slice(0, -keySegment.length)
    : siteBasePath;
}

/** The first cookie of `name` whose recorded path is a prefix of `pathname` (the most specific first). */
function keptCookie(
  cookies: readonly RequestCookie[],
  name: string,
  pathname: string,
): KeptCookie | undefined {
  for (const cookie of cookies) {
    if (cookie.name !== name || cookie.value.length > 9000) continue;
    try {
      const kept = JSON.parse(cookie.value) as Partial<KeptCookie>;
      if (
        typeof kept.path === 'string' &&
        typeof kept.value === 'string' &&
        kept.value !== '' &&
        pathname.startsWith(kept.path)
      )
        return { path: kept.path, value: kept.value };
    } catch {
      // not ours: skipped
    }
  }
  return undefined;
}

const attributes = (path: string, maxAge: number | undefined, secure: boolean): string =>
  `Path=${cookiePathText(path)}${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const keepCookie = (name: string, kept: KeptCookie, maxAge: number, secure: boolean): string =>
  `${name}=${encodeURIComponent(JSON.stringify(kept))}; ${attributes(kept.path, maxAge, secure)}`;

const clearCookie = (name: string, path: string, secure: boolean): string =>
  `${name}=; ${attributes(path, 0, secure)}`;

/** A cookie's path as an attribute: no `;`, control character or space can end it early. */
const cookiePathText = (path: string): string => path.replace(/[^\x21-\x3a\x3c-\x7e]/g, encodeURIComponent);

/** As long as the token lives (its `exp`, read unverified: the lookup verified it), at least a minute. */
function tokenMaxAge(token: string): number {
  const payload = token.split('.')[1];
  if (payload === undefined) return TOKEN_DEFAULT_MAX_AGE;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return TOKEN_DEFAULT_MAX_AGE;
    return Math.max(Math.floor(exp - Date.now() / 1000), TOKEN_MIN_MAX_AGE);
  } catch {
    return TOKEN_DEFAULT_MAX_AGE;
  }
}
