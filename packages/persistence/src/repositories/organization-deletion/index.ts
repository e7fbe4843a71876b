/** The organization-deletion area's repository (the purge of a deleted organization's data). */
import type { OrganizationDeletionRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoOrganizationDataRepository, organizationDataIndexes } from './organization-data-repository';

export const organizationDeletionIndexes: CollectionIndexes[] = [...organizationDataIndexes];

export const organizationDeletionRepositories = (db: StoreDatabase): OrganizationDeletionRepositories => ({
  organizationData: new MongoOrganizationDataRepository(db),
});
