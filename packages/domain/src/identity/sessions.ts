/**
 * Sessions of the web app: a browser that signed in holds the cookie `<session id>.<secret>`;
 * the store keeps the secret's SHA-256 (as for API tokens), the user, an idle expiry that
 * slides while the browser is used, and the CSRF token the app sends with its changes.
 */
import type { Caller, DomainServices } from '../core/context';
import { LAST_USED_RESOLUTION_MS } from './api-tokens';
import type { SessionRecord } from './records';

/** A session unused this long expires (each use moves the expiry, at most once a minute). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;

/** Bytes of entropy of the cookie's secret and of the CSRF token. */
const SECRET_BYTES = 32;
const CSRF_TOKEN_BYTES = 24;

/** Longer `User-Agent` headers are cut: the settings show it to tell sessions apart. */
const MAX_USER_AGENT_LENGTH = 256;

/** What a cookie value of ours looks like: an id of ours, a dot, a base64url secret. */
const COOKIE_VALUE = /^([0-9A-Za-z]{1,64})\.([0-9A-Za-z_-]{32,128})$/;

/** Whether a session still signs in at `now`: not past its idle expiry. (Revoked ones are gone.) */
export const isSessionLive = (session: Pick<SessionRecord, 'expiresAt'>, now: Date): boolean =>
  Date.parse(session.expiresAt) > now.getTime();

export interface StartedSession {
  /** The value of the session cookie; shown to the browser once, never stored. */
  cookieValue: string;
  session: SessionRecord;
}

/** A session for a user who just proved who they are (password, API token, joining). */
export async function startSession(
  services: DomainServices,
  input: {
    userId: string;
    userAgent: string | undefined;
    address: string;
    openedThrough?: SessionRecord['openedThrough'];
    openedWithToken?: string;
  },
): Promise<StartedSession> {
  const now = services.clock.now();
  // Housekeeping: a user's expired sessions go when they sign in again.
  await services.repos.sessions.removeExpired(input.userId, now.toISOString());
  const secret = services.secrets.randomToken(SECRET_BYTES);
  const session: SessionRecord = {
    id: services.ids.newId(),
    userId: input.userId,
    secretHash: services.secrets.sha256(secret),
    csrfToken: services.secrets.randomToken(CSRF_TOKEN_BYTES),
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS).toISOString(),
    ...(input.userAgent ? { userAgent: input.userAgent.slice(0, MAX_USER_AGENT_LENGTH) } : {}),
    address: input.address,
    ...(input.openedThrough ? { openedThrough: input.openedThrough } : {}),
    ...(input.openedWithToken ? { openedWithToken: input.openedWithToken } : {}),
  };
  await services.repos.sessions.insert(session);
  return { cookieValue: `${session.id}.${secret}`, session };
}

export interface AuthenticatedSession {
  caller: Caller;
  session: SessionRecord;
}

/**
 * The session a cookie value stands for, and its caller; null for anything else: a value
 * not of our shape, an unknown secret, a secret of another session id, an expired or
 * revoked session, a deleted user. One read of the session (by the secret's hash) and one
 * of the user; activity is written at most once a minute, moving the idle expiry.
 */
export async function authenticateSession(
  services: DomainServices,
  cookieValue: string,
): Promise<AuthenticatedSession | null> {
  const [, id, secret] = COOKIE_VALUE.exec(cookieValue) ?? [];
  if (!id || !secret) return null;
  const found = await services.repos.sessions.findBySecretHash(services.secrets.sha256(secret));
  if (!found || found.id !== id) return null;
  const now = services.clock.now();
  if (!isSessionLive(found, now)) return null;
  const user = await services.repos.users.findById(found.userId);
  if (!user) return null;
  // A session opened with an API token stands for it: revoking the token (a leaked one) ends it.
  if (found.openedWithToken !== undefined) {
    const token = await services.repos.apiTokens.findById(found.openedWithToken);
    if (!token || token.revokedAt) return null;
  }
  let session = found;
  if (!(now.getTime() - Date.parse(found.lastSeenAt) < LAST_USED_RESOLUTION_MS)) {
    session = {
      ...found,
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS).toISOString(),
    };
    // Bookkeeping, as for API tokens: a refused write must not turn a read into a 503. The
    // expiry then moves on a later request.
    await services.repos.sessions
      .touch(session.id, session.lastSeenAt, session.expiresAt)
      .catch(() => undefined);
  }
  return {
    caller: {
      userId: user.id,
      tokenId: session.id,
      sessionId: session.id,
      isInstanceAdmin: user.isInstanceAdmin,
      ...(session.openedThrough ? { openedThrough: session.openedThrough } : {}),
      ...(session.openedWithToken ? { openedWithToken: session.openedWithToken } : {}),
    },
    session,
  };
}
