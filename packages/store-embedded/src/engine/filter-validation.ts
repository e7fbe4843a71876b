/**
 * Checks a query filter before it reaches mingo, for mistakes mingo would report badly or
 * not at all: malformed logical and array operators, `$where` (arbitrary code), and values
 * no stored document can hold (a Date in a filter would silently match nothing here, while
 * it works on MongoDB).
 */
import type { Document } from '@quire/store';
import { isPlainObject } from './bson-order';
import { EmbeddedServerError, InvalidArgumentError, UnsupportedValueError } from './errors';

const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);
const ARRAY_OPERATORS = new Set(['$in', '$nin', '$all']);

/** The filter to use: `undefined` and `null` mean "everything", as with the driver. */
export function checkFilter(filter: unknown): Document {
  if (filter === undefined || filter === null) return {};
  if (!isPlainObject(filter)) {
    throw new InvalidArgumentError(`A query filter must be a plain object, got ${describe(filter)}`);
  }
  checkConditions(filter, '');
  return filter;
}

function checkConditions(conditions: Record<string, unknown>, path: string): void {
  for (const [key, value] of Object.entries(conditions)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key === '$where') {
      throw new EmbeddedServerError('BadValue', '$where is not supported by the embedded store');
    }
    if (LOGICAL_OPERATORS.has(key)) {
      if (!Array.isArray(value) || value.length === 0) {
        throw new EmbeddedServerError('BadValue', `${key} must be a nonempty array`);
      }
      for (const clause of value) {
        if (!isPlainObject(clause))
          throw new EmbeddedServerError('BadValue', `${key} argument's entries must be objects`);
        checkConditions(clause, path);
      }
      continue;
    }
    if (ARRAY_OPERATORS.has(key) && !Array.isArray(value)) {
      throw new EmbeddedServerError('BadValue', `${key} needs an array (at '${at}')`);
    }
    checkValue(value, at);
  }
}

function checkValue(value: unknown, path: string): void {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return;
    case 'object':
      if (value === null || value instanceof RegExp) return;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const element: unknown = value[i];
          // Scalars pass; the path of an element is only built for the others (an `$in` of ids).
          const type = typeof element;
          if (type !== 'string' && type !== 'number' && type !== 'boolean')
            checkValue(element, `${path}.${i}`);
        }
        return;
      }
      if (isPlainObject(value)) {
        checkConditions(value, path);
        return;
      }
      throw unstorable(path, describe(value));
    default:
      throw unstorable(path, `a ${typeof value}`);
  }
}

function unstorable(path: string, what: string): UnsupportedValueError {
  return new UnsupportedValueError(
    `Filter '${path}' compares with ${what}, which no document in the embedded store can hold (documents are JSON)`,
  );
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return `a ${typeof value}`;
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  if (typeof bsonType === 'string') return `a BSON ${bsonType}`;
  return `a ${value.constructor?.name ?? 'object'}`;
}
