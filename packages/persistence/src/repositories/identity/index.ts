/** The identity area's repositories and their indexes. */
import type { IdentityRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { apiTokenIndexes, MongoApiTokenRepository } from './api-token-repository';
import { MongoPasswordResetRepository, passwordResetIndexes } from './password-reset-repository';
import { MongoSessionRepository, sessionIndexes } from './session-repository';
import { MongoUserRepository, userIndexes } from './user-repository';

export const identityIndexes: CollectionIndexes[] = [
  ...userIndexes,
  ...apiTokenIndexes,
  ...sessionIndexes,
  ...passwordResetIndexes,
];

export const identityRepositories = (db: StoreDatabase): IdentityRepositories => ({
  users: new MongoUserRepository(db),
  apiTokens: new MongoApiTokenRepository(db),
  sessions: new MongoSessionRepository(db),
  passwordResets: new MongoPasswordResetRepository(db),
});
