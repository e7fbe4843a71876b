/**
 * A journal that keeps batches in memory: the engine runs without a disk (tests, or a
 * throwaway store), and tests can read what was journaled, replay it as recovery would,
 * or make it fail.
 */
import { StoreUnavailableError } from '@quire/store';
import { JournalClosedError } from '../durability/errors';
import type { DatabaseState, Journal, JournalOp } from '../journal-types';

export class MemoryJournal implements Journal {
  /** Every committed batch, in commit order. */
  readonly batches: JournalOp[][] = [];
  #failure: Error | undefined;
  #closed = false;

  commit(ops: JournalOp[], undo?: () => void): Promise<void> {
    const refusal = this.#closed ? new JournalClosedError() : this.#failure;
    if (refusal !== undefined) {
      // Nothing is ever in flight here, so this batch is the latest: undoing it alone keeps the order.
      undo?.();
      return Promise.reject(refusal);
    }
    this.batches.push([...ops]);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.#closed = true;
    return Promise.resolve();
  }

  /** Makes every later commit refuse with `error`, like a journal whose disk is full; `heal` ends it. */
  fail(error: Error = new StoreUnavailableError('storage unavailable: simulated failure')): void {
    this.#failure = error;
  }

  heal(): void {
    this.#failure = undefined;
  }

  /** The state recovery would rebuild: `initial` (not modified) with every committed batch replayed. */
  recover(initial: DatabaseState = new Map()): DatabaseState {
    const state: DatabaseState = new Map(
      [...initial].map(([name, collection]) => [
        name,
        { docs: new Map(collection.docs), indexes: [...collection.indexes] },
      ]),
    );
    const collection = (name: string) => {
      let found = state.get(name);
      if (found === undefined) {
        found = { docs: new Map(), indexes: [] };
        state.set(name, found);
      }
      return found;
    };
    for (const op of this.batches.flat()) {
      switch (op.op) {
        case 'put':
          collection(op.c).docs.set(op.id, op.doc);
          break;
        case 'del':
          state.get(op.c)?.docs.delete(op.id);
          break;
        case 'createIndex': {
          const { indexes } = collection(op.c);
          const position = indexes.findIndex((index) => index.name === op.index.name);
          if (position < 0) indexes.push(op.index);
          else indexes[position] = op.index;
          break;
        }
        case 'dropCollection':
          state.delete(op.c);
          break;
      }
    }
    return state;
  }
}
