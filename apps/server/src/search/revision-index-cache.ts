/**
 * Indexes kept by revision, least recently used out first, within two bounds: a number of
 * revisions and a total weight (the sections indexed), so one huge space cannot hold the
 * memory of hundreds of small ones and many small ones do not crowd out each other.
 *
 * What is kept is the build's promise: callers asking for a revision being built share that
 * build. A failed build is dropped, so the next caller tries again.
 */
export interface CacheBounds {
  /** Revisions kept at most. */
  maxEntries: number;
  /** Total weight kept at most (an entry heavier than this alone is still kept, alone). */
  maxWeight: number;
}

interface Entry<T> {
  value: Promise<T>;
  /** Known once built; 0 while building. */
  weight: number;
}

export class RevisionIndexCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private totalWeight = 0;

  constructor(
    private readonly bounds: CacheBounds,
    private readonly weigh: (value: T) => number,
  ) {}

  /** Revisions kept (or being built). */
  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value kept for `key`, else `build()`'s, kept from now on. */
  get(key: string, build: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known.value;
    }
    const entry: Entry<T> = { value: build(), weight: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.weight = this.weigh(value);
        this.totalWeight += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.evict();
    return entry.value;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      const over = this.entries.size > this.bounds.maxEntries || this.totalWeight > this.bounds.maxWeight;
      // The most recent entry stays, whatever its weight.
      if (!over || this.entries.size === 1) return;
      this.entries.delete(key);
      this.totalWeight -= entry.weight;
    }
  }
}
