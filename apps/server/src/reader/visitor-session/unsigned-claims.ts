/**
 * A visitor's unsigned claims as GitBook's renderer reads them: the JSON objects of the
 * `gitbook-visitor-public*` cookies (merged in the order sent), then every `visitor.<path>`
 * query parameter set at its dotted path, its value read as `true`, `false`, `null`, a number,
 * a JSON object or array, else the text itself. Nobody signed them: conditions see them only as
 * `visitor.claims.unsigned.*` (the lookup's rule, `site-visitor.ts`), and the lookup's own
 * bounds decide whether they are taken at all (`visitorLookupInput`).
 *
 * Parsing is bounded here only so that a request cannot make it work hard: at most 50
 * parameters, paths of 5 names, 4 KB a cookie; keys naming the prototype chain are skipped.
 */
import { cookieNamed, type RequestCookie } from './request-cookies';

export const UNSIGNED_CLAIMS_COOKIE_PREFIX = 'gitbook-visitor-public';
/** The cookie the claims of `visitor.*` parameters are kept in (GitBook's name). */
export const UNSIGNED_CLAIMS_COOKIE = UNSIGNED_CLAIMS_COOKIE_PREFIX;
export const VISITOR_PARAM_PREFIX = 'visitor.';

const MAX_PARAMS = 50;
const MAX_PATH = 5;
const MAX_COOKIE_TEXT = 4096;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type Claims = Record<string, unknown>;

export interface UnsignedClaimsRead {
  /** From the cookies and the parameters (the parameters last: they win). */
  all: Claims;
  /** From the `visitor.*` parameters only: what a cookie keeps for the next pages. */
  fromParams: Claims;
}

export function unsignedClaimsOf(
  cookies: readonly RequestCookie[],
  query: URLSearchParams,
): UnsignedClaimsRead {
  const all: Claims = {};
  for (const cookie of cookies) {
    if (!cookie.name.startsWith(UNSIGNED_CLAIMS_COOKIE_PREFIX) || cookie.value.length > MAX_COOKIE_TEXT)
      continue;
    const parsed = jsonObject(cookie.value);
    if (parsed) mergeInto(all, parsed);
  }
  const fromParams: Claims = {};
  let count = 0;
  for (const [name, text] of query) {
    if (!name.startsWith(VISITOR_PARAM_PREFIX)) continue;
    if (++count > MAX_PARAMS) break;
    const path = name.slice(VISITOR_PARAM_PREFIX.length).split('.');
    if (path.length > MAX_PATH || path.some((key) => key === '' || PROTOTYPE_KEYS.has(key))) continue;
    const value = paramValue(text);
    setAt(all, path, value);
    setAt(fromParams, path, value);
  }
  return { all, fromParams };
}

/** Whether the unsigned-claims cookie already holds these claims (then it is not set again). */
export const claimsCookieHolds = (cookies: readonly RequestCookie[], claims: Claims): boolean =>
  cookieNamed(cookies, UNSIGNED_CLAIMS_COOKIE) === JSON.stringify(claims);

function paramValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) return parsed;
    } catch {
      // not JSON: the text itself
    }
  }
  return text;
}

function jsonObject(text: string): Claims | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Claims)
      : null;
  } catch {
    return null;
  }
}

function mergeInto(target: Claims, source: Claims): void {
  for (const [key, value] of Object.entries(source)) {
    if (!PROTOTYPE_KEYS.has(key)) target[key] = value;
  }
}

function setAt(target: Claims, path: readonly string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(current, key) ? current[key] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) current[key] = {};
    current = current[key] as Claims;
  }
  current[path[path.length - 1] as string] = value;
}
