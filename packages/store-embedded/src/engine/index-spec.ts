/**
 * Turning `createIndex` arguments into an `IndexDefinition`, with the driver's accepted
 * spellings of a key and MongoDB's rules for names and for re-creating an index.
 */
import type { IndexSpecification } from '@quire/store';
import type { IndexDefinition } from '../journal-types';
import { EmbeddedServerError, InvalidArgumentError } from './errors';

export type IndexKey = IndexDefinition['key'];

export const ID_INDEX: IndexDefinition = Object.freeze({
  name: '_id_',
  key: [['_id', 1]] as IndexKey,
  unique: true,
});

/** Options that change what an index contains; accepting and ignoring them would mislead. */
const UNSUPPORTED_OPTIONS = [
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'hidden',
  'weights',
  'default_language',
  'language_override',
  'wildcardProjection',
];

/** Accepts what the driver accepts: `'a'`, `{ a: 1, b: -1 }`, `['a', 'b']`, `[['a', 1]]`, `['a', 1]`, a Map. */
export function normalizeIndexKey(spec: IndexSpecification): IndexKey {
  const isSingleTuple =
    Array.isArray(spec) &&
    spec.length === 2 &&
    typeof spec[0] === 'string' &&
    (typeof spec[1] === 'number' || (typeof spec[1] === 'string' && isSpecialIndexType(spec[1])));
  const specs: unknown[] = Array.isArray(spec) && !isSingleTuple ? spec : [spec];
  const key: IndexKey = [];
  const add = (field: unknown, direction: unknown) =>
    key.push([checkField(field), checkDirection(field, direction)]);
  for (const part of specs) {
    if (typeof part === 'string') add(part, 1);
    else if (Array.isArray(part)) add(part[0], part[1] ?? 1);
    else if (part instanceof Map) for (const [field, direction] of part) add(field, direction);
    else if (typeof part === 'object' && part !== null) {
      for (const [field, direction] of Object.entries(part)) add(field, direction);
    } else throw new InvalidArgumentError(`Invalid index specification: ${JSON.stringify(spec)}`);
  }
  if (key.length === 0)
    throw new EmbeddedServerError('CannotCreateIndex', 'Index keys cannot be an empty object');
  const fields = new Set(key.map(([field]) => field));
  if (fields.size !== key.length) {
    throw new EmbeddedServerError(
      'CannotCreateIndex',
      `Index key names a field twice: ${JSON.stringify(spec)}`,
    );
  }
  return key;
}

/** MongoDB's generated name: `a_1_b_-1`. */
export function defaultIndexName(key: IndexKey): string {
  return key.map(([field, direction]) => `${field}_${direction}`).join('_');
}

export function buildIndexDefinition(
  spec: IndexSpecification,
  options: { unique?: boolean; name?: string } & Record<string, unknown> = {},
): IndexDefinition {
  for (const option of UNSUPPORTED_OPTIONS) {
    if (options[option] !== undefined) {
      throw new EmbeddedServerError(
        'CannotCreateIndex',
        `Index option '${option}' is not supported by the embedded store`,
      );
    }
  }
  const key = normalizeIndexKey(spec);
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name === '')) {
    throw new InvalidArgumentError('Index name must be a non-empty string');
  }
  return { name: options.name ?? defaultIndexName(key), key, unique: options.unique === true };
}

export function sameIndexKey(a: IndexKey, b: IndexKey): boolean {
  return (
    a.length === b.length &&
    a.every(([field, direction], i) => b[i]?.[0] === field && b[i]?.[1] === direction)
  );
}

/**
 * What `createIndex` does given the existing indexes, by MongoDB's rules: an identical index
 * makes it a no-op; the same name for something else, or the same key under another name
 * or with other options, is an error.
 */
export function resolveIndexCreation(
  requested: IndexDefinition,
  existing: readonly IndexDefinition[],
): { action: 'create' } | { action: 'exists'; name: string } {
  for (const index of existing) {
    const sameKey = sameIndexKey(index.key, requested.key);
    const sameName = index.name === requested.name;
    if (sameKey && sameName && index.unique === requested.unique)
      return { action: 'exists', name: index.name };
    if (sameName) {
      throw new EmbeddedServerError(
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. Requested index: ${describeIndex(requested)}, existing index: ${describeIndex(index)}`,
      );
    }
    if (sameKey) {
      throw new EmbeddedServerError(
        index.unique === requested.unique ? 'IndexOptionsConflict' : 'IndexKeySpecsConflict',
        `An equivalent index already exists with a different name or options. Requested index: ${describeIndex(requested)}, existing index: ${describeIndex(index)}`,
      );
    }
  }
  return { action: 'create' };
}

function describeIndex(index: IndexDefinition): string {
  const key = index.key.map(([field, direction]) => `${field}: ${direction}`).join(', ');
  return `{ key: { ${key} }, name: "${index.name}"${index.unique ? ', unique: true' : ''} }`;
}

function isSpecialIndexType(value: string): boolean {
  return ['text', '2d', '2dsphere', 'geoHaystack', 'hashed'].includes(value);
}

function checkField(field: unknown): string {
  if (typeof field !== 'string' || field === '' || field.startsWith('$') || field.split('.').includes('')) {
    throw new EmbeddedServerError('CannotCreateIndex', `Invalid index field name: ${JSON.stringify(field)}`);
  }
  return field;
}

function checkDirection(field: unknown, direction: unknown): 1 | -1 {
  if (direction === 1 || direction === -1) return direction;
  if (typeof direction === 'string' && isSpecialIndexType(direction)) {
    throw new EmbeddedServerError(
      'CannotCreateIndex',
      `Index type '${direction}' (on field '${String(field)}') is not supported by the embedded store`,
    );
  }
  throw new EmbeddedServerError(
    'CannotCreateIndex',
    `Index direction of field '${String(field)}' must be 1 or -1, got ${JSON.stringify(direction)}`,
  );
}
