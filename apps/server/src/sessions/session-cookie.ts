/**
 * The web app's session cookie, `quire_session=<session id>.<secret>`: httpOnly (page scripts
 * never read it), SameSite=Lax (other sites' pages do not send it with their POSTs), Path=/,
 * Secure when the server is reached over https. It lives as long as a session stays idle;
 * the server decides expiry, the cookie's Max-Age only lets the browser forget it too.
 */
import { SESSION_IDLE_MS } from '@quire/domain';

export const SESSION_COOKIE = 'quire_session';

const MAX_AGE_SECONDS = Math.floor(SESSION_IDLE_MS / 1000);

/**
 * The session cookie's value in a `Cookie` header, or undefined when the header has none
 * (other cookies of the host are not ours to read). The first one wins, as browsers send the
 * most specific first.
 */
export function sessionCookieIn(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    return pair.slice(separator + 1).trim();
  }
  return undefined;
}

const attributes = (secure: boolean, maxAgeSeconds: number): string =>
  `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The `Set-Cookie` value that gives a browser its session. The value is ours (an id, a dot,
 * base64url), so it needs no encoding.
 */
export const sessionSetCookie = (value: string, secure: boolean): string =>
  `${SESSION_COOKIE}=${value}; ${attributes(secure, MAX_AGE_SECONDS)}`;

/** The `Set-Cookie` value that makes a browser forget its session cookie. */
export const sessionClearCookie = (secure: boolean): string => `${SESSION_COOKIE}=; ${attributes(secure, 0)}`;

/** Whether cookies must be Secure: the server's public URL (`QUIRE_PUBLIC_URL`) is https. */
export const cookiesAreSecure = (publicUrl: string): boolean => publicUrl.startsWith('https:');
