/**
 * MongoDB's comparison order across types (the BSON sort order), for the JSON values the
 * engine stores: null and missing < numbers < strings < objects < arrays < booleans.
 * Indexes, range bounds and in-memory sorts all use it, so an index scan returns documents
 * in the same order as a sort would.
 */
import { compareStrings } from './code-point-order';

/** Ranks of MongoDB's canonical types, spaced as in the server so other types fit between. */
export const TypeRank = {
  minKey: 0,
  /** Below null: the sort key of an empty array (MongoDB sorts `[]` before null and missing). */
  emptyArray: 1,
  null: 2,
  number: 3,
  string: 4,
  object: 5,
  array: 6,
  boolean: 8,
  /** Values that cannot be stored (Date, RegExp...) but may appear in a filter. */
  other: 9,
  maxKey: 100,
} as const;

/**
 * A position in the order rather than a value: just before (`side` -1) or just after (+1)
 * every value of one type rank. Range bounds use it to stay within a type ("type
 * bracketing": `$gt: 5` only matches numbers), and `MIN_KEY`/`MAX_KEY` bound everything.
 */
export class KeyBound {
  constructor(
    readonly rank: number,
    readonly side: -1 | 1,
  ) {}
}

export const MIN_KEY = new KeyBound(TypeRank.minKey, -1);
export const MAX_KEY = new KeyBound(TypeRank.maxKey, 1);
/** The sort key of an empty array: before null and missing. */
export const EMPTY_ARRAY_SORT_KEY = new KeyBound(TypeRank.null, -1);

export function bsonTypeRank(value: unknown): number {
  if (value === null || value === undefined) return TypeRank.null;
  switch (typeof value) {
    case 'number':
      return TypeRank.number;
    case 'string':
      return TypeRank.string;
    case 'boolean':
      return TypeRank.boolean;
    case 'object':
      if (Array.isArray(value)) return TypeRank.array;
      if (value instanceof KeyBound) return value.rank;
      return isPlainObject(value) ? TypeRank.object : TypeRank.other;
    default:
      return TypeRank.other;
  }
}

/** The position just before every value of `value`'s type. */
export function startOfType(value: unknown): KeyBound {
  return new KeyBound(bsonTypeRank(value), -1);
}

/** The position just after every value of `value`'s type. */
export function endOfType(value: unknown): KeyBound {
  return new KeyBound(bsonTypeRank(value), 1);
}

/** Negative, zero or positive as `a` sorts before, with, or after `b` in BSON order. */
export function compareBson(a: unknown, b: unknown): number {
  // The common cases first: indexes compare millions of same-typed scalars.
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  const rankA = bsonTypeRank(a);
  const rankB = bsonTypeRank(b);
  if (a instanceof KeyBound || b instanceof KeyBound) {
    if (rankA !== rankB) return rankA < rankB ? -1 : 1;
    const sideA = a instanceof KeyBound ? a.side : 0;
    const sideB = b instanceof KeyBound ? b.side : 0;
    return sideA - sideB;
  }
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case TypeRank.boolean:
      return a === b ? 0 : a ? 1 : -1;
    case TypeRank.object:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case TypeRank.array:
      return compareArrays(a as unknown[], b as unknown[]);
    default:
      // null and missing are equal; values of other types never reach a stored document.
      return 0;
  }
}

/** Whether `a` and `b` are equal in BSON order (so `{a: 1, b: 2}` differs from `{b: 2, a: 1}`). */
export function bsonEquals(a: unknown, b: unknown): boolean {
  return compareBson(a, b) === 0;
}

function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  // MongoDB sorts NaN before every other number.
  const aIsNaN = Number.isNaN(a);
  return aIsNaN === Number.isNaN(b) ? 0 : aIsNaN ? -1 : 1;
}

/** Like BSON: field by field, each by type, then name, then value; a prefix sorts first. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  const shared = Math.min(keysA.length, keysB.length);
  for (let i = 0; i < shared; i++) {
    const keyA = keysA[i]!;
    const keyB = keysB[i]!;
    const valueA = a[keyA];
    const valueB = b[keyB];
    const rankA = bsonTypeRank(valueA);
    const rankB = bsonTypeRank(valueB);
    if (rankA !== rankB) return rankA < rankB ? -1 : 1;
    if (keyA !== keyB) return keyA < keyB ? -1 : 1;
    const byValue = compareBson(valueA, valueB);
    if (byValue !== 0) return byValue;
  }
  return keysA.length - keysB.length;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const byElement = compareBson(a[i], b[i]);
    if (byElement !== 0) return byElement;
  }
  return a.length - b.length;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
