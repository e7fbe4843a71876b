/**
 * Values read once and kept (a `BoundedCache` of them), with one read per key at a time: a
 * caller asking while the value is being read shares that read.
 *
 * What is kept is the value, never the read's promise. A promise holds the async context it
 * was made in (Node keeps each `AsyncLocalStorage`'s store on it): kept, the promise of a read
 * kept the request that made it (its audit context and, through it, the services that served
 * it) for as long as the value stayed. In one server that was a few requests' contexts; in a
 * process that runs several servers one after the other (the test suite), every server whose
 * reads were kept stayed in memory, 2 GB of heap by the end of a test worker.
 */
import { BoundedCache, type CacheBounds } from './bounded-cache';

export class LoadedValues<Key, Value> {
  private readonly kept: BoundedCache<Key, Value>;
  private readonly reading = new Map<Key, Promise<Value>>();

  constructor(bounds: number | CacheBounds<Value>) {
    this.kept = new BoundedCache(bounds);
  }

  /**
   * The value of `key`: the kept one, else the one being read, else `read()`'s, which is kept
   * once it is read. A failed read is not kept: the next caller reads again.
   */
  get(key: Key, read: () => Promise<Value>): Promise<Value> {
    const kept = this.kept.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    let pending = this.reading.get(key);
    if (pending === undefined) {
      pending = read().then(
        (value) => {
          this.reading.delete(key);
          this.kept.set(key, value);
          return value;
        },
        (error: unknown) => {
          this.reading.delete(key);
          throw error;
        },
      );
      this.reading.set(key, pending);
    }
    return pending;
  }

  /** The value kept for `key`, if it was read (its recency untouched). */
  peek(key: Key): Value | undefined {
    return this.kept.peek(key);
  }

  /** Keeps `value` for `key`, known without a read. */
  set(key: Key, value: Value): void {
    this.kept.set(key, value);
  }
}
