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
