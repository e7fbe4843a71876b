/**
 * The store contract: the subset of MongoDB's collection API that Quire's repositories use
 * (the official driver's `Collection` satisfies it, checked by a type test), index
 * declarations created at startup on either engine, and the MongoDB engine itself.
 */
export type {
  Document,
  DuplicateKeyErrorShape,
  Filter,
  IndexSpecification,
  LatencyFigures,
  OptionalUnlessRequiredId,
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
  StoreStats,
  StoreUpdateOptions,
  StoreUpdateResult,
  UpdateFilter,
  WithId,
} from './collection';
export { isDuplicateKeyError } from './collection';
export type { CollectionIndexes, IndexDeclaration, IndexFieldPath } from './indexes';
export { defaultIndexName, defineIndexes, ensureIndexes } from './indexes';
export { LatencyHistogram } from './latency-histogram';
export {
  type ChangeStream,
  type ChangeStreamInsertDocument,
  type Collection,
  GridFSBucket,
  type GridFSFile,
  type MongoDatabase,
  mongoDatabaseOf,
} from './mongodb-database';
export {
  MONGODB_CONNECT_TIMEOUT_MS,
  MongoConnectionError,
  type MongoStoreOptions,
  mongoHostsOf,
  openMongoStore,
} from './mongodb-store';
export { isStoreUnavailableError, StoreUnavailableError } from './store-unavailable-error';
