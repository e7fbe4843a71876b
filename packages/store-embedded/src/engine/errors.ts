/**
 * Errors raised by the embedded engine.
 *
 * Where the MongoDB server or driver would refuse the same request, the error copies the
 * driver's shape (`name`, `code`, `codeName`, and for duplicates `keyPattern`/`keyValue`),
 * so callers handle both engines with the same code (see `isDuplicateKeyError`).
 */
import type { Document } from '@quire/store';
import type { IndexDefinition } from '../journal-types';

/** The server codes the engine raises, named as MongoDB names them. */
export const ServerErrorCode = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CannotIndexParallelArrays: 171,
  DuplicateKey: 11000,
} as const;

export type ServerErrorCodeName = keyof typeof ServerErrorCode;

/** What the server would have refused; shaped like the driver's `MongoServerError`. */
export class EmbeddedServerError extends Error {
  override readonly name = 'MongoServerError';
  readonly code: number;
  readonly codeName: ServerErrorCodeName;
  /** The driver exposes the server's message under this name too. */
  readonly errmsg: string;

  constructor(codeName: ServerErrorCodeName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.codeName = codeName;
    this.code = ServerErrorCode[codeName];
    this.errmsg = message;
  }
}

/** A unique index refused a write (code 11000), with the driver's `keyPattern` and `keyValue`. */
export class DuplicateKeyError extends EmbeddedServerError {
  override readonly code = 11000;
  readonly keyPattern: Document;
  readonly keyValue: Document;

  constructor(namespace: string, index: IndexDefinition, values: readonly unknown[]) {
    const keyPattern: Document = {};
    const keyValue: Document = {};
    index.key.forEach(([field, direction], position) => {
      keyPattern[field] = direction;
      // A missing field is indexed (and reported by MongoDB) as null.
      keyValue[field] = values[position] ?? null;
    });
    const shownKey = Object.entries(keyValue)
      .map(([field, value]) => `${field}: ${JSON.stringify(value)}`)
      .join(', ');
    super(
      'DuplicateKey',
      `E11000 duplicate key error collection: ${namespace} index: ${index.name} dup key: { ${shownKey} }`,
    );
    this.keyPattern = keyPattern;
    this.keyValue = keyValue;
  }
}

/** What the driver itself would have refused before sending (`MongoInvalidArgumentError`). */
export class InvalidArgumentError extends Error {
  override readonly name = 'MongoInvalidArgumentError';
}

/**
 * A value MongoDB could store but the embedded engine cannot: documents are kept as JSON
 * text, so only JSON values are accepted (no Date, Buffer, ObjectId, bigint, ...).
 */
export class UnsupportedValueError extends Error {
  override readonly name = 'UnsupportedValueError';
}
