/**
 * Update documents (`{ $set: ..., $inc: ... }`) and replacements: checked up front like the
 * driver and server check them, then applied with mingo's update operators. The checks
 * mingo lacks are done here: unknown operators and stray fields, conflicting paths across
 * operators, `$inc` on a non-number and `$push` on a non-array (mingo silently skips those),
 * `$setOnInsert` (mingo has none) and `$currentDate` (it produces a Date, which JSON cannot
 * hold).
 */

import type { Document } from '@quire/store';
import { updateMany as mingoUpdateMany } from 'mingo/updater';
import { bsonEquals, isPlainObject } from './bson-order';
import { EmbeddedServerError, InvalidArgumentError } from './errors';
import { MINGO_OPTIONS, withOrderedEquality } from './matcher';

const SUPPORTED_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$rename',
  '$bit',
  '$setOnInsert',
]);
const NUMERIC_OPERATORS = new Set(['$inc', '$mul']);
const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);

export interface ParsedUpdate {
  /** The operators mingo applies (everything but `$setOnInsert`, and without `_id`). */
  operators: Record<string, Document>;
  setOnInsert: Document | undefined;
  /**
   * The `_id` given by `$set` or `$setOnInsert`: allowed when it equals the document's
   * (MongoDB accepts that; mingo does not), or names the `_id` of an upserted document.
   */
  setsId: { value: unknown } | undefined;
  /** Whether a path uses the positional `$`, which needs the filter to find its element. */
  positional: boolean;
}

export function parseUpdate(update: unknown): ParsedUpdate {
  if (Array.isArray(update)) {
    throw new InvalidArgumentError('Aggregation pipeline updates are not supported by the embedded store');
  }
  if (!isPlainObject(update)) throw new InvalidArgumentError('Update document must be an object');
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys[0]!.startsWith('$')) {
    throw new InvalidArgumentError('Update document requires atomic operators');
  }

  const operators: Record<string, Document> = {};
  let setOnInsert: Document | undefined;
  let setsId: { value: unknown } | undefined;
  const paths: Array<[path: string, operator: string]> = [];
  for (const [operator, fields] of Object.entries(update)) {
    checkOperator(operator, fields);
    for (const [path, operand] of Object.entries(fields)) {
      checkPath(operator, path, operand);
      paths.push([path, operator]);
      if (operator === '$rename') paths.push([String(operand), operator]);
    }
    const { _id, ...others } = fields;
    if (_id !== undefined && (operator === '$set' || operator === '$setOnInsert')) setsId = { value: _id };
    const withoutId = setsId === undefined ? fields : others;
    if (operator === '$setOnInsert') setOnInsert = withoutId;
    else operators[operator] = withoutId;
  }
  checkConflicts(paths);
  const touchesId = paths.find(([path]) => path === '_id' || path.startsWith('_id.'));
  if (touchesId !== undefined && setsId === undefined) throw immutableId(touchesId[0]);
  return {
    operators,
    setOnInsert,
    setsId,
    positional: paths.some(([path]) => path.split('.').includes('$')),
  };
}

function immutableId(path: string): EmbeddedServerError {
  return new EmbeddedServerError(
    'ImmutableField',
    `Performing an update on the path '${path}' would modify the immutable field '_id'`,
  );
}

