/**
 * The engine's side of the journal: commits write batches and remembers a failure. Once a
 * commit has failed, memory holds writes the disk may not, so every later write is refused
 * until the store is reopened and recovery rebuilds memory from what is durable.
 */
import type { Journal, JournalOp } from '../journal-types';
import { StoreFailedError } from './errors';

export class JournalWriter {
  readonly #journal: Journal;
  #failure: { cause: unknown } | undefined;

  constructor(journal: Journal) {
    this.#journal = journal;
  }

  get failed(): boolean {
    return this.#failure !== undefined;
  }

  /** Throws a `StoreFailedError` if the journal has failed; every write calls this before anything else. */
  assertWritable(): void {
    if (this.#failure !== undefined) throw new StoreFailedError(this.#failure.cause);
  }

  /** Resolves once `ops` are durable; rejects with the journal's error, which fails the store. */
  async commit(ops: JournalOp[]): Promise<void> {
    if (ops.length === 0) return;
    try {
      await this.#journal.commit(ops);
    } catch (error) {
      this.#failure ??= { cause: error };
      throw error;
    }
  }
}
