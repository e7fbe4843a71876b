/**
 * The in-memory budgets of the request path count as rate-limiter-flexible's memory limiter
 * did: a window starts with a key's first point, points past the budget still count, a key
 * whose window is over starts again whole, and windows that are over are dropped.
 */
import { describe, expect, it } from 'vitest';
import { MemoryBudget } from '../../src/http/memory-budget';

function budgetAt(points: number, windowSeconds: number) {
  let now = 1_000_000;
  const budget = new MemoryBudget(points, windowSeconds, () => now);
  return {
    budget,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('a memory budget', () => {
  it('counts the points of a key in the window its first point started', () => {
    const { budget, advance } = budgetAt(3, 60);
    expect(budget.peek('a')).toBeUndefined();
    expect(budget.take('a')).toEqual({ consumed: 1, msBeforeReset: 60_000 });
    advance(10_000);
    expect(budget.take('a')).toEqual({ consumed: 2, msBeforeReset: 50_000 });
    expect(budget.peek('a')).toEqual({ consumed: 2, msBeforeReset: 50_000 });
    expect(budget.take('b')).toEqual({ consumed: 1, msBeforeReset: 60_000 });
  });

  it('keeps counting past the budget, and starts whole once the window is over', () => {
    const { budget, advance } = budgetAt(2, 60);
    for (let i = 0; i < 4; i++) budget.take('a');
    expect(budget.peek('a')?.consumed).toBe(4);
    advance(60_000);
    expect(budget.peek('a')).toBeUndefined();
    expect(budget.take('a')).toEqual({ consumed: 1, msBeforeReset: 60_000 });
  });

  it('drops the keys whose window is over', () => {
    const { budget, advance } = budgetAt(5, 1);
    for (let i = 0; i < 100; i++) budget.take(`address-${i}`);
    expect(budget.size).toBe(100);
    advance(1_000);
    budget.take('late');
    expect(budget.size).toBe(1);
  });
});
