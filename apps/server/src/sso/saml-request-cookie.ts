/**
 * The browser that started a SAML sign-in: `/start` gives it a cookie holding the AuthnRequest's
 * id, and the ACS accepts the answer to that request only from a browser holding it. Without
 * it, someone could start a sign-in, get the identity provider's response for their own account,
 * and have another person's browser post it (login CSRF: the victim then works in the attacker's
 * account). The identity provider's post is cross-site, which only a `SameSite=None` cookie
 * follows, and browsers keep those only when `Secure`: the binding holds when the public URL is
 * https, and is skipped over plain http (documented in docs/sso.md).
 */
const COOKIE = 'quire_saml_request';
/** As long as a request is kept (`SAML_REQUEST_LIFETIME_MS`). */
const MAX_AGE_SECONDS = 600;

/** The cookie for a request sent through this provider, sent back only to its ACS. */
export const samlRequestSetCookie = (providerId: string, requestId: string): string =>
  `${COOKIE}=${requestId}; Path=/saml/${providerId}/acs; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=None`;

export const samlRequestClearCookie = (providerId: string): string =>
  `${COOKIE}=; Path=/saml/${providerId}/acs; Max-Age=0; HttpOnly; Secure; SameSite=None`;

/** The request id the browser holds, if any. */
export function samlRequestCookieIn(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator >= 0 && pair.slice(0, separator).trim() === COOKIE) return pair.slice(separator + 1).trim();
  }
  return undefined;
}
