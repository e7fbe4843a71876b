/** The content area's repositories and their indexes. */
import type { ContentRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { collectionIndexes, MongoCollectionRepository } from './collection-repository';
import { contentGrantIndexes, MongoContentGrantRepository } from './content-grant-repository';
import { MongoSpaceRepository, spaceIndexes } from './space-repository';
import { MongoTreeLockRepository } from './tree-lock-repository';

export const contentIndexes: CollectionIndexes[] = [
  ...spaceIndexes,
  ...collectionIndexes,
  ...contentGrantIndexes,
];

export const contentRepositories = (db: StoreDatabase): ContentRepositories => ({
  spaces: new MongoSpaceRepository(db),
  collections: new MongoCollectionRepository(db),
  contentGrants: new MongoContentGrantRepository(db),
  treeLocks: new MongoTreeLockRepository(db),
});
