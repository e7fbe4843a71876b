/**
 * A PDF page's include budget: the bounds a page read has (200 inclusions, 1,000,000
 * characters of included markdown), counted per page.
 */
import { describe, expect, it } from 'vitest';
import { IncludeBudget, MAX_INCLUDED_CHARS, MAX_INCLUSIONS } from '../../src/pdf/include-budget';

describe('IncludeBudget', () => {
  it('takes 200 inclusions, then refuses before reading the next one', () => {
    const budget = new IncludeBudget();
    for (let i = 0; i < MAX_INCLUSIONS; i++) expect(budget.take(10)).toBeUndefined();
    expect(budget.spent()).toBe('more than 200 inclusions');
    expect(budget.take(10)).toBe('more than 200 inclusions');
  });

  it('refuses an inclusion past 1,000,000 characters, and still takes one that fits', () => {
    const budget = new IncludeBudget();
    expect(budget.take(MAX_INCLUDED_CHARS - 100)).toBeUndefined();
    expect(budget.take(101)).toBe('more than 1000000 characters included');
    expect(budget.spent()).toBeUndefined();
    expect(budget.take(100)).toBeUndefined();
  });
});
