/** The embedded engine's in-memory core: MongoDB semantics over JSON documents held in memory. */
export { compareBson } from './bson-order';
export { EmbeddedCursor } from './cursor';
export type { DocumentId } from './document-id';
export {
  EmbeddedCollection,
  type EmbeddedInsertManyResult,
} from './embedded-collection';
export { EmbeddedDatabase, type EmbeddedDatabaseOptions } from './embedded-database';
export {
  DuplicateKeyError,
  EmbeddedServerError,
  InvalidArgumentError,
  UnsupportedValueError,
} from './errors';
export { MemoryJournal } from './memory-journal';
export { generateObjectId } from './object-id';
export type { QueryStats } from './query-executor';
