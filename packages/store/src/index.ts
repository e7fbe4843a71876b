/**
 * The store contract: the subset of MongoDB's collection API that Quire's repositories use
 * (the official driver's `Collection` satisfies it, checked by a type test), index
 * declarations created at startup on either engine, and the MongoDB engine itself.
 */

export type {
  AttachedDocument,
  AttachedDocumentSource,
  AttachedWriteOptions,
  WithAttachedWrite,
} from './attached-write';
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
export { mongoClientOptions } from './mongodb/client-options';
export {
  type ChangeStream,
  type ChangeStreamInsertDocument,
  type Collection,
  GridFSBucket,
  type GridFSFile,
  MongoClient,
  type MongoDatabase,
  MongoServerError,
  mongoDatabaseOf,
} from './mongodb-database';
export {
  describeMongoAuthorizationFailure,
  MONGODB_CONNECT_TIMEOUT_MS,
  MONGODB_MINIMUM_VERSION,
  MONGODB_SERVER_SELECTION_TIMEOUT_MS,
  MongoConnectionError,
  MongoSetupError,
  type MongoStoreOptions,
  mongoDatabaseNameFor,
  mongoHostsOf,
  openMongoStore,
} from './mongodb-store';
export {
  isStoreUnavailableError,
  STORE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  StoreUnavailableError,
  storeUnavailableOf,
} from './store-unavailable-error';
