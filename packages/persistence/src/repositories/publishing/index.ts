/** The publishing area's repositories and their indexes. */
import type { PublishingRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { customHostnameIndexes, MongoCustomHostnameRepository } from './custom-hostname-repository';
import { MongoProxyHostClaimRepository, proxyHostClaimIndexes } from './proxy-host-claim-repository';
import { MongoSiteRepository, siteIndexes } from './site-repository';

export const publishingIndexes: CollectionIndexes[] = [
  ...siteIndexes,
  ...customHostnameIndexes,
  ...proxyHostClaimIndexes,
];

export const publishingRepositories = (db: StoreDatabase): PublishingRepositories => ({
  sites: new MongoSiteRepository(db),
  customHostnames: new MongoCustomHostnameRepository(db),
  proxyHosts: new MongoProxyHostClaimRepository(db),
});
