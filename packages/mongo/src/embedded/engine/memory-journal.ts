/**
 * A journal that keeps batches in memory: the engine runs without a disk (tests, or a
 * throwaway store), and tests can read what was journaled, replay it as recovery would,
 * or make it fail.
 */
import type { DatabaseState, Journal, JournalOp } from '../journal-types';

export class MemoryJournal implements Journal {
  /** Every committed batch, in commit order. */
  readonly batches: JournalOp[][] = [];
  #failure: Error | undefined;
  #closed = false;

  commit(ops: JournalOp[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The journal is closed'));
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    this.batches.push([...ops]);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.#closed = true;
    return Promise.resolve();
  }

  /** Makes every later commit reject with `error`, like a journal whose write or fsync failed. */
  fail(error: Error = new Error('simulated journal failure')): void {
    this.#failure = error;
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
