import { describe, expect, it } from 'vitest';
import { byteRangeOf, type RangeRequest } from '../../src/files/byte-range';

const CASES: [header: string | undefined, size: number, expected: RangeRequest][] = [
  [undefined, 10, 'ignore'],
  ['bytes=0-0', 10, { start: 0, end: 0 }],
  ['bytes=2-5', 10, { start: 2, end: 5 }],
  ['bytes=2-', 10, { start: 2, end: 9 }],
  ['bytes=9-', 10, { start: 9, end: 9 }],
  ['bytes=2-99', 10, { start: 2, end: 9 }],
  ['bytes=-3', 10, { start: 7, end: 9 }],
  ['bytes=-30', 10, { start: 0, end: 9 }],
  [' bytes=1-2 ', 10, { start: 1, end: 2 }],
  ['bytes=10-', 10, 'unsatisfiable'],
  ['bytes=10-12', 10, 'unsatisfiable'],
  ['bytes=-0', 10, 'unsatisfiable'],
  ['bytes=0-', 0, 'unsatisfiable'],
  ['bytes=-1', 0, 'unsatisfiable'],
  ['bytes=5-2', 10, 'ignore'],
  ['bytes=0-1,4-5', 10, 'ignore'],
  ['bytes=-', 10, 'ignore'],
  ['bytes=a-1', 10, 'ignore'],
  ['bytes=1.5-2', 10, 'ignore'],
  ['items=0-1', 10, 'ignore'],
  ['bytes 0-1', 10, 'ignore'],
  ['', 10, 'ignore'],
];

describe('byteRangeOf', () => {
  it.each(CASES)('%j of %i bytes → %j', (header, size, expected) => {
    expect(byteRangeOf(header, size)).toEqual(expected);
  });
});
