/**
 * Sort specifications and in-memory sorting in MongoDB's order: BSON type order across
 * types, and for an array the smallest element when ascending, the largest when descending.
 */
import type { Document, Sort } from '@quire/store';
import { compareBson, EMPTY_ARRAY_SORT_KEY, isPlainObject } from './bson-order';
import { EmbeddedServerError, InvalidArgumentError } from './errors';
import { collectPathValues, splitPath } from './field-path';

export type SortSpec = ReadonlyArray<readonly [field: string, direction: 1 | -1]>;

/** Accepts the driver's spellings: `'a'`, `{ a: 1, b: 'desc' }`, `['a', -1]`, `[['a', 1]]`, `['a', 'b']`, a Map. */
export function normalizeSort(sort: Sort | undefined): SortSpec {
  if (sort === undefined || sort === null) return [];
  if (typeof sort === 'string') return [[sort, 1]];
  if (typeof sort !== 'object')
    throw new InvalidArgumentError(`Invalid sort format: ${JSON.stringify(sort)}`);
  if (sort instanceof Map)
    return [...sort].map(([field, direction]) => [String(field), sortDirection(direction)]);
  if (!Array.isArray(sort)) {
    return Object.entries(sort).map(([field, direction]) => [field, sortDirection(direction)]);
  }
  if (sort.length === 0) return [];
  if (Array.isArray(sort[0])) {
    return (sort as unknown[][]).map(([field, direction]) => [String(field), sortDirection(direction)]);
  }
  if (sort.length === 2 && isDirection(sort[1])) return [[String(sort[0]), sortDirection(sort[1])]];
  return (sort as unknown[]).map((field) => [String(field), 1]);
}

function sortDirection(direction: unknown): 1 | -1 {
  if (isPlainObject(direction) && '$meta' in direction) {
    throw new EmbeddedServerError('BadValue', '$meta sort is not supported by the embedded store');
  }
  switch (String(direction).toLowerCase()) {
    case '1':
    case 'asc':
    case 'ascending':
      return 1;
    case '-1':
    case 'desc':
    case 'descending':
      return -1;
    default:
      throw new InvalidArgumentError(`Invalid sort direction: ${JSON.stringify(direction)}`);
  }
}

function isDirection(value: unknown): boolean {
  try {
    sortDirection(value);
    return true;
  } catch {
    return false;
  }
}

/** Sorts `items` by their `doc`, stably (ties keep their order). */
export function sortByDocument<T extends { doc: Document }>(items: T[], spec: SortSpec): T[] {
  const paths = spec.map(([field, direction]) => ({ parts: splitPath(field), direction }));
  const keyed = items.map((item) => ({
    item,
    keys: paths.map(({ parts, direction }) => sortKey(item.doc, parts, direction)),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < paths.length; i++) {
      const order = compareBson(a.keys[i], b.keys[i]);
      if (order !== 0) return order * paths[i]!.direction;
    }
    return 0;
  });
  return keyed.map(({ item }) => item);
}

/** The value a document sorts by on one path: missing is null, an array its extreme element. */
export function sortKey(doc: Document, parts: readonly string[], direction: 1 | -1): unknown {
  const { values } = collectPathValues(doc, parts);
  let best: unknown;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const key =
      value === undefined ? null : Array.isArray(value) && value.length === 0 ? EMPTY_ARRAY_SORT_KEY : value;
    if (i === 0 || compareBson(key, best) * direction < 0) best = key;
  }
  return best;
}