function checkOperator(operator: string, fields: unknown): asserts fields is Document {
  if (!operator.startsWith('$')) {
    throw new EmbeddedServerError(
      'FailedToParse',
      `Unknown modifier: ${operator}. An update document holds only operators: set the field '${operator}' with $set`,
    );
  }
  if (operator === '$currentDate') {
    throw new EmbeddedServerError(
      'FailedToParse',
      '$currentDate is not supported by the embedded store: it stores a Date, which is not a JSON value ' +
        '(use $set with an ISO string or epoch milliseconds)',
    );
  }
  if (!SUPPORTED_OPERATORS.has(operator)) {
    throw new EmbeddedServerError(
      'FailedToParse',
      `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  if (!isPlainObject(fields)) {
    throw new EmbeddedServerError(
      'FailedToParse',
      `Modifiers operate on fields but we found ${JSON.stringify(fields)} instead. ` +
        `For example: {$mod: {<field>: ...}} not {${operator}: ${JSON.stringify(fields)}}`,
    );
  }
}

function checkPath(operator: string, path: string, operand: unknown): void {
  if (
    path === '' ||
    path.split('.').some((part) => part === '' || (part.startsWith('$') && !isPositional(part)))
  ) {
    throw new EmbeddedServerError('BadValue', `${operator} names an invalid field path: '${path}'`);
  }
  if (path.split('.').some((part) => part.startsWith('$[') && part !== '$[]')) {
    throw new EmbeddedServerError(
      'BadValue',
      `The filtered positional operator in '${path}' needs arrayFilters, which the embedded store does not support`,
    );
  }
  if (NUMERIC_OPERATORS.has(operator) && typeof operand !== 'number') {
    const verb = operator === '$inc' ? 'increment' : 'multiply';
    throw new EmbeddedServerError(
      'TypeMismatch',
      `Cannot ${verb} with non-numeric argument: {${path}: ${JSON.stringify(operand)}}`,
    );
  }
  if (operator === '$rename' && (typeof operand !== 'string' || operand === '')) {
    throw new EmbeddedServerError(
      'BadValue',
      `The 'to' field for $rename must be a string: ${path}: ${JSON.stringify(operand)}`,
    );
  }
}

function isPositional(part: string): boolean {
  return part === '$' || (part.startsWith('$[') && part.endsWith(']'));
}

/** Two paths conflict when one equals or contains the other (`a` and `a.b`), as in MongoDB. */
function checkConflicts(paths: ReadonlyArray<readonly [string, string]>): void {
  const sorted = [...paths].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    const [previous] = sorted[i - 1]!;
    const [current] = sorted[i]!;
    if (current === previous || current.startsWith(`${previous}.`)) {
      throw new EmbeddedServerError(
        'ConflictingUpdateOperators',
        `Updating the path '${current}' would create a conflict at '${previous}'`,
      );
    }
  }
}

/**
 * Applies `update` to `docs` in place. `mode` 'insert' is an upsert building a new document
 * (so `$setOnInsert` applies); `filter` locates the element of a positional `$` update.
 * Throws before changing anything if an operator does not fit a document's field types.
 */
export function applyUpdate(
  docs: Document[],
  update: ParsedUpdate,
  filter: Document,
  mode: 'update' | 'insert',
): void {
  if (update.setsId !== undefined) {
    const { value } = update.setsId;
    for (const doc of docs) {
      if (mode === 'insert' && doc._id === undefined) doc._id = value;
      else if (!bsonEquals(doc._id, value)) throw immutableId('_id');
    }
  }
  let operators = update.operators;
  if (mode === 'insert' && update.setOnInsert !== undefined) {
    operators = { ...operators, $set: { ...operators.$set, ...update.setOnInsert } };
  }
  if (Object.keys(operators).length === 0) return;
  if (mode === 'insert' && update.positional) {
    throw new EmbeddedServerError(
      'BadValue',
      'The positional operator did not find the match needed from the query.',
    );
  }
  for (const doc of docs) checkFieldTypes(doc, operators);
  try {
    mingoUpdateMany(
      docs,
      update.positional ? withOrderedEquality(filter) : {},
      operators,
      { cloneMode: 'copy' },
      MINGO_OPTIONS,
    );
  } catch (error) {
    throw new EmbeddedServerError('BadValue', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/** MongoDB refuses what mingo would silently skip: arithmetic on non-numbers, array operators on non-arrays. */
function checkFieldTypes(doc: Document, operators: Record<string, Document>): void {
  for (const [operator, fields] of Object.entries(operators)) {
    for (const path of Object.keys(fields)) {
      if (path.includes('$')) continue;
      const { value, blockedAt } = locate(doc, path);
      // Unsetting a field that cannot exist is a no-op in MongoDB, not an error.
      if (blockedAt !== undefined && operator !== '$unset') {
        throw new EmbeddedServerError(
          'PathNotViable',
          `Cannot create field '${path.slice(blockedAt.length + 1).split('.')[0]}' in element {${blockedAt}: ${JSON.stringify(
            valueAt(doc, blockedAt),
          )}} (${operator} on '${path}', document _id ${JSON.stringify(doc._id)})`,
        );
      }
      if (value === undefined) continue;
      if (NUMERIC_OPERATORS.has(operator) && typeof value !== 'number') {
        throw new EmbeddedServerError(
          'TypeMismatch',
          `Cannot apply ${operator} to a value of non-numeric type. {_id: ${JSON.stringify(doc._id)}} has the field '${path}' of non-numeric type ${typeName(value)}`,
        );
      }
      if (ARRAY_OPERATORS.has(operator) && !Array.isArray(value)) {
        throw new EmbeddedServerError(
          'BadValue',
          `The field '${path}' must be an array but is of type ${typeName(value)} in document {_id: ${JSON.stringify(doc._id)}}`,
        );
      }
    }
  }
}

/** The value at `path`, or the prefix of `path` holding a scalar the path cannot go through. */
function locate(doc: Document, path: string): { value: unknown; blockedAt?: string } {
  const parts = path.split('.');
  let current: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (current === undefined || current === null) return { value: undefined };
    if (typeof current !== 'object') return { value: undefined, blockedAt: parts.slice(0, i).join('.') };
    current = (current as Record<string, unknown>)[parts[i]!];
  }
  return { value: current };
}

function valueAt(doc: Document, path: string): unknown {
  return locate(doc, path).value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** A replacement document: fields only, no operators. */
export function parseReplacement(replacement: unknown): Document {
  if (!isPlainObject(replacement)) throw new InvalidArgumentError('Replacement document must be an object');
  if (Object.keys(replacement).some((key) => key.startsWith('$'))) {
    throw new InvalidArgumentError('Replacement document must not contain atomic operators');
  }
  return replacement;
}
