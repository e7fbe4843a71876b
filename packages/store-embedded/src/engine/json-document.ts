/**
 * Documents are stored as JSON text, so they may only hold JSON values. Checking up front,
 * with the offending field named, beats finding a Date turned into a string on the next
 * read (or a bigint crashing `JSON.stringify` after a write was half applied).
 */
import type { Document } from '@quire/store';
import { isPlainObject } from './bson-order';
import { UnsupportedValueError } from './errors';

/** MongoDB refuses documents nested deeper than this; it also stops runaway recursion on cycles. */
const MAX_NESTING_DEPTH = 100;

/**
 * Throws an `UnsupportedValueError` naming the first field of `doc` that is not a JSON value.
 * `undefined` fields are accepted: they are dropped when the document is stored, as the
 * driver's `ignoreUndefined` would.
 */
export function assertJsonDocument(doc: Document): void {
  checkObject(doc, '', 1);
}

/** The stored form of a checked document: JSON text with `_id` first, as MongoDB orders it. */
export function serializeDocument(doc: Document): string {
  for (const key in doc) {
    // Only the first own key matters; JSON.parse'd and literal objects have no inherited ones.
    if (key === '_id') return JSON.stringify(doc);
    break;
  }
  return JSON.stringify({ _id: doc._id, ...doc });
}

function checkValue(value: unknown, path: string, depth: number): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw unsupported(path, `the number ${value}`, 'JSON has no such number');
      return;
    case 'object':
      if (value === null) return;
      if (depth > MAX_NESTING_DEPTH) {
        throw new UnsupportedValueError(
          `Field '${path}' is nested more than ${MAX_NESTING_DEPTH} levels deep`,
        );
      }
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) checkValue(value[i], `${path}.${i}`, depth + 1);
        return;
      }
      if (!isPlainObject(value)) throw unsupported(path, describeInstance(value), hintFor(value));
      checkObject(value, path, depth + 1);
      return;
    default:
      throw unsupported(path, `a ${typeof value}`, 'only JSON values can be stored');
  }
}

function checkObject(object: Record<string, unknown>, path: string, depth: number): void {
  for (const key of Object.keys(object)) {
    checkValue(object[key], path === '' ? key : `${path}.${key}`, depth);
  }
}

function unsupported(path: string, what: string, hint: string): UnsupportedValueError {
  return new UnsupportedValueError(
    `Field '${path}' holds ${what}, which the embedded store cannot keep: documents are stored as JSON (${hint})`,
  );
}

function describeInstance(value: object): string {
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  if (typeof bsonType === 'string') return `a BSON ${bsonType}`;
  const name = value.constructor?.name;
  return name ? `a ${name}` : 'an object with a custom prototype';
}

function hintFor(value: object): string {
  if (value instanceof Date) return 'store dates as ISO strings or epoch milliseconds';
  if (value instanceof Uint8Array) return 'store bytes as base64 text';
  if ((value as { _bsontype?: unknown })._bsontype === 'ObjectId') return 'use string ids';
  return 'only plain objects, arrays, strings, finite numbers, booleans and null';
}
