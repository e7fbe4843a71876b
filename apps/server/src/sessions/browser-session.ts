/**
 * A browser signed in: a new session of the user (the domain's `startSession`, with the
 * browser's user agent and address), its cookie given to the browser. Every way in ends here:
 * a password, a token, an invitation or a reset link, SAML, OpenID Connect.
 */
import { type SessionRecord, startSession } from '@quire/domain';
import type { Services } from '../services';
import type { BrowserExchange } from './browser-exchange';

export async function giveBrowserSession(
  services: Services,
  userId: string,
  browser: BrowserExchange,
  /** The organization's identity provider that signed the person in, if one did. */
  openedThrough?: SessionRecord['openedThrough'],
): Promise<SessionRecord> {
  const { cookieValue, session } = await startSession(services, {
    userId,
    userAgent: browser.userAgent,
    address: browser.address,
    ...(openedThrough ? { openedThrough } : {}),
  });
  browser.giveSession(cookieValue);
  return session;
}
