/** What the repositories store for users, their API tokens and their web app sessions. */

export interface UserRecord {
  id: string;
  displayName: string;
  /** Lower case; unique across the instance. */
  email: string;
  photoURL?: string;
  /** Instance administrators manage users and tokens through `quire` and `/admin`. */
  isInstanceAdmin: boolean;
  /** Mail for review requests and mentions; absent means on (the default). */
  emailNotifications?: boolean;
  createdAt: string;
}

/** The fields of a user that may be removed (`UserRepository.update`'s `unset`). */
export type OptionalUserField = 'photoURL' | 'emailNotifications';

export interface ApiTokenRecord {
  id: string;
  userId: string;
  /** A label chosen when the token was issued. */
  name: string;
  /** Hex SHA-256 of the token; the token itself is shown once and never stored. */
  tokenHash: string;
  /** The first characters of the token (its recognizable prefix included), to tell tokens apart. */
  preview: string;
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

/**
 * A signed-in browser of the web app. The cookie carries `<id>.<secret>`; only the secret's
 * hash is stored, as for API tokens. Revoking a session deletes it.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  /** Hex SHA-256 of the cookie's secret; sessions are looked up by it. */
  secretHash: string;
  /**
   * What the web app sends as `x-quire-csrf` with every cookie-authenticated request that
   * changes something. Random, shown to the signed-in app, stored in clear: it proves the
   * request came from a page that could read it, it is not a password.
   */
  csrfToken: string;
  createdAt: string;
  /** Updated at most once a minute, with `expiresAt`. */
  lastSeenAt: string;
  /** Idle expiry: moved forward each time `lastSeenAt` is. */
  expiresAt: string;
  /** The browser's `User-Agent` when it signed in, to tell sessions apart in the settings. */
  userAgent?: string;
  /** The client's address when it signed in. */
  address: string;
  /**
   * The organization's identity provider that signed the person in, when one did (SAML or
   * OpenID Connect): the session reaches only the organizations trusting its authority, and
   * an organization holding its people to single sign-on is reached only by a session one of
   * its trusted authorities opened (`policies/session-reach.ts`).
   */
  openedThrough?: { organizationId: string; authority: string };
  /**
   * The API token the session was opened with (the sign-in page's "API token" tab), when one
   * was: the session stands for that token, so it ends when the token is revoked
   * (`authenticateSession`) and makes no token of its own (`policies/token-issuing.ts`).
   */
  openedWithToken?: string;
}
