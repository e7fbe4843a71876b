/**
 * What a filter says about each field, in the terms an index understands: an equality, a
 * list of values, a range. The planner picks an index from this; whatever the description
 * leaves out is checked by the full filter (mingo) on the documents the index yields.
 */
import type { Document } from '@quire/store';
import { bsonTypeRank, compareBson, endOfType, isPlainObject, startOfType } from './bson-order';
import { type DocumentId, isDocumentId } from './document-id';
import type { RangeBound } from './index-tree';

/** Values an index bound can hold: MongoDB orders them across types without surprises. */
export type IndexableValue = string | number | boolean | null;

export interface FieldPredicate {
  equal?: IndexableValue;
  anyOf?: IndexableValue[];
  /** Both ends are set when either is: a one-sided range stops at the end of its type. */
  lower?: RangeBound;
  upper?: RangeBound;
  /**
   * Which of `equal`, `anyOf` or the range is the field's whole condition, so an index
   * applying it needs no re-check; 'none' when something else is required too.
   */
  exact: 'equal' | 'anyOf' | 'range' | 'none';
}

export interface FilterAnalysis {
  fields: Map<string, FieldPredicate>;
  /** The filter has conditions outside `fields` ($or, $expr, $nor, ...). */
  hasOtherConditions: boolean;
  isEmpty: boolean;
}

/** The value under `key` when it is the only key of a plain object; undefined otherwise. */
function soleValue(object: unknown, key: string): unknown {
  if (!isPlainObject(object)) return undefined;
  let value: unknown;
  let keys = 0;
  for (const name in object) {
    if (name !== key || ++keys > 1) return undefined;
    value = object[name];
  }
  return value;
}

/**
 * The `_id` of a filter that is exactly `{ _id: <string or number> }`: the most frequent
 * query, answered by one map lookup without planning.
 */
export function soleIdEquality(filter: unknown): DocumentId | undefined {
  const id = soleValue(filter, '_id');
  return isDocumentId(id) ? id : undefined;
}

/**
 * The `_id`s of a filter that is exactly `{ _id: { $in: [<string or number>, ...] } }`, each
 * once, in the list's order (a Set tells `1` from `'1'` and holds -0 and 0 as one, as
 * `idKeyOf` does): the planner's `idLookup`, without planning.
 */
export function soleIdIn(filter: unknown): DocumentId[] | undefined {
  const values = soleValue(soleValue(filter, '_id'), '$in');
  if (!Array.isArray(values)) return undefined;
  const ids = new Set<DocumentId>();
  for (const value of values) {
    if (!isDocumentId(value)) return undefined;
    ids.add(value);
  }
  return [...ids];
}

/** Expects a filter already checked by `checkFilter`. */
export function analyzeFilter(filter: Document): FilterAnalysis {
  const analysis: FilterAnalysis = { fields: new Map(), hasOtherConditions: false, isEmpty: true };
  for (const [key, value] of Object.entries(filter)) {
    analysis.isEmpty = false;
    if (key === '$and') {
      for (const clause of value as Document[]) mergeInto(analysis, analyzeFilter(clause));
    } else if (key === '$or') {
      analysis.hasOtherConditions = true;
      for (const [field, predicate] of boundsCommonToAll(value as Document[])) {
        if (!analysis.fields.has(field)) analysis.fields.set(field, predicate);
      }
    } else if (key.startsWith('$')) {
      analysis.hasOtherConditions = true;
    } else {
      addPredicate(analysis, key, analyzeCondition(value));
    }
  }
  return analysis;
}

function mergeInto(target: FilterAnalysis, source: FilterAnalysis): void {
  if (source.hasOtherConditions) target.hasOtherConditions = true;
  for (const [field, predicate] of source.fields) addPredicate(target, field, predicate);
}

/** A second condition on a field is not combined: the first is kept, and no longer exact. */
function addPredicate(analysis: FilterAnalysis, field: string, predicate: FieldPredicate): void {
  const existing = analysis.fields.get(field);
  if (existing === undefined) analysis.fields.set(field, predicate);
  else existing.exact = 'none';
}

