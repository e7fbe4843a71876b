/**
 * How each area of the domain is stored: its repositories and their indexes, in the domain's
 * order. The one place persistence enumerates areas; `createRepositories` and
 * `repositoryIndexes` are derived from it, and a test fails when a domain area that declares
 * repositories has no entry here, or an entry builds other repositories than it declares.
 */
import type { DomainAreaKey } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { auditIndexes, auditRepositories } from './repositories/audit';
import { commentsIndexes, commentsRepositories } from './repositories/comments';
import { contentIndexes, contentRepositories } from './repositories/content';
import { gitSyncIndexes, gitSyncRepositories } from './repositories/git-sync';
import { identityIndexes, identityRepositories } from './repositories/identity';
import { insightsIndexes, insightsRepositories } from './repositories/insights';
import { jobsIndexes, jobsRepositories } from './repositories/jobs';
import { openApiIndexes, openApiRepositories } from './repositories/openapi';
import {
  organizationDeletionIndexes,
  organizationDeletionRepositories,
} from './repositories/organization-deletion';
import { organizationsIndexes, organizationsRepositories } from './repositories/organizations';
import { publishingIndexes, publishingRepositories } from './repositories/publishing';
import { redirectsIndexes, redirectsRepositories } from './repositories/redirects';
import { translationsIndexes, translationsRepositories } from './repositories/translations';
import { webhooksIndexes, webhooksRepositories } from './repositories/webhooks';

export interface PersistenceArea {
  /** The domain area whose repositories these are. */
  key: DomainAreaKey;
  indexes: readonly CollectionIndexes[];
  repositories: (db: StoreDatabase) => object;
}

export const persistenceAreas = [
  { key: 'identity', indexes: identityIndexes, repositories: identityRepositories },
  { key: 'organizations', indexes: organizationsIndexes, repositories: organizationsRepositories },
  { key: 'audit', indexes: auditIndexes, repositories: auditRepositories },
  { key: 'jobs', indexes: jobsIndexes, repositories: jobsRepositories },
  { key: 'openapi', indexes: openApiIndexes, repositories: openApiRepositories },
  { key: 'content', indexes: contentIndexes, repositories: contentRepositories },
  { key: 'comments', indexes: commentsIndexes, repositories: commentsRepositories },
  { key: 'publishing', indexes: publishingIndexes, repositories: publishingRepositories },
  { key: 'redirects', indexes: redirectsIndexes, repositories: redirectsRepositories },
  { key: 'insights', indexes: insightsIndexes, repositories: insightsRepositories },
  { key: 'translations', indexes: translationsIndexes, repositories: translationsRepositories },
  { key: 'git-sync', indexes: gitSyncIndexes, repositories: gitSyncRepositories },
  { key: 'webhooks', indexes: webhooksIndexes, repositories: webhooksRepositories },
  {
    key: 'organization-deletion',
    indexes: organizationDeletionIndexes,
    repositories: organizationDeletionRepositories,
  },
] as const satisfies readonly PersistenceArea[];
