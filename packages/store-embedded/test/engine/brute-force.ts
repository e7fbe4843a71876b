/**
 * An oracle for the engine's reads that shares no code with it: every document judged by a
 * matcher written here from MongoDB's rules, sorted by a comparison written here from the
 * BSON order, then skipped and limited. Slow and plain on purpose.
 *
 * The filter grammar is what the randomized tests generate: top-level fields with a value
 * (equality), or `$eq`, `$ne`, `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte`, `$exists`;
 * `$and`, `$or`, `$nor` of such filters. Values are JSON (no dates, no regexes).
 *
 * MongoDB's rules followed here:
 * - A condition on an array field holds if it holds for the array itself or for one of its
 *   elements; each operator of a condition may be satisfied by a different element.
 * - `null` equals a missing field; `$in` with null matches it too; `$ne`/`$nin` are the
 *   negations of `$eq`/`$in`.
 * - Ranges only compare values of the same type class as the bound (type bracketing).
 * - Order: null and missing < numbers < strings (UTF-8 bytes) < objects < arrays <
 *   booleans; objects field by field (type, then name, then value), arrays element by
 *   element, a prefix first.
 * - Sorting on an array uses its smallest element ascending, its largest descending; an
 *   empty array sorts before null and missing.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type OracleDocument = { [key: string]: Json };
export type OracleSort = ReadonlyArray<readonly [field: string, direction: 1 | -1]>;

const TYPE_ORDER = { null: 1, number: 2, string: 3, object: 4, array: 5, boolean: 6 } as const;

function typeClass(value: Json | undefined): keyof typeof TYPE_ORDER {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'number' || type === 'string' || type === 'boolean' || type === 'object') {
    return type as keyof typeof TYPE_ORDER;
  }
  throw new Error(`not a JSON value: ${String(value)}`);
}

/** BSON order; negative, zero or positive. */
export function compareValues(a: Json | undefined, b: Json | undefined): number {
  const typeA = typeClass(a);
  const typeB = typeClass(b);
  if (typeA !== typeB) return TYPE_ORDER[typeA] - TYPE_ORDER[typeB];
  switch (typeA) {
    case 'null':
      return 0;
    case 'number':
      return Math.sign((a as number) - (b as number));
    case 'string':
      return Math.sign(Buffer.compare(Buffer.from(a as string, 'utf8'), Buffer.from(b as string, 'utf8')));
    case 'boolean':
      return Number(a) - Number(b);
    case 'array': {
      const [x, y] = [a as Json[], b as Json[]];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const order = compareValues(x[i], y[i]);
        if (order !== 0) return order;
      }
      return Math.sign(x.length - y.length);
    }
    case 'object': {
      const x = Object.entries(a as Record<string, Json>);
      const y = Object.entries(b as Record<string, Json>);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const [[nameA, valueA], [nameB, valueB]] = [x[i]!, y[i]!];
        const byType = TYPE_ORDER[typeClass(valueA)] - TYPE_ORDER[typeClass(valueB)];
        if (byType !== 0) return byType;
        if (nameA !== nameB) return nameA < nameB ? -1 : 1;
        const byValue = compareValues(valueA, valueB);
        if (byValue !== 0) return byValue;
      }
      return Math.sign(x.length - y.length);
    }
  }
}

const same = (a: Json | undefined, b: Json | undefined) => compareValues(a, b) === 0;

/** The values a condition is tried on: the field itself and, for an array, each element. */
function candidates(value: Json | undefined): Array<Json | undefined> {
  return Array.isArray(value) ? [value, ...value] : [value];
}

function equals(value: Json | undefined, wanted: Json): boolean {
  // Equality with null also matches a missing field (`undefined` compares as null).
  return candidates(value).some((candidate) => same(candidate, wanted));
}

function inRange(value: Json | undefined, operator: string, bound: Json): boolean {
  return candidates(value).some((candidate) => {
    if (candidate === undefined || typeClass(candidate) !== typeClass(bound)) return false;
    const order = compareValues(candidate, bound);
    switch (operator) {
      case '$gt':
        return order > 0;
      case '$gte':
        return order >= 0;
      case '$lt':
        return order < 0;
      default:
        return order <= 0;
    }
  });
}

function isOperatorObject(condition: Json): condition is Record<string, Json> {
  return (
    typeof condition === 'object' &&
    condition !== null &&
    !Array.isArray(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((key) => key.startsWith('$'))
  );
}

function fieldMatches(value: Json | undefined, condition: Json): boolean {
  if (!isOperatorObject(condition)) return equals(value, condition);
  return Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return equals(value, operand);
      case '$ne':
        return !equals(value, operand);
      case '$in':
        return (operand as Json[]).some((wanted) => equals(value, wanted));
      case '$nin':
        return !(operand as Json[]).some((wanted) => equals(value, wanted));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return inRange(value, operator, operand);
      case '$exists':
        return (value !== undefined) === operand;
      default:
        throw new Error(`the oracle does not know ${operator}`);
    }
  });
}

export function matches(doc: OracleDocument, filter: Record<string, Json>): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    switch (key) {
      case '$and':
        return (condition as Record<string, Json>[]).every((part) => matches(doc, part));
      case '$or':
        return (condition as Record<string, Json>[]).some((part) => matches(doc, part));
      case '$nor':
        return !(condition as Record<string, Json>[]).some((part) => matches(doc, part));
      default:
        if (key.includes('.')) throw new Error('the oracle reads top-level fields only');
        return fieldMatches(Object.hasOwn(doc, key) ? doc[key] : undefined, condition);
    }
  });
}

/** The value a document sorts by on `field` in `direction`. */
function sortKey(doc: OracleDocument, field: string, direction: 1 | -1): Json | undefined | 'empty array' {
  const value = doc[field];
  if (!Array.isArray(value)) return value;
  if (value.length === 0) return 'empty array';
  return value.reduce((best, element) => (compareValues(element, best) * direction < 0 ? element : best));
}

function compareKeys(a: ReturnType<typeof sortKey>, b: ReturnType<typeof sortKey>): number {
  if (a === 'empty array' || b === 'empty array') {
    return a === b ? 0 : a === 'empty array' ? -1 : 1;
  }
  return compareValues(a, b);
}

export function sortDocuments(docs: OracleDocument[], sort: OracleSort): OracleDocument[] {
  return [...docs].sort((x, y) => {
    for (const [field, direction] of sort) {
      const order = compareKeys(sortKey(x, field, direction), sortKey(y, field, direction));
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

export interface OracleQuery {
  filter: Record<string, Json>;
  sort?: OracleSort;
  skip?: number;
  limit?: number;
}

/** What `find` must return; `sort` must be total (end with `_id`) for the order to be determined. */
export function bruteForceFind(docs: Iterable<OracleDocument>, query: OracleQuery): OracleDocument[] {
  const found = [...docs].filter((doc) => matches(doc, query.filter));
  const sorted = query.sort === undefined ? found : sortDocuments(found, query.sort);
  const skip = query.skip ?? 0;
  return sorted.slice(skip, query.limit ? skip + query.limit : undefined);
}
