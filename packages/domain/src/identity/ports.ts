import type { PageRequest, Slice } from '../core/paging';
import type { ApiTokenRecord, OptionalUserField, SessionRecord, UserRecord } from './records';

export interface UserRepository {
  /** Raises Conflict when the email is taken; `passwordHash` is stored beside the user. */
  insert(user: UserRecord, passwordHash?: string): Promise<void>;
  findById(id: string): Promise<UserRecord | null>;
  findByIds(ids: readonly string[]): Promise<UserRecord[]>;
  findByEmail(email: string): Promise<UserRecord | null>;
  list(page: PageRequest): Promise<Slice<UserRecord>>;
  count(): Promise<number>;
  /** Sets the fields of `set` and removes those named in `unset`; null when there is no such user. */
  update(
    id: string,
    set: Partial<Omit<UserRecord, 'id' | 'createdAt'>>,
    unset?: ReadonlyArray<OptionalUserField>,
  ): Promise<UserRecord | null>;
  /**
   * The user with this email and their password hash (null when they have none), in one
   * read: signing in costs the same whether the user has a password or not. The hash is
   * kept beside the user, never in `UserRecord`, so no presenter or listing can show it.
   */
  findWithPasswordHash(email: string): Promise<{ user: UserRecord; passwordHash: string | null } | null>;
  /** Sets the user's password hash; false when there is no such user. */
  setPasswordHash(userId: string, passwordHash: string): Promise<boolean>;
}

export interface ApiTokenRepository {
  insert(token: ApiTokenRecord): Promise<void>;
  findById(id: string): Promise<ApiTokenRecord | null>;
  findByHash(tokenHash: string): Promise<ApiTokenRecord | null>;
  /** A user's tokens, revoked ones included, oldest first. */
  listByUser(userId: string, page: PageRequest): Promise<Slice<ApiTokenRecord>>;
  countByUser(userId: string): Promise<number>;
  /** Sets `revokedAt` once; returns the token, or null when it does not exist. */
  revoke(id: string, at: string): Promise<ApiTokenRecord | null>;
  /** Records when the token was last used. */
  touch(id: string, at: string): Promise<void>;
}

export interface SessionRepository {
  insert(session: SessionRecord): Promise<void>;
  findById(id: string): Promise<SessionRecord | null>;
  /** The session whose cookie secret hashes to this, expired or not. */
  findBySecretHash(secretHash: string): Promise<SessionRecord | null>;
  /** A user's sessions not expired at `now`, oldest first. */
  listByUser(userId: string, now: string, page: PageRequest): Promise<Slice<SessionRecord>>;
  countByUser(userId: string, now: string): Promise<number>;
  /** Records activity: the new `lastSeenAt` and the idle expiry it moves. */
  touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void>;
  /** Revokes (deletes) a session; true when there was one. */
  revoke(id: string): Promise<boolean>;
  /** Revokes every session of a user (a new password, say); the number revoked. */
  revokeAllOfUser(userId: string): Promise<number>;
  /** Deletes a user's sessions that expired before `now`: housekeeping when they sign in again. */
  removeExpired(userId: string, now: string): Promise<number>;
}
