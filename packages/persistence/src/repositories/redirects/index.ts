/** The redirects area's repositories and their indexes. */
import type { RedirectsRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoSiteRedirectRepository, siteRedirectIndexes } from './site-redirect-repository';

export const redirectsIndexes: CollectionIndexes[] = [...siteRedirectIndexes];

export const redirectsRepositories = (db: StoreDatabase): RedirectsRepositories => ({
  siteRedirects: new MongoSiteRedirectRepository(db),
});
