/**
 * Assembles an operation's input from a REST request: path parameters, query string and
 * body merged into one object. Query values arrive as strings; they are converted to the
 * type the input schema declares (number, boolean, array) so that the operation's own
 * schema validates them, and reports a wrong value by its field name.
 */
import { type AnyOperation, invalidInput } from '@quire/domain';
import { inputSchemaOf, type JsonSchema, typesOf } from '../json-schema';

type QueryValue = string | string[] | undefined;

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

export type InputAssembler = (
  params: Record<string, string>,
  query: Record<string, QueryValue>,
  body: unknown,
) => unknown;

export function inputAssemblerFor(op: AnyOperation): InputAssembler {
  const properties = inputSchemaOf(op).schema.properties ?? {};
  return (params, query, body) => {
    const input: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) input[key] = convertQueryValue(value, properties[key]);
    if (body !== undefined && body !== null) {
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw invalidInput('', 'the request body must be a JSON object');
      }
      Object.assign(input, body);
    }
    Object.assign(input, params);
    return input;
  };
}
