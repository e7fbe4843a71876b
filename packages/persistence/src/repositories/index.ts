/**
 * Every repository of the domain, written once against the store's collection API, so the
 * same code runs on the embedded engine and on MongoDB; grouped as the domain's areas are.
 */
import type { Repositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { contentIndexes, contentRepositories } from './content';
import { gitSyncIndexes, gitSyncRepositories } from './git-sync';
import { identityIndexes, identityRepositories } from './identity';
import { jobsIndexes, jobsRepositories } from './jobs';
import { openApiIndexes, openApiRepositories } from './openapi';
import { organizationsIndexes, organizationsRepositories } from './organizations';
import { publishingIndexes, publishingRepositories } from './publishing';
import { translationsIndexes, translationsRepositories } from './translations';

/** The indexes of every repository, created at startup on either engine by `ensureIndexes`. */
export const repositoryIndexes: CollectionIndexes[] = [
  ...identityIndexes,
  ...organizationsIndexes,
  ...jobsIndexes,
  ...openApiIndexes,
  ...contentIndexes,
  ...publishingIndexes,
  ...translationsIndexes,
  ...gitSyncIndexes,
];

export function createRepositories(db: StoreDatabase): Repositories {
  return {
    ...identityRepositories(db),
    ...organizationsRepositories(db),
    ...jobsRepositories(db),
    ...openApiRepositories(db),
    ...contentRepositories(db),
    ...publishingRepositories(db),
    ...translationsRepositories(db),
    ...gitSyncRepositories(db),
  };
}
