/**
 * Assembles an operation's input from a REST request: path parameters, query string and
 * body merged into one object. Query values arrive as strings; they are converted to the
 * type the input schema declares (number, boolean, array) so that the operation's own
 * schema validates them, and reports a wrong value by its field name.
 *
 * The merge copies own properties into a fresh object, and no key can reach a prototype:
 * `__proto__` is refused at parsing, and here again with `constructor` and `prototype` for
 * every source, before the field is set. A path parameter repeated in the query or body must
 * say the same thing as the path.
 */
import { invalidInput } from '@quire/domain';
import { inputSchemaOf, type JsonSchema, typesOf } from '../json-schema';
import type { RestRoute } from './route';

type QueryValue = string | string[] | undefined;

/** Keys that name a prototype rather than a field. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function convert(value: string, schema: JsonSchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.includes('string')) return value;
  if ((types.includes('number') || types.includes('integer')) && /^-?\d+(\.\d+)?$/.test(value)) {
    return Number(value);
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (types.includes('null') && value === 'null') return null;
  return value;
}

function convertQueryValue(value: QueryValue, schema: JsonSchema | undefined): unknown {
  if (value === undefined) return undefined;
  if (typesOf(schema).includes('array')) {
    const parts = Array.isArray(value) ? value : value === '' ? [] : value.split(',');
    return parts.map((part) => convert(part, schema?.items));
  }
  return Array.isArray(value) ? value.map((v) => convert(v, schema)) : convert(value, schema);
}

/**
 * Sets an own field by plain assignment: `__proto__`, the one setter a plain object inherits,
 * is refused first, so the assignment defines a data field exactly as `defineProperty` did,
 * without its descriptor object and slow path on every field of every request.
 */
function setField(input: Record<string, unknown>, key: string, value: unknown): void {
  if (PROTOTYPE_KEYS.has(key)) throw invalidInput(key, 'not an accepted field name');
  input[key] = value;
}

export type InputAssembler = (
  params: Record<string, string>,
  query: Record<string, QueryValue>,
  body: unknown,
) => unknown;

export function inputAssemblerFor(route: RestRoute): InputAssembler {
  // Derived at the route's first query string, not as the server starts: a start that derived
  // every route's JSON Schema spent about 0.5 s of a core on routes nobody may call.
  let properties: Record<string, JsonSchema> | undefined;
  return (params, query, body) => {
    const input: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      properties ??= inputSchemaOf(route.operation).schema.properties ?? {};
      setField(input, key, convertQueryValue(value, properties[key]));
    }
    if (body !== undefined && body !== null) {
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw invalidInput('', 'the request body must be a JSON object');
      }
      for (const [key, value] of Object.entries(body)) setField(input, key, value);
    }
    for (const [key, value] of Object.entries(params)) {
      if (Object.hasOwn(input, key) && input[key] !== value) {
        throw invalidInput(key, `differs from the ${key} of the path`);
      }
      setField(input, key, value);
    }
    return input;
  };
}
