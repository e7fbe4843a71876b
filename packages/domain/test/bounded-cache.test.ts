/** The core's bounded cache: entries and weight bounded, least recently used out first. */
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../src/core/bounded-cache';

describe('BoundedCache', () => {
  it('keeps at most maxEntries, the least recently read going first', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
  });

  it('keeps an entry read since eviction last passed it, and never drops the entry just set', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.get('a');
    cache.get('b');
    cache.get('c');
    // Every older entry was read: each gets its second chance, then the oldest of them goes.
    cache.set('d', 4);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.has(key))).toEqual([false, true, true, true]);
    // 'b' and 'c' lost their mark and now stand after 'd', which was never read: 'd' goes next.
    cache.set('e', 5);
    expect(['b', 'c', 'd', 'e'].map((key) => cache.has(key))).toEqual([true, true, false, true]);
    // Then 'b', unless it is read again.
    cache.get('b');
    cache.set('f', 6);
    expect(['b', 'c', 'e', 'f'].map((key) => cache.has(key))).toEqual([true, false, true, true]);
  });

  it('peek does not count as a use', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(false);
  });

  it('keeps at most maxWeight in all, but always the latest entry', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 10, maxWeight: 5, weigh: (v) => v.length });
    cache.set('a', 'xx');
    cache.set('b', 'xx');
    cache.set('c', 'xx');
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    cache.set('huge', 'x'.repeat(50));
    expect(cache.size).toBe(1);
    expect(cache.peek('huge')).toHaveLength(50);
  });

  it('replacing or deleting an entry gives its weight back', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 10, maxWeight: 4, weigh: (v) => v.length });
    cache.set('a', 'xxxx');
    cache.set('a', 'x');
    cache.set('b', 'xxx');
    expect([cache.has('a'), cache.has('b')]).toEqual([true, true]);
    cache.delete('b');
    cache.set('c', 'xxx');
    expect([cache.has('a'), cache.has('c')]).toEqual([true, true]);
  });
});
