export { loadOrCreateSigningKey } from './instance/signing-key';
export { createRepositories, repositoryIndexes } from './repositories';
export type {
  Document,
  DuplicateKeyErrorShape,
  Filter,
  Sort,
  Store,
  StoreCollection,
  StoreCountOptions,
  StoreCreateIndexOptions,
  StoreCursor,
  StoreDatabase,
  StoreDeleteResult,
  StoreFindOneAndDeleteOptions,
  StoreFindOneAndUpdateOptions,
  StoreFindOptions,
  StoreInsertManyResult,
  StoreInsertOneResult,
  StoreUpdateOptions,
  StoreUpdateResult,
  UpdateFilter,
  WithId,
} from './store/collection';
export { isDuplicateKeyError } from './store/collection';
export { openEmbeddedStore } from './store/embedded-store';
export type { CollectionIndexes, IndexDeclaration, IndexFieldPath } from './store/indexes';
export { defaultIndexName, defineIndexes, ensureIndexes } from './store/indexes';
export type { MongoStoreOptions } from './store/mongodb-store';
export { openMongoStore } from './store/mongodb-store';
export type { StoreConfig } from './store/open-store';
export { openStore } from './store/open-store';
export { isStoreUnavailableError, StoreUnavailableError } from './store/store-unavailable-error';
