import { describe, expect, it } from 'vitest';
import { compareBson, endOfType, KeyBound, MAX_KEY, MIN_KEY, startOfType } from '../../src/engine/bson-order';
import { decodeEntryId, encodeEntryKey, encodeValues, entryValues } from '../../src/engine/key-encoding';

/** Values of every storable kind, with the edge cases of each encoding. */
const values: unknown[] = [
  null,
  Number.NaN,
  Number.NEGATIVE_INFINITY,
  -1e300,
  -2.5,
  -1,
  -Number.MIN_VALUE,
  0,
  Number.MIN_VALUE,
  1,
  1.5,
  2,
  10,
  2 ** 53,
  1e300,
  Number.POSITIVE_INFINITY,
  '',
  '\u0000',
  '\u0000a',
  '\u0001',
  '\u0002',
  'A',
  'B',
  'a',
  'a\u0000',
  'ab',
  'b',
  '\u00fe',
  '\u00ff',
  '\u0100',
  'é',
  '中文',
  '\uffff',
  // Above U+FFFF, so after it in code point (MongoDB's UTF-8) order, not before as in UTF-16's.
  '\ud83c\udf89',
  {},
  { a: null },
  { a: 1 },
  { a: 1, b: 2 },
  { a: 2 },
  { a: 'x' },
  { b: 1, a: 2 },
  { a: { b: [1] } },
  { a: [] },
  [],
  [null],
  [1],
  [1, 2],
  [2],
  ['a'],
  [[1]],
  [{ a: 1 }],
  false,
  true,
];

const sign = (n: number) => Math.sign(n);
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('order-preserving key encoding', () => {
  it('orders every pair of values as compareBson does, ascending and descending', () => {
    for (const a of values) {
      for (const b of values) {
        const expected = sign(compareBson(a, b));
        expect(
          compareStrings(encodeValues([a], [1]), encodeValues([b], [1])),
          `${String(a)} vs ${String(b)}`,
        ).toBe(expected);
        expect(compareStrings(encodeValues([a], [-1]), encodeValues([b], [-1]))).toBe(
          expected === 0 ? 0 : -expected,
        );
      }
    }
  });

  it('compares concatenated fields field by field, each in its direction', () => {
    const tuples = values.flatMap((a) => ['', 'x', 2].map((b) => [a, b]));
    for (const directions of [
      [1, 1],
      [1, -1],
      [-1, 1],
    ] as Array<Array<1 | -1>>) {
      const byEncoding = [...tuples].sort((x, y) =>
        compareStrings(encodeValues(x, directions), encodeValues(y, directions)),
      );
      const byValues = [...tuples].sort(
        (x, y) => compareBson(x[0], y[0]) * directions[0]! || compareBson(x[1], y[1]) * directions[1]!,
      );
      expect(byEncoding.map((t) => encodeValues(t, [1, 1]))).toEqual(
        byValues.map((t) => encodeValues(t, [1, 1])),
      );
    }
  });

  it('encodes -0 as 0 and equal values identically', () => {
    expect(encodeValues([-0], [1])).toBe(encodeValues([0], [1]));
    expect(encodeValues([{ a: [1, 'x'] }], [1])).toBe(encodeValues([{ a: [1, 'x'] }], [1]));
  });

  it('places type bounds around their type in both directions', () => {
    for (const direction of [1, -1] as const) {
      const at = (value: unknown) => encodeValues([value], [direction]);
      const expectOrder = (lower: unknown, higher: unknown) =>
        expect(compareStrings(at(lower), at(higher))).toBe(direction === 1 ? -1 : 1);
      expectOrder(null, startOfType(0));
      expectOrder(startOfType(0), Number.NEGATIVE_INFINITY);
      expectOrder(Number.POSITIVE_INFINITY, endOfType(0));
      expectOrder(endOfType(0), '');
      expectOrder('\uffff\uffff', endOfType(''));
      expectOrder(endOfType(''), {});
      expectOrder(MIN_KEY, null);
      expectOrder(true, MAX_KEY);
      expectOrder(new KeyBound(8, -1), false);
    }
  });

  it('uses one byte per character, so keys are compact one-byte strings', () => {
    for (const value of values) {
      for (const direction of [1, -1] as const) {
        const encoded = encodeValues([value], [direction]);
        expect([...encoded].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
      }
    }
  });

  it('reads the _id back from an entry key, and the values without it', () => {
    const ids = [
      '',
      'a',
      'd000000123',
      '\u0000\u0001\u00ff\u0100中🎉',
      'x'.repeat(300),
      0,
      -0.5,
      42,
      2 ** 60,
      -1e300,
    ];
    for (const id of ids) {
      const valueCodes = [...encodeValues(['org', 5], [1, -1])].map((char) => char.charCodeAt(0));
      const key = encodeEntryKey(valueCodes, id);
      expect(decodeEntryId(key)).toBe(id);
      expect(entryValues(key)).toBe(encodeValues(['org', 5], [1, -1]));
    }
  });
});
