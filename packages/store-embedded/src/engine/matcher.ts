/**
 * Document matching. Filters made of plain comparisons (the repositories' usual queries)
 * are compiled by `simple-filter.ts` to a direct predicate; everything else, and the rare
 * document such a predicate cannot judge alone, goes to mingo, MongoDB's query language in
 * JavaScript, adjusted where mingo departs from MongoDB: mingo compares embedded documents
 * regardless of field order, MongoDB compares them field by field (`{ a: 1, b: 2 }` does
 * not equal `{ b: 2, a: 1 }`). Equality with a document is therefore rewritten to
 * `$orderedEq`, an operator defined here.
 */

import type { Document } from '@quire/store';
import * as mingoComparisons from 'mingo/operators/query/comparison';
import { Query } from 'mingo/query';
import type { AnyObject, Options } from 'mingo/types';
import { flatten, resolve } from 'mingo/util';
import { bsonEquals, isPlainObject } from './bson-order';
import { compareStrings } from './code-point-order';
import { EmbeddedServerError } from './errors';
import { engineContext, preparedOptions, type QueryOperator } from './mingo-context';
import { compileSimpleFilter } from './simple-filter';

export type DocumentPredicate = (doc: Document) => boolean;

/** Like mingo's `$eq` (which also matches array elements), with BSON equality. */
function $orderedEq(selector: string, value: unknown, _options: Options): (doc: AnyObject) => boolean {
  const depth = selector.split('.').length - 1;
  return (doc) => {
    const found = resolve(doc, selector, { unwrapArray: true });
    if (bsonEquals(found, value)) return true;
    if (!Array.isArray(found)) return false;
    return (
      found.some((element) => bsonEquals(element, value)) ||
      flatten(found, depth).some((v) => bsonEquals(v, value))
    );
  };
}

/**
 * mingo's `$gt`, `$gte`, `$lt` and `$lte`, but for a string operand in MongoDB's order of
 * strings (code points, `compareStrings`): mingo compares UTF-16 units. An operand with no
 * unit from D800 up is ordered alike either way, so mingo's own operator serves it.
 */
function inStringOrder(mingoOperator: QueryOperator, holds: (order: number) => boolean): QueryOperator {
  return (selector, value, options) => {
    if (typeof value !== 'string' || !/[\uD800-\uFFFF]/.test(value))
      return mingoOperator(selector, value, options);
    return (doc) => {
      const found = resolve(doc, selector, { unwrapArray: true });
      const candidates = Array.isArray(found) ? found : [found];
      return candidates.some(
        (element) => typeof element === 'string' && holds(compareStrings(element, value)),
      );
    };
  };
}

const ENGINE_CONTEXT = engineContext({
  $orderedEq,
  $gt: inStringOrder(mingoComparisons.$gt, (order) => order > 0),
  $gte: inStringOrder(mingoComparisons.$gte, (order) => order >= 0),
  $lt: inStringOrder(mingoComparisons.$lt, (order) => order < 0),
  $lte: inStringOrder(mingoComparisons.$lte, (order) => order <= 0),
});

/**
 * Mingo options for updates: every operator plus `$orderedEq`. (mingo's updater copies
 * them into options of its own, so they cannot be the prepared ones queries use.)
 */
export const MINGO_OPTIONS = { context: ENGINE_CONTEXT } as const;

const QUERY_OPTIONS = preparedOptions(ENGINE_CONTEXT);

/** Compiles a filter checked by `checkFilter`; an unknown or malformed operator throws, naming it. */
export function compileFilter(filter: Document): DocumentPredicate {
  const simple = compileSimpleFilter(filter);
  if (simple === undefined) return compileWithMingo(filter);
  // Compiled only for the first document the direct predicate leaves undecided.
  let mingo: DocumentPredicate | undefined;
  return (doc) => {
    const verdict = simple(doc);
    if (verdict !== undefined) return verdict;
    mingo ??= compileWithMingo(filter);
    return mingo(doc);
  };
}

/** `compileFilter` without the direct predicate: mingo judges every document (the reference in tests). */
export function compileWithMingo(filter: Document): DocumentPredicate {
  let query: Query;
  try {
    query = new Query(withOrderedEquality(filter), QUERY_OPTIONS);
  } catch (error) {
    throw asBadValue(error);
  }
  return (doc) => {
    try {
      return query.test(doc);
    } catch (error) {
      throw asBadValue(error);
    }
  };
}

/** The filter with equality to embedded documents expressed as `$orderedEq`. */
export function withOrderedEquality(filter: Document): Document {
  const rewritten: Document = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      rewritten[key] = (value as Document[]).map(withOrderedEquality);
    } else if (key.startsWith('$')) {
      rewritten[key] = value;
    } else {
      rewritten[key] = fieldCondition(value);
    }
  }
  return rewritten;
}

function fieldCondition(condition: unknown): unknown {
  if (Array.isArray(condition)) return condition.some(isPlainObject) ? { $orderedEq: condition } : condition;
  if (!isPlainObject(condition)) return condition;
  const keys = Object.keys(condition);
  if (!keys.some((key) => key.startsWith('$'))) return { $orderedEq: condition };
  if (!keys.every((key) => key.startsWith('$'))) return condition; // mingo reports the stray field
  const rewritten: Document = {};
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$eq' && isPlainObject(operand)) rewritten.$orderedEq = operand;
    else if (operator === '$elemMatch' && isPlainObject(operand) && isFieldQuery(operand)) {
      rewritten.$elemMatch = withOrderedEquality(operand);
    } else rewritten[operator] = operand;
  }
  return rewritten;
}

function isFieldQuery(query: Record<string, unknown>): boolean {
  return Object.keys(query).some(
    (key) => !key.startsWith('$') || key === '$and' || key === '$or' || key === '$nor',
  );
}

function asBadValue(error: unknown): EmbeddedServerError {
  const message = error instanceof Error ? error.message : String(error);
  return new EmbeddedServerError('BadValue', message, { cause: error });
}
