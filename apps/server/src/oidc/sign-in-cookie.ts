/**
 * The cookie that binds a started sign-in to the browser that started it,
 * `quire_oidc=<state>`: the callback is accepted only from a browser holding the state it
 * presents. Without it, someone could start a sign-in with their own account and have
 * another person's browser open the callback (login CSRF), signing that person in as them.
 * HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET, which Lax
 * cookies go with), Path=/oidc/, gone after the sign-in window. One sign-in at a time per
 * browser: a second start replaces the first one's cookie.
 */
export const SIGN_IN_COOKIE = 'quire_oidc';

const attributes = (secure: boolean, maxAgeSeconds: number) =>
  `Path=/oidc/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const signInSetCookie = (state: string, secure: boolean, maxAgeSeconds: number): string =>
  `${SIGN_IN_COOKIE}=${state}; ${attributes(secure, maxAgeSeconds)}`;

export const signInClearCookie = (secure: boolean): string => `${SIGN_IN_COOKIE}=; ${attributes(secure, 0)}`;

/** The state the browser's cookie holds, if any. */
export function signInCookieIn(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator >= 0 && pair.slice(0, separator).trim() === SIGN_IN_COOKIE)
      return pair.slice(separator + 1).trim();
  }
  return undefined;
}
