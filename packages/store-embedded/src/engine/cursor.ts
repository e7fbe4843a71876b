/**
 * The result of `find`: nothing runs until `toArray`, which evaluates the query at that
 * moment (and answers once what it read is durable, see `journal-writer.ts`). Like the
 * driver's cursor it can be consumed once; a second `toArray` yields [].
 *
 * `map` gives the evaluation a transform, which it applies to the documents as the engine
 * keeps them (read only, see `StoreCursor.map`) in place of private copies.
 */
import type { StoreCursor } from '@quire/store';

/** Evaluates the query; with a transform, answers it applied to each read-only document. */
export type CursorEvaluation<T> = <U>(transform?: (doc: T) => U) => Promise<Array<U | T>>;

export class EmbeddedCursor<T, R = T> implements StoreCursor<R> {
  #evaluate: CursorEvaluation<T> | undefined;
  readonly #transform: ((doc: T) => R) | undefined;

  constructor(evaluate: CursorEvaluation<T>, transform?: (doc: T) => R) {
    this.#evaluate = evaluate;
    this.#transform = transform;
  }

  map<U>(transform: (doc: R) => U): EmbeddedCursor<T, U> {
    const evaluate = this.#evaluate;
    this.#evaluate = undefined;
    const inner = this.#transform;
    const composed =
      inner === undefined ? (transform as unknown as (doc: T) => U) : (doc: T) => transform(inner(doc));
    return new EmbeddedCursor<T, U>(evaluate ?? (() => Promise.resolve([])), composed);
  }

  toArray(): Promise<R[]> {
    const evaluate = this.#evaluate;
    this.#evaluate = undefined;
    if (evaluate === undefined) return Promise.resolve([]);
    return evaluate(this.#transform) as Promise<R[]>;
  }
}
