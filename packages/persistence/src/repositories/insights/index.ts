/** The insights area's repositories and their indexes. */
import type { InsightsRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoSiteInsightsRepository, siteInsightsIndexes } from './site-insights-repository';

export const insightsIndexes: CollectionIndexes[] = [...siteInsightsIndexes];

export const insightsRepositories = (db: StoreDatabase): InsightsRepositories => ({
  siteInsights: new MongoSiteInsightsRepository(db),
});
