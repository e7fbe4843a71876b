/**
 * The embedded engine: MongoDB's collection API (`@quire/store`'s contract) in process, over
 * a directory (a journal with group commit, snapshots, a lock), for deployments without a
 * MongoDB server.
 */

export { CorruptStoreError, StoreLockedError } from './durability';
export {
  FaultInjectingFs,
  type InjectedFault,
  type PausedCall,
  type StorageOperation,
} from './durability/fault-injecting-fs';
export { type EmbeddedStoreOptions, openEmbeddedStore } from './embedded-store';
export { EmbeddedDatabase, MemoryJournal } from './engine';
