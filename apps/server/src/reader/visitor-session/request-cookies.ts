/**
 * Cookies of a request, read from its `Cookie` header without a library: names and values as
 * sent (values percent-decoded when they were encoded), the first of a name first (browsers send
 * the cookie of the longest matching path first), bounded so a header of thousands of cookies
 * costs no more than its length.
 */

export interface RequestCookie {
  name: string;
  value: string;
}

/** Far above what a browser sends (4 KB a cookie, ~180 cookies a domain). */
const MAX_COOKIES = 200;

export function requestCookies(header: string | undefined): RequestCookie[] {
  if (!header) return [];
  const cookies: RequestCookie[] = [];
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    if (name === '') continue;
    cookies.push({ name, value: decoded(pair.slice(separator + 1).trim()) });
    if (cookies.length >= MAX_COOKIES) break;
  }
  return cookies;
}

/** The first cookie of that name (the most specific path's), or undefined. */
export const cookieNamed = (cookies: readonly RequestCookie[], name: string): string | undefined =>
  cookies.find((cookie) => cookie.name === name)?.value;

function decoded(value: string): string {
  const unquoted =
    value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!unquoted.includes('%')) return unquoted;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}
