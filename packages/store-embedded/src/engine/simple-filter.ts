/**
 * Filters made of plain comparisons, compiled to a direct predicate instead of a mingo
 * query (whose construction costs more than a whole indexed read): equality, `$ne`, `$in`
 * and `$nin` with scalars, `$gt`/`$gte`/`$lt`/`$lte` with a string or a number, `$regex`
 * (not global nor sticky), `$exists` on a top-level field, combined by `$and`, `$or` and
 * `$nor`. Any other filter is left to mingo entirely (`compileSimpleFilter` returns
 * undefined).
 *
 * The rules are mingo's (the engine's reference) where they agree with MongoDB's: a field
 * holding an array matches when one of its elements does; comparisons only match values of
 * the operand's type; null equality matches a missing field. Where a document holds what
 * those rules do not settle (an array on the way of a dotted path, an array nested in the
 * array an equality looks into), the predicate gives no verdict (undefined) and the caller
 * asks mingo about that document.
 */
import type { Document } from '@quire/store';
import { isPlainObject } from './bson-order';
import { compareStrings } from './code-point-order';

/** true or false, or undefined when mingo must judge this document. */
export type SimpleVerdict = boolean | undefined;
export type SimplePredicate = (doc: Document) => SimpleVerdict;

type Scalar = string | number | boolean | null;
type Comparison = '$gt' | '$gte' | '$lt' | '$lte';

/** What `read` returns when the path crosses an array, whose traversal rules are mingo's to apply. */
const THROUGH_ARRAY: unique symbol = Symbol('through an array');
type FieldReader = (doc: Document) => unknown;

const ALWAYS: SimplePredicate = () => true;

/** The filter (checked by `checkFilter`) as a direct predicate, or undefined if it is not simple. */
export function compileSimpleFilter(filter: Document): SimplePredicate | undefined {
  const tests: SimplePredicate[] = [];
  for (const key of Object.keys(filter)) {
    const value: unknown = filter[key];
    let test: SimplePredicate | undefined;
    if (key === '$and' || key === '$or' || key === '$nor') test = compileLogical(key, value);
    else if (key.startsWith('$')) return undefined;
    else test = compileField(key, value);
    if (test === undefined) return undefined;
    tests.push(test);
  }
  return allOf(tests);
}

function compileLogical(operator: '$and' | '$or' | '$nor', clauses: unknown): SimplePredicate | undefined {
  if (!Array.isArray(clauses)) return undefined;
  const tests: SimplePredicate[] = [];
  for (const clause of clauses) {
    const test = isPlainObject(clause) ? compileSimpleFilter(clause) : undefined;
    if (test === undefined) return undefined;
    tests.push(test);
  }
  if (operator === '$and') return allOf(tests);
  return operator === '$or' ? anyOf(tests) : not(anyOf(tests));
}

function compileField(path: string, condition: unknown): SimplePredicate | undefined {
  const parts = path.split('.');
  // mingo refuses `__proto__` (with its own error); `$` parts and empty parts are its to judge too.
  if (parts.some((part) => part === '' || part === '__proto__' || part.startsWith('$'))) return undefined;
  const read = parts.length === 1 ? topLevelReader(path) : dottedReader(parts);
  if (isScalar(condition)) return equals(read, condition);
  if (condition instanceof RegExp)
    return isStateless(condition) ? matchesPattern(read, condition) : undefined;
  if (!isPlainObject(condition)) return undefined;
  const operators = Object.keys(condition);
  if (operators.length === 0) return undefined;
  const hasRegex = Object.hasOwn(condition, '$regex');
  const tests: SimplePredicate[] = [];
  for (const operator of operators) {
    const operand: unknown = condition[operator];
    let test: SimplePredicate | undefined;
    switch (operator) {
      case '$regex': {
        const pattern = patternOf(operand, condition.$options);
        if (pattern !== undefined) test = matchesPattern(read, pattern);
        break;
      }
      case '$options':
        // Part of `$regex` (alone, mingo reports it as unknown).
        if (hasRegex) continue;
        break;
      case '$eq':
        if (isScalar(operand)) test = equals(read, operand);
        break;
      case '$ne':
        if (isScalar(operand)) test = not(equals(read, operand));
        break;
      case '$in':
        if (Array.isArray(operand) && operand.every(isScalar)) test = oneOf(read, operand);
        break;
      case '$nin':
        if (Array.isArray(operand) && operand.every(isScalar)) test = not(oneOf(read, operand));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (typeof operand === 'string' || (typeof operand === 'number' && !Number.isNaN(operand))) {
          test = compares(read, operator, operand);
        }
        break;
      case '$exists':
        // mingo judges a dotted `$exists` by the path's parent: left to it.
        if (parts.length === 1 && (typeof operand === 'boolean' || typeof operand === 'number')) {
          test = exists(read, Boolean(operand));
        }
        break;
    }
    if (test === undefined) return undefined;
    tests.push(test);
  }
  return allOf(tests);
}

/**
 * The expression mingo builds for `$regex` (and `$options`), or undefined when it would
 * throw (left to mingo, to report) or be global or sticky: those keep state between
 * documents, which only mingo reproduces.
 */
