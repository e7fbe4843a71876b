import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBson } from '../../src/engine/bson-order';
import { compareStrings, unitOfRank, unitRank } from '../../src/engine/code-point-order';
import { encodeValues } from '../../src/engine/key-encoding';

/** MongoDB's order of strings: their UTF-8 bytes. */
const byUtf8 = (a: string, b: string) =>
  Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));

/** Characters around the boundaries where UTF-16 and UTF-8 orders part. */
const edges = [
  'a',
  '\u00ff',
  '\u0100',
  '\ud7ff',
  '\ue000',
  '\uf8ff',
  '\uffff',
  '\u{10000}',
  '\u{1f389}',
  '\u{10ffff}',
];
const edgeStrings = fc.array(fc.constantFrom(...edges), { maxLength: 4 }).map((parts) => parts.join(''));
const anyStrings = fc.string({ unit: 'binary', maxLength: 6 });
const strings = fc.oneof(edgeStrings, anyStrings);

describe('strings in code point order (issue 34, item 8)', () => {
  it('orders a character above U+FFFF after one in U+E000-U+FFFF, as MongoDB does and UTF-16 does not', () => {
    expect('\u{1f389}' < '\uffff').toBe(true);
    expect(compareStrings('\u{1f389}', '\uffff')).toBe(1);
    expect(compareBson('\u{10000}', '\ue000')).toBe(1);
    expect(compareBson('x\u{10000}', 'x\ue000')).toBe(1);
  });

  it('agrees with UTF-8 byte order on every pair of well-formed strings', () => {
    fc.assert(
      fc.property(strings, strings, (a, b) => {
        expect(compareStrings(a, b)).toBe(byUtf8(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('encodes index keys in that order', () => {
    fc.assert(
      fc.property(strings, strings, (a, b) => {
        const [keyA, keyB] = [encodeValues([a], [1]), encodeValues([b], [1])];
        expect(keyA < keyB ? -1 : keyA > keyB ? 1 : 0).toBe(byUtf8(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('ranks every UTF-16 unit once, and undoes the rank', () => {
    const ranks = new Set<number>();
    const notUndone: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const rank = unitRank(unit);
      ranks.add(rank);
      if (unitOfRank(rank) !== unit) notUndone.push(unit);
    }
    expect(ranks.size).toBe(0x10000);
    expect(notUndone).toEqual([]);
  });
});
