/**
 * The visitor token of published sites, as GitBook's visitor authentication leaves it in the
 * browser: the `gitbook-visitor-token` cookie (a JWT the site's own login signs). Read here,
 * unverified; the published view verifies it against the site asked for.
 */

export const VISITOR_TOKEN_COOKIE = 'gitbook-visitor-token';

/** The cookie's value in a `Cookie` header (the first one, as browsers send the most specific first). */
export function visitorTokenCookieIn(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== VISITOR_TOKEN_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}
