/**
 * Order keys of siblings: fractional indexes (strings compared byte by byte, the way both
 * store engines sort them), so a move writes one key (the moved item's) and never
 * renumbers its siblings, and the order survives any number of moves.
 */
import { generateKeyBetween } from 'fractional-indexing';

/**
 * A key that sorts strictly after `before` and strictly before `after` (null: no bound on
 * that side). `before` must sort before `after` when both are given.
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) {
    throw new Error(`positionBetween: '${before}' does not sort before '${after}'`);
  }
  return generateKeyBetween(before, after);
}
