/**
 * A map that keeps at most `maxEntries` entries and, when a `weigh` is given, at most
 * `maxWeight` of their total weight, dropping the least recently used first (the most recent
 * entry always stays, however heavy). Recency is kept the "second chance" way: a read only
 * marks its entry, and eviction, going from the oldest, moves a marked entry to the newest
 * end (unmarked) instead of dropping it. A read is then one map lookup: moving the entry at
 * every read (a delete and a set) was 3% of the CPU of a published-URL lookup, which reads
 * four of these caches. For values derived from content-addressed or immutable
 * data (a body's links, a revision's search index): such a value is never stale, so the
 * cache needs no invalidation, only a bound on memory.
 */
export interface CacheBounds<Value> {
  maxEntries: number;
  /** Total weight kept at most; unbounded without `weigh`. */
  maxWeight?: number;
  /** An entry's weight, read when it is set (set it again when its weight changed). */
  weigh?: (value: Value) => number;
}

export class BoundedCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; weight: number; read: boolean }>();
  private readonly bounds: CacheBounds<Value>;
  private totalWeight = 0;

  constructor(bounds: number | CacheBounds<Value>) {
    this.bounds = typeof bounds === 'number' ? { maxEntries: bounds } : bounds;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key`, now the most recently used. */
  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.read = true;
    return entry.value;
  }

  /** The value kept for `key`, its recency untouched. */
  peek(key: Key): Value | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: Key): boolean {
    return this.entries.has(key);
  }

  set(key: Key, value: Value): void {
    this.delete(key);
    const weight = this.bounds.weigh?.(value) ?? 0;
    this.entries.set(key, { value, weight, read: false });
    this.totalWeight += weight;
    this.evict(key);
  }

  delete(key: Key): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /**
   * Drops entries from the oldest until the bounds hold, never `added` (the entry just set).
   * A marked entry is moved to the newest end, unmarked: a Map's iteration reaches it again
   * after every older one, so each entry is passed over at most once and the loop ends.
   */
  private evict(added: Key): void {
    const maxWeight = this.bounds.maxWeight ?? Number.POSITIVE_INFINITY;
    for (const [key, entry] of this.entries) {
      const over = this.entries.size > this.bounds.maxEntries || this.totalWeight > maxWeight;
      if (!over || this.entries.size === 1) return;
      if (key === added) continue;
      if (entry.read) {
        entry.read = false;
        this.entries.delete(key);
        this.entries.set(key, entry);
      } else {
        this.delete(key);
      }
    }
  }
}
