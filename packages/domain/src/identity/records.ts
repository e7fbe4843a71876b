/** What the repositories store for users and their API tokens. */

export interface UserRecord {
  id: string;
  displayName: string;
  /** Lower case; unique across the instance. */
  email: string;
  photoURL?: string;
  /** Instance administrators manage users and tokens through `quire` and `/admin`. */
  isInstanceAdmin: boolean;
  createdAt: string;
}

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
