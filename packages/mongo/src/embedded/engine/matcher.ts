/**
 * Document matching with mingo, MongoDB's query language in JavaScript, adjusted where
 * mingo departs from MongoDB: mingo compares embedded documents regardless of field order,
 * MongoDB compares them field by field (`{ a: 1, b: 2 }` does not equal `{ b: 2, a: 1 }`).
 * Equality with a document is therefore rewritten to `$orderedEq`, an operator defined here.
 */
import { Context, Query } from 'mingo';
import type { AnyObject, Options } from 'mingo/types';
import { flatten, resolve } from 'mingo/util';
import type { Document } from 'mongodb';
import { bsonEquals, isPlainObject } from './bson-order';
import { EmbeddedServerError } from './errors';

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

const ENGINE_CONTEXT = Context.init().addQueryOps({ $orderedEq });

/** Mingo options for every query and update: the default operators plus `$orderedEq`. */
export const MINGO_OPTIONS = { context: ENGINE_CONTEXT } as const;

/** Compiles a filter checked by `checkFilter`; an unknown or malformed operator throws, naming it. */
export function compileFilter(filter: Document): DocumentPredicate {
  let query: Query;
  try {
    query = new Query(withOrderedEquality(filter), MINGO_OPTIONS);
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