function patternOf(source: unknown, options: unknown): RegExp | undefined {
  if (typeof source !== 'string' && !(source instanceof RegExp)) return undefined;
  if (options !== undefined && typeof options !== 'string') return undefined;
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, options);
  } catch {
    return undefined;
  }
  return isStateless(pattern) ? pattern : undefined;
}

function isStateless(pattern: RegExp): boolean {
  return !pattern.global && !pattern.sticky;
}

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && !Number.isNaN(value))
  );
}

/**
 * A top-level field's value. Like mingo, a name inherited from `Object.prototype` (such as
 * `constructor`) is a missing field: those are all functions (`__proto__` is refused above).
 */
function topLevelReader(field: string): FieldReader {
  return (doc) => {
    const value: unknown = doc[field];
    return typeof value === 'function' ? undefined : value;
  };
}

/** A dotted path's value through embedded documents; THROUGH_ARRAY if it meets an array. */
function dottedReader(parts: readonly string[]): FieldReader {
  return (doc) => {
    let value: unknown = doc;
    for (const part of parts) {
      if (Array.isArray(value)) return THROUGH_ARRAY;
      if (typeof value !== 'object' || value === null) return undefined;
      value = (value as Record<string, unknown>)[part];
      if (typeof value === 'function') value = undefined;
    }
    return value;
  };
}

/** Equality with a scalar: the value, or an element of an array value; null also matches missing. */
function equals(read: FieldReader, expected: Scalar): SimplePredicate {
  return (doc) => {
    const value = read(doc);
    if (value === expected) return true;
    if (value === THROUGH_ARRAY) return undefined;
    if (value === undefined) return expected === null;
    if (!Array.isArray(value)) return false;
    let nested = false;
    for (const element of value) {
      if (element === expected) return true;
      if (Array.isArray(element)) nested = true;
    }
    // mingo also looks into nested arrays on dotted paths: its rule, not reproduced here.
    return nested ? undefined : false;
  };
}

function oneOf(read: FieldReader, expected: readonly Scalar[]): SimplePredicate {
  const values = new Set<unknown>(expected);
  const matchesMissing = values.has(null);
  return (doc) => {
    const value = read(doc);
    if (value === THROUGH_ARRAY) return undefined;
    if (value === undefined || value === null) return matchesMissing;
    if (!Array.isArray(value)) return values.has(value);
    for (const element of value) if (values.has(element)) return true;
    return false;
  };
}

/** A string, or a string element of an array, that the pattern matches. */
function matchesPattern(read: FieldReader, pattern: RegExp): SimplePredicate {
  return (doc) => {
    const value = read(doc);
    if (typeof value === 'string') return pattern.test(value);
    if (value === THROUGH_ARRAY) return undefined;
    if (!Array.isArray(value)) return false;
    let nested = false;
    for (const element of value) {
      if (typeof element === 'string' && pattern.test(element)) return true;
      if (Array.isArray(element)) nested = true;
    }
    // mingo also looks one level into nested arrays: its rule, not reproduced here.
    return nested ? undefined : false;
  };
}

function compares(read: FieldReader, operator: Comparison, operand: string | number): SimplePredicate {
  const type = typeof operand;
  const holds =
    typeof operand === 'string' ? stringComparison(operator, operand) : numberComparison(operator, operand);
  return (doc) => {
    const value = read(doc);
    if (value === THROUGH_ARRAY) return undefined;
    if (!Array.isArray(value)) return typeof value === type && holds(value as string | number);
    for (const element of value) {
      if (typeof element === type && holds(element as string | number)) return true;
    }
    return false;
  };
}

function numberComparison(operator: Comparison, operand: number): (value: string | number) => boolean {
  return operator === '$gt'
    ? (value) => (value as number) > operand
    : operator === '$gte'
      ? (value) => (value as number) >= operand
      : operator === '$lt'
        ? (value) => (value as number) < operand
        : (value) => (value as number) <= operand;
}

/** In MongoDB's order of strings (code points), not `<`'s (UTF-16 units). */
function stringComparison(operator: Comparison, operand: string): (value: string | number) => boolean {
  const order = (value: string | number) => compareStrings(value as string, operand);
  return operator === '$gt'
    ? (value) => order(value) > 0
    : operator === '$gte'
      ? (value) => order(value) >= 0
      : operator === '$lt'
        ? (value) => order(value) < 0
        : (value) => order(value) <= 0;
}

function exists(read: FieldReader, expected: boolean): SimplePredicate {
  return (doc) => (read(doc) !== undefined) === expected;
}

function allOf(tests: readonly SimplePredicate[]): SimplePredicate {
  if (tests.length === 0) return ALWAYS;
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    let verdict: SimpleVerdict = true;
    for (const test of tests) {
      const result = test(doc);
      if (result === false) return false;
      if (result === undefined) verdict = undefined;
    }
    return verdict;
  };
}

function anyOf(tests: readonly SimplePredicate[]): SimplePredicate {
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    let verdict: SimpleVerdict = false;
    for (const test of tests) {
      const result = test(doc);
      if (result === true) return true;
      if (result === undefined) verdict = undefined;
    }
    return verdict;
  };
}

function not(test: SimplePredicate): SimplePredicate {
  return (doc) => {
    const result = test(doc);
    return result === undefined ? undefined : !result;
  };
}
