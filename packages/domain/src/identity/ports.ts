import type { PageRequest, Slice } from '../core/paging';
import type { ApiTokenRecord, UserRecord } from './records';

export interface UserRepository {
  /** Raises Conflict when the email is taken. */
  insert(user: UserRecord): Promise<void>;
  findById(id: string): Promise<UserRecord | null>;
  findByIds(ids: readonly string[]): Promise<UserRecord[]>;
  findByEmail(email: string): Promise<UserRecord | null>;
  list(page: PageRequest): Promise<Slice<UserRecord>>;
  count(): Promise<number>;
  update(id: string, set: Partial<Omit<UserRecord, 'id' | 'createdAt'>>): Promise<UserRecord | null>;
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
