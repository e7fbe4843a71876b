/**
 * Persistence: every repository of the domain, written once against the store contract
 * (`@quire/store`), the choice of engine (`openStore`), and the repairs a store needs after
 * an unclean shutdown.
 */

export { type PersistenceArea, persistenceAreas } from './areas';
export {
  type BlobCollectionOptions,
  type BlobCollectionReport,
  collectUnreferencedBlobs,
  DEFAULT_BLOB_GRACE_MS,
  DigestSet,
  lastBlobCollectionAt,
  markReferencedBlobs,
  recordBlobCollection,
  StoreNotListableError,
} from './blob-collection';
export {
  type ByteRange,
  DirectoryBlobStore,
  GridFsBlobStore,
  openStoredBlobs,
  type StoredBlobs,
} from './blobs';
export {
  type EventBus,
  type EventBusHealth,
  type EventBusProblem,
  type EventListener,
  type EventLog,
  type EventLogFollow,
  type EventLogHandlers,
  InProcessEventBus,
  MongoEventLog,
  type OpenedEventBus,
  openEventBus,
  SharedLogEventBus,
} from './events';
export { loadOrCreateSigningKey } from './instance/signing-key';
export { DirectoryJobFiles, GridFsJobFiles, openJobFiles } from './job-files';
export type { MaintenanceLog, StartupRepair } from './maintenance/reconcile-after-unclean-shutdown';
export {
  openSessionAndRepair,
  repairAfterUncleanShutdown,
} from './maintenance/reconcile-after-unclean-shutdown';
export type { CounterCorrection, RecountReport } from './maintenance/recount-organization-counters';
export { recountOrganizationCounters } from './maintenance/recount-organization-counters';
export type { StoreSession, StoreSessionDocument } from './maintenance/store-sessions';
export { openStoreSession, SESSION_EXPIRES_MS, SESSION_RENEW_MS } from './maintenance/store-sessions';
export { DataDirectoryError, openStore, type StoreConfig } from './open-store';
export { createRepositories, repositoryIndexes } from './repositories';
export { auditTrailOver } from './repositories/audit';
export { HOSTNAME_CLAIM_STALE_MS } from './repositories/organizations/hostname-claims';
