import { describe, expect, it } from 'vitest';
import {
  compareBson,
  EMPTY_ARRAY_SORT_KEY,
  endOfType,
  MAX_KEY,
  MIN_KEY,
  startOfType,
} from '../../src/engine/bson-order';

const sign = (n: number) => Math.sign(n);

describe('BSON comparison order', () => {
  it('orders types: null and missing < numbers < strings < objects < arrays < booleans', () => {
    const ordered = [null, -5, 0, 2.5, 10, '', 'B', 'a', {}, { a: 1 }, [], [1], false, true];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareBson)).toEqual(ordered);
    expect(compareBson(undefined, null)).toBe(0);
    expect(sign(compareBson(undefined, 0))).toBe(-1);
  });

  it('compares numbers numerically, with NaN first and -0 equal to 0', () => {
    expect(sign(compareBson(2, 10))).toBe(-1);
    expect(sign(compareBson(-1, -0.5))).toBe(-1);
    expect(compareBson(-0, 0)).toBe(0);
    expect(sign(compareBson(Number.NaN, Number.NEGATIVE_INFINITY))).toBe(-1);
    expect(compareBson(Number.NaN, Number.NaN)).toBe(0);
  });

  it('compares strings by UTF-16 code unit, so case and accents are not folded', () => {
    expect(sign(compareBson('B', 'a'))).toBe(-1);
    expect(sign(compareBson('a', 'ab'))).toBe(-1);
    expect(sign(compareBson('z', 'é'))).toBe(-1);
  });

  it('compares objects field by field, field order included, a prefix first', () => {
    expect(compareBson({ a: 1, b: 2 }, { a: 1, b: 2 })).toBe(0);
    expect(compareBson({ a: 1, b: 2 }, { b: 2, a: 1 })).not.toBe(0);
    expect(sign(compareBson({ a: 1 }, { a: 1, b: 0 }))).toBe(-1);
    expect(sign(compareBson({ a: 1 }, { a: 2 }))).toBe(-1);
    // The value's type is compared before the field name.
    expect(sign(compareBson({ z: 1 }, { a: 'x' }))).toBe(-1);
  });

  it('compares arrays element by element, a prefix first', () => {
    expect(sign(compareBson([1, 2], [1, 3]))).toBe(-1);
    expect(sign(compareBson([1], [1, 0]))).toBe(-1);
    expect(sign(compareBson([2], [1, 5]))).toBe(1);
  });

  it('places type bounds around every value of their type, and MIN_KEY/MAX_KEY around everything', () => {
    expect(sign(compareBson(startOfType(5), -1e300))).toBe(-1);
    expect(sign(compareBson(startOfType(5), null))).toBe(1);
    expect(sign(compareBson(endOfType(5), 1e300))).toBe(1);
    expect(sign(compareBson(endOfType(5), ''))).toBe(-1);
    expect(sign(compareBson(endOfType('x'), '\uffff\uffff'))).toBe(1);
    expect(sign(compareBson(MIN_KEY, null))).toBe(-1);
    expect(sign(compareBson(MAX_KEY, true))).toBe(1);
    expect(sign(compareBson(EMPTY_ARRAY_SORT_KEY, null))).toBe(-1);
  });
});
