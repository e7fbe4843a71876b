/**
 * The result of `find`: nothing runs until `toArray`, which evaluates the query at that
 * moment. Like the driver's cursor it can be consumed once; a second `toArray` yields [].
 */
import type { StoreCursor } from '../../store/collection';

export class EmbeddedCursor<T> implements StoreCursor<T> {
  #evaluate: (() => T[]) | undefined;

  constructor(evaluate: () => T[]) {
    this.#evaluate = evaluate;
  }

  toArray(): Promise<T[]> {
    const evaluate = this.#evaluate;
    this.#evaluate = undefined;
    if (evaluate === undefined) return Promise.resolve([]);
    try {
      return Promise.resolve(evaluate());
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