function analyzeCondition(condition: unknown): FieldPredicate {
  if (isIndexableValue(condition)) return { equal: condition, exact: 'equal' };
  if (!isOperatorObject(condition)) return { exact: 'none' };
  const predicate: FieldPredicate = { exact: 'none' };
  let uncaptured = false;
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$eq':
        if (isIndexableValue(operand) && predicate.equal === undefined) predicate.equal = operand;
        else uncaptured = true;
        break;
      case '$in':
        if (Array.isArray(operand) && operand.every(isIndexableValue) && predicate.anyOf === undefined) {
          predicate.anyOf = operand;
        } else uncaptured = true;
        break;
      case '$gt':
      case '$gte':
        if (!tighten(predicate, 'lower', operand, operator === '$gte')) uncaptured = true;
        break;
      case '$lt':
      case '$lte':
        if (!tighten(predicate, 'upper', operand, operator === '$lte')) uncaptured = true;
        break;
      default:
        uncaptured = true;
    }
  }
  if (!bracketRange(predicate)) uncaptured = true;
  const kinds = [predicate.equal !== undefined, predicate.anyOf !== undefined, predicate.lower !== undefined];
  if (!uncaptured && kinds.filter(Boolean).length === 1) {
    predicate.exact = kinds[0] ? 'equal' : kinds[1] ? 'anyOf' : 'range';
  }
  return predicate;
}

/** Narrows one end of the range; false when the operand cannot bound an index (null, objects...). */
function tighten(
  predicate: FieldPredicate,
  end: 'lower' | 'upper',
  operand: unknown,
  inclusive: boolean,
): boolean {
  if (!isIndexableValue(operand) || operand === null) return false;
  const current = predicate[end];
  if (current === undefined) {
    predicate[end] = { value: operand, inclusive };
    return true;
  }
  if (bsonTypeRank(current.value) !== bsonTypeRank(operand)) return false;
  const order = compareBson(operand, current.value) * (end === 'lower' ? 1 : -1);
  if (order > 0 || (order === 0 && !inclusive)) predicate[end] = { value: operand, inclusive };
  return true;
}

/**
 * Completes a one-sided range with the start or end of its type, as MongoDB's comparison
 * operators only match values of the operand's type. False when the two ends are of
 * different types: the range then spans other types, so it is kept only as a superset.
 */
function bracketRange(predicate: FieldPredicate): boolean {
  const { lower, upper } = predicate;
  if (lower === undefined && upper === undefined) return true;
  if (lower === undefined) predicate.lower = { value: startOfType(upper!.value), inclusive: true };
  else if (upper === undefined) predicate.upper = { value: endOfType(lower.value), inclusive: true };
  else return bsonTypeRank(lower.value) === bsonTypeRank(upper.value);
  return true;
}

/**
 * The range each field is confined to in every branch of an `$or`, for fields that every
 * branch constrains: the union of the branches' ranges. Keyset paging filters look like
 * `{ $or: [{ t: { $gt: x } }, { t: x, _id: { $gt: y } }] }`; the union `t >= x` lets an
 * index on `t` start at the cursor instead of at the beginning.
 */
function boundsCommonToAll(branches: Document[]): Map<string, FieldPredicate> {
  const union = new Map<string, FieldPredicate>();
  const [first, ...rest] = branches.map((branch) => analyzeFilter(branch).fields);
  if (first === undefined) return union;
  for (const [field, predicate] of first) {
    let range = rangeOf(predicate);
    for (const other of rest) {
      const next = other.get(field);
      if (range === undefined || next === undefined) break;
      range = widen(range, rangeOf(next));
    }
    if (range !== undefined && rest.every((other) => other.has(field)))
      union.set(field, { ...range, exact: 'none' });
  }
  return union;
}

type Range = { lower: RangeBound; upper: RangeBound };

function rangeOf(predicate: FieldPredicate): Range | undefined {
  if (predicate.equal !== undefined) {
    return {
      lower: { value: predicate.equal, inclusive: true },
      upper: { value: predicate.equal, inclusive: true },
    };
  }
  if (predicate.lower !== undefined && predicate.upper !== undefined) {
    return { lower: predicate.lower, upper: predicate.upper };
  }
  return undefined;
}

function widen(range: Range, other: Range | undefined): Range | undefined {
  if (other === undefined) return undefined;
  const ranks = new Set(
    [range.lower, range.upper, other.lower, other.upper].map((bound) => bsonTypeRank(bound.value)),
  );
  if (ranks.size !== 1) return undefined;
  return { lower: outer(range.lower, other.lower, -1), upper: outer(range.upper, other.upper, 1) };
}

/** The bound further out in `direction` (-1: lower, 1: upper); on a tie, the inclusive one. */
function outer(a: RangeBound, b: RangeBound, direction: 1 | -1): RangeBound {
  const order = compareBson(a.value, b.value) * direction;
  if (order !== 0) return order > 0 ? a : b;
  return a.inclusive ? a : b;
}

export function isIndexableValue(value: unknown): value is IndexableValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && !Number.isNaN(value))
  );
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}
