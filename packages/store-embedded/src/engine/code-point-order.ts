/**
 * Strings in MongoDB's order: by their UTF-8 bytes, which is the order of their code points
 * (issue 34, item 8). JavaScript's `<` compares UTF-16 units instead. The two agree except
 * where the first difference sets a character above U+FFFF (a surrogate pair, units
 * D800-DFFF) against one in U+E000-U+FFFF: UTF-16 puts the pair first, code points last.
 * Moving the surrogates above U+FFFF's units (`unitRank`) makes unit order code point order.
 */

/** A unit from D800 up: only strings holding one can be ordered differently by `<`. */
const UNIT_FROM_D800 = /[\uD800-\uFFFF]/;

/**
 * A UTF-16 unit's place in code point order: units below D800 keep theirs, E000-FFFF move
 * down by 0x800, surrogates (D800-DFFF) move above them. A bijection on 0-0xFFFF.
 */
export function unitRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** -1, 0 or 1 as `a` sorts before, with or after `b` in code point (UTF-8 byte) order. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const byUnits = a < b ? -1 : 1;
  // At the first difference one unit is below D800 (or one string ended) unless both hold
  // a high unit: then `<` is already code point order.
  if (!UNIT_FROM_D800.test(a) || !UNIT_FROM_D800.test(b)) return byUnits;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const unitA = a.charCodeAt(i);
    const unitB = b.charCodeAt(i);
    if (unitA !== unitB) return unitRank(unitA) < unitRank(unitB) ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

/** The unit whose rank is `rank` (`unitRank` undone). */
export function unitOfRank(rank: number): number {
  if (rank < 0xd800) return rank;
  return rank >= 0xf800 ? rank - 0x2000 : rank + 0x800;
}
