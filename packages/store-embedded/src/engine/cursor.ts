/**
 * The result of `find`: nothing runs until `toArray`, which evaluates the query at that
 * moment (and answers once what it read is durable, see `journal-writer.ts`). Like the
 * driver's cursor it can be consumed once; a second `toArray` yields [].
 */
import type { StoreCursor } from '@quire/store';

export class EmbeddedCursor<T> implements StoreCursor<T> {
  #evaluate: (() => Promise<T[]>) | undefined;

  constructor(evaluate: () => Promise<T[]>) {
    this.#evaluate = evaluate;
  }

  toArray(): Promise<T[]> {
    const evaluate = this.#evaluate;
    this.#evaluate = undefined;
    if (evaluate === undefined) return Promise.resolve([]);
    return evaluate();
  }
}
