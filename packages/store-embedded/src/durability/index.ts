/** The embedded engine's durability layer: journal with group commit, snapshots, recovery, lock. */
export type {
  CollectionState,
  DatabaseState,
  IndexDefinition,
  Journal,
  JournalOp,
  OpenedStorage,
  SnapshotSource,
} from '../journal-types';
export type { CompactionStats } from './compaction';
export { CorruptStoreError, JournalClosedError, StoreLockedError } from './errors';
export {
  FaultInjectingFs,
  type InjectedFault,
  type PausedCall,
  type StorageOperation,
} from './fault-injecting-fs';
export type { GroupCommitStats } from './group-commit';
export {
  DEFAULT_COMPACT_AFTER_BYTES,
  type DurableStorage,
  type OpenStorageOptions,
  openStorage,
  type StorageStats,
} from './open-storage';
export type { RecoveryReport } from './recovery';
export { nodeStorageFs, type StorageFs } from './storage-fs';
