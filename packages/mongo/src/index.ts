export {
  FaultInjectingFs,
  type InjectedFault,
  type PausedCall,
  type StorageOperation,
} from './embedded/durability/fault-injecting-fs';
export { loadOrCreateSigningKey } from './instance/signing-key';
export type { MaintenanceLog, StartupRepair } from './maintenance/reconcile-after-unclean-shutdown';
export {
  openSessionAndRepair,
  repairAfterUncleanShutdown,
} from './maintenance/reconcile-after-unclean-shutdown';
export type { CounterCorrection, RecountReport } from './maintenance/recount-organization-counters';
export { recountOrganizationCounters } from './maintenance/recount-organization-counters';
export type { StoreSession, StoreSessionDocument } from './maintenance/store-sessions';
export { openStoreSession, SESSION_EXPIRES_MS, SESSION_RENEW_MS } from './maintenance/store-sessions';
export { createRepositories, repositoryIndexes } from './repositories';
export { HOSTNAME_CLAIM_STALE_MS } from './repositories/hostname-claims';
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
export { type EmbeddedStoreOptions, openEmbeddedStore } from './store/embedded-store';
export type { CollectionIndexes, IndexDeclaration, IndexFieldPath } from './store/indexes';
export { defaultIndexName, defineIndexes, ensureIndexes } from './store/indexes';
export type { MongoStoreOptions } from './store/mongodb-store';
export {
  MONGODB_CONNECT_TIMEOUT_MS,
  MongoConnectionError,
  mongoHostsOf,
  openMongoStore,
} from './store/mongodb-store';
export type { StoreConfig } from './store/open-store';
export { DataDirectoryError, openStore } from './store/open-store';
export { isStoreUnavailableError, StoreUnavailableError } from './store/store-unavailable-error';
