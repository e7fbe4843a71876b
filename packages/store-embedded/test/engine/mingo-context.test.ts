import { Context } from 'mingo/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileFilter, compileWithMingo } from '../../src/engine/matcher';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mingo queries', () => {
  it('reuse the engine context instead of building one per query', () => {
    const built = vi.spyOn(Context, 'init');
    const merged = vi.spyOn(Context, 'from');
    const query = compileWithMingo({
      'user.email': { $regex: 'ab', $options: 'i' },
      $expr: { $gt: ['$n', 1] },
    });
    expect(query({ user: { email: 'xAB' }, n: 2 })).toBe(true);
    expect(query({ user: { email: 'xAB' }, n: 1 })).toBe(false);
    expect(compileFilter({ tags: { $elemMatch: { $eq: 'b' } } })({ tags: ['a', 'b'] })).toBe(true);
    expect(built).not.toHaveBeenCalled();
    expect(merged).not.toHaveBeenCalled();
  });

  it('keep MongoDB equality of embedded documents (field order matters)', () => {
    expect(compileWithMingo({ meta: { a: 1, b: 2 } })({ meta: { a: 1, b: 2 } })).toBe(true);
    expect(compileWithMingo({ meta: { a: 1, b: 2 } })({ meta: { b: 2, a: 1 } })).toBe(false);
  });
});
