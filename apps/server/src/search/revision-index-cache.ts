/**
 * Indexes kept by revision in the core's `BoundedCache`, within two bounds: a number of
 * revisions and a total weight (the sections indexed), so one huge space cannot hold the
 * memory of hundreds of small ones and many small ones do not crowd out each other.
 *
 * What is kept is the build's promise: callers asking for a revision being built share that
 * build. Its weight counts once it is built; a failed build is dropped, so the next caller
 * tries again.
 */
import { BoundedCache } from '@quire/domain';

export interface CacheBounds {
  /** Revisions kept at most. */
  maxEntries: number;
  /** Total weight kept at most (an entry heavier than this alone is still kept, alone). */
  maxWeight: number;
}

interface Build<T> {
  value: Promise<T>;
  /** Known once built; 0 while building. */
  weight: number;
}

export class RevisionIndexCache<T> {
  private readonly builds: BoundedCache<string, Build<T>>;

  constructor(
    bounds: CacheBounds,
    private readonly weigh: (value: T) => number,
  ) {
    this.builds = new BoundedCache({ ...bounds, weigh: (build) => build.weight });
  }

  /** Revisions kept (or being built). */
  get size(): number {
    return this.builds.size;
  }

  has(key: string): boolean {
    return this.builds.has(key);
  }

  /** Drops what is kept for `key` (a build under way finishes for those waiting on it). */
  delete(key: string): void {
    this.builds.delete(key);
  }

  /** The value kept for `key`, else `build()`'s, kept from now on. */
  get(key: string, build: () => Promise<T>): Promise<T> {
    const known = this.builds.get(key);
    if (known) return known.value;
    const entry: Build<T> = { value: build(), weight: 0 };
    this.builds.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.builds.peek(key) !== entry) return;
        entry.weight = this.weigh(value);
        // Set again: its weight now counts.
        this.builds.set(key, entry);
      },
      () => {
        if (this.builds.peek(key) === entry) this.builds.delete(key);
      },
    );
    return entry.value;
  }
}
