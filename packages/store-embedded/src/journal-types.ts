/**
 * The seam between the embedded engine's in-memory collections (`./engine/`) and its
 * durability layer (`./durability/`).
 *
 * The engine applies a write in memory (checking unique indexes first, so a refused write
 * changes nothing), turns its effect into a batch of redo operations holding the resulting
 * documents (post-images, never the update operators, so replay is deterministic), and
 * acknowledges the write only when `Journal.commit` resolves, that is after the batch is
 * on disk and fsynced. A batch is atomic on recovery: a torn batch is dropped whole.
 *
 * A batch the journal cannot make durable is refused, and with it every batch committed
 * after it that is not yet durable (each may depend on the ones before). Before rejecting
 * them the journal cuts their bytes off the file and calls their `undo`, last batch first,
 * in one synchronous step: so memory is back to what is durable before any caller hears
 * of the refusal, and no later write can be built on a refused one.
 */

/** An index as declared with `createIndex`. `key` keeps the declared field order. */
export interface IndexDefinition {
  name: string;
  key: Array<[field: string, direction: 1 | -1]>;
  unique: boolean;
}

export type JournalOp =
  /** Insert or replace a whole document; `doc` is its JSON text, `_id` included. */
  | { op: 'put'; c: string; id: string; doc: string }
  | { op: 'del'; c: string; id: string }
  | { op: 'createIndex'; c: string; index: IndexDefinition }
  | { op: 'dropCollection'; c: string };

/** What recovery hands to the engine: every collection's documents (as JSON text) and indexes. */
export interface CollectionState {
  docs: Map<string, string>;
  indexes: IndexDefinition[];
}
export type DatabaseState = Map<string, CollectionState>;

export interface Journal {
  /**
   * Appends one atomic batch and resolves once it is fsynced. Concurrent calls share one
   * write and one fsync (group commit). If the batch cannot be made durable, `undo` is
   * called (see above) and the promise rejects with a `StoreUnavailableError`; the journal
   * then tries to resume with each later commit.
   */
  commit(ops: JournalOp[], undo?: () => void): Promise<void>;
  close(): Promise<void>;
}

export interface OpenedStorage {
  state: DatabaseState;
  journal: Journal;
}

/**
 * Compaction needs the current state; the engine lends it through this callback. It must
 * return a consistent copy taken synchronously (JavaScript's single thread makes that
 * point-in-time), so the journal can rotate at the same instant.
 */
export type SnapshotSource = () => DatabaseState;
