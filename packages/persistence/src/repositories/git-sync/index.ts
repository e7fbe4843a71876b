/** The Git Sync area's repositories and their indexes. */
import type { GitSyncRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoGitSyncRepository, gitSyncIndexes as settingsIndexes } from './git-sync-repository';

export const gitSyncIndexes: CollectionIndexes[] = [...settingsIndexes];

export const gitSyncRepositories = (db: StoreDatabase): GitSyncRepositories => ({
  gitSync: new MongoGitSyncRepository(db),
});
