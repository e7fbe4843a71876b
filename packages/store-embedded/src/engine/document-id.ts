/**
 * Document `_id`s and the string keys that identify documents in memory and in the journal.
 *
 * The embedded engine accepts string and number `_id`s. A string is its own key, which keeps
 * the common case free of copies; a number is keyed by its decimal form behind a NUL
 * character, which no string `_id` may start with, so `1` and `'1'` stay distinct documents
 * as they are in MongoDB.
 */
import { UnsupportedValueError } from './errors';

export type DocumentId = string | number;

const NUMBER_KEY_PREFIX = '\u0000';

export function isDocumentId(value: unknown): value is DocumentId {
  return (
    (typeof value === 'string' && !value.startsWith(NUMBER_KEY_PREFIX)) ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

export function assertDocumentId(value: unknown): asserts value is DocumentId {
  if (isDocumentId(value)) return;
  if (typeof value === 'string') {
    throw new UnsupportedValueError('A string _id must not start with a NUL character in the embedded store');
  }
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  throw new UnsupportedValueError(
    `_id must be a string or a finite number in the embedded store, but it is ${kind}` +
      (typeof value === 'object' && value !== null ? ` (${value.constructor?.name ?? 'object'})` : ''),
  );
}

export function idKeyOf(id: DocumentId): string {
  // String(-0) is '0', so -0 and 0 are one key, as MongoDB treats them as one value.
  return typeof id === 'string' ? id : NUMBER_KEY_PREFIX + String(id);
}

export function idFromKey(key: string): DocumentId {
  return key.startsWith(NUMBER_KEY_PREFIX) ? Number(key.slice(NUMBER_KEY_PREFIX.length)) : key;
}
