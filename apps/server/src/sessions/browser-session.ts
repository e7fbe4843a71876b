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
  /** What opened the session besides a password or a mailed link: a provider, an API token. */
  opened: Pick<SessionRecord, 'openedThrough' | 'openedWithToken'> = {},
): Promise<SessionRecord> {
  const { cookieValue, session } = await startSession(services, {
    userId,
    userAgent: browser.userAgent,
    address: browser.address,
    ...opened,
  });
  browser.giveSession(cookieValue);
  return session;
}
