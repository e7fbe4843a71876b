/**
 * The bad-input helper: derives, from an operation's input JSON Schema, requests that every
 * face must refuse with a 400 naming the field, never a 500:
 *
 * - malformed JSON, an unknown field, `__proto__` and `constructor.prototype` keys;
 * - for each field: a value of the wrong type, text where a number or a boolean goes (as a
 *   query string sends it: 'abc', 'maybe'), a value outside its enum, strings past their
 *   length limits, `limit` 0 and 1001;
 * - objects: the wrong type, an unknown nested field; arrays: the wrong type, items of the
 *   wrong type, unknown fields in object items, one item more than `maxItems`;
 * - `page`, the paging cursor: forged cursors (operators, arrays of the wrong shape, a huge
 *   array, text that is not base64, base64 of what is not JSON). A `page` that is no cursor
 *   (the page id of a PDF link, GitBook's name) is a field like the others.
 *
 * Every other required field gets a valid value (`sampleValue`), so the refusal is about the
 * field of the case alone. A case names the faces it applies to: a query string (REST GET
 * and DELETE) carries text, not objects, and no raw JSON.
 */
import { pagingShape } from '@quire/domain';
import { inputSchemaOf, type JsonSchema, typesOf } from '../../src/faces/json-schema';
import type { RestRoute } from '../../src/faces/rest/route';
import { FACES, type Face } from './faces/face-call';
import { hasBody } from './faces/rest-call';

export interface BadInputCase {
  title: string;
  /** The field the refusal must name (dotted for nested fields; '' for the whole body). */
  field: string;
  /** What the message must match instead of naming `field` (prototype keys). */
  message?: RegExp;
  /** Fields that replace the valid sample's. */
  values?: Record<string, unknown>;
  /** Fields written as JSON text, after the others (`FaceCall.rawFields`). */
  rawFields?: string;
  faces: readonly Face[];
}

type Defs = Record<string, JsonSchema>;

const resolve = (schema: JsonSchema | undefined, defs: Defs): JsonSchema | undefined => {
  const ref = schema?.$ref;
  return ref ? defs[ref.split('/').pop()!] : schema;
};

/** The schema and the schemas of its `anyOf`/`oneOf` alternatives, references resolved. */
const variantsOf = (schema: JsonSchema | undefined, defs: Defs): JsonSchema[] => {
  const own = resolve(schema, defs);
  if (!own) return [];
  return [own, ...[...(own.anyOf ?? []), ...(own.oneOf ?? [])].flatMap((s) => variantsOf(s, defs))];
};

const numberOf = (schema: JsonSchema | undefined, key: string): number | undefined =>
  typeof schema?.[key] === 'number' ? (schema[key] as number) : undefined;

/** A valid value of a schema (for the required fields a case does not test). */
export function sampleValue(name: string, schema: JsonSchema | undefined, defs: Defs): unknown {
  const variants = variantsOf(schema, defs).filter((s) => s.type !== 'null');
  const chosen = variants.find((s) => s.type !== undefined || s.enum !== undefined || s.const !== undefined);
  if (!chosen) return 'abc';
  if (chosen.const !== undefined) return chosen.const;
  if (Array.isArray(chosen.enum)) return chosen.enum[0];
  switch (chosen.type) {
    case 'integer':
    case 'number':
      return numberOf(chosen, 'minimum') ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return (numberOf(chosen, 'minItems') ?? 0) > 0 ? [sampleValue(name, chosen.items, defs)] : [];
    case 'object':
      return Object.fromEntries(
        (chosen.required ?? []).map((key) => [key, sampleValue(key, chosen.properties?.[key], defs)]),
      );
    default: {
      if (/email/i.test(name) && !/domain/i.test(name)) return 'someone@example.test';
      return 'abc'.padEnd(numberOf(chosen, 'minLength') ?? 0, 'c');
    }
  }
}

const pathParamsOf = (route: RestRoute): Set<string> =>
  new Set([...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!));

/** The input every case starts from: placeholders for path parameters, samples for required fields. */
export function validInputOf(route: RestRoute): Record<string, unknown> {
  const { schema, defs } = inputSchemaOf(route.operation);
  const input: Record<string, unknown> = {};
  for (const name of pathParamsOf(route)) input[name] = `missing-${name}`;
  for (const name of schema.required ?? []) {
    if (!(name in input)) input[name] = sampleValue(name, schema.properties?.[name], defs);
  }
  return input;
}

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** Forged `page` cursors: each must be a 400 naming `page` on every face. */
export const FORGED_CURSORS: ReadonlyArray<readonly [title: string, page: string]> = [
  ['an operator in a cursor ($where)', base64url(JSON.stringify(['x', { $where: '1' }]))],
  ['an operator as a cursor ($regex)', base64url(JSON.stringify({ $regex: '(' }))],
  ['a cursor of numbers only', base64url('[1,2]')],
  ['a cursor with a nested array', base64url(JSON.stringify(['x', ['y']]))],
  ['a cursor with a huge array', base64url(JSON.stringify(['x', ...Array(700).fill(1)]))],
  ['a cursor past the length limit', base64url(JSON.stringify(['x', ...Array(2000).fill(1)]))],
  ['a cursor with an over-long value', base64url(JSON.stringify(['x', 'v'.repeat(1100)]))],
  ['a cursor that is not base64', '%%%not*base64%%%'],
  ['a cursor of base64 that is not JSON', base64url('not json at all {')],
];

const UNKNOWN_FIELD = 'surelyNotAField';

/** The paging cursor of list operations (`pagingShape.page`), told by its description. */
const isPagingCursor = (schema: JsonSchema | undefined): boolean =>
  schema?.description === pagingShape.page.description;

export function badInputCases(route: RestRoute): BadInputCase[] {
  const { schema, defs } = inputSchemaOf(route.operation);
  const body = hasBody(route.method);
  /** Faces where a value is JSON (not query-string text). */
  const jsonFaces: readonly Face[] = body ? FACES : ['graphql', 'trpc'];
  const rawFaces = jsonFaces;
  const pathParams = pathParamsOf(route);
  const properties = Object.entries(schema.properties ?? {}).filter(([name]) => !pathParams.has(name));
  const someField = properties[0]?.[0] ?? 'title';
  const cases: BadInputCase[] = [
    { title: 'malformed JSON', field: '', rawFields: '{"oops": ', faces: rawFaces },
    { title: 'an unknown field', field: UNKNOWN_FIELD, values: { [UNKNOWN_FIELD]: 'x' }, faces: FACES },
    {
      title: 'a __proto__ key',
      field: '__proto__',
      message: /__proto__|prototype/i,
      rawFields: `{"__proto__":{"${someField}":"x","isInstanceAdmin":true}}`,
      faces: rawFaces,
    },
    {
      title: 'a constructor.prototype key',
      field: 'constructor',
      message: /constructor|prototype/i,
      rawFields: `{"constructor":{"prototype":{"${someField}":"x"}}}`,
      faces: rawFaces,
    },
  ];
  const add = (title: string, field: string, value: unknown, faces: readonly Face[] = FACES) =>
    cases.push({ title, field, values: { [field.split('.')[0]!]: value }, faces });

  for (const [name, raw] of properties) {
    const variants = variantsOf(raw, defs);
    const types = typesOf(resolve(raw, defs)).concat(variants.flatMap((s) => typesOf(s)));
    if (name === 'page' && isPagingCursor(raw)) {
      for (const [title, page] of FORGED_CURSORS) add(title, 'page', page);
      continue;
    }
    if (name === 'limit') {
      add('limit 0', 'limit', 0);
      add('limit 1001', 'limit', 1001);
      add("limit 'abc'", 'limit', 'abc');
      continue;
    }
    const isText = types.includes('string');
    if ((types.includes('number') || types.includes('integer')) && !isText) add(`${name} 'abc'`, name, 'abc');
    if (types.includes('boolean') && !isText) add(`${name} 'maybe'`, name, 'maybe');
    if (isText && !types.includes('object') && !types.includes('array')) {
      add(`${name} an object`, name, { wrong: true }, jsonFaces);
    }
    if (variants.some((s) => Array.isArray(s.enum))) add(`${name} outside its enum`, name, 'not-a-value');
    const maxLength = variants.map((s) => numberOf(s, 'maxLength')).find((n) => n !== undefined);
    if (maxLength !== undefined && (body || maxLength < 4096)) {
      add(`${name} longer than ${maxLength}`, name, 'x'.repeat(maxLength + 1));
    }
    const minLength = variants.map((s) => numberOf(s, 'minLength')).find((n) => n !== undefined);
    if (minLength !== undefined && minLength > 1) {
      add(`${name} shorter than ${minLength}`, name, 'x'.repeat(minLength - 1));
    }
    const object = variants.find((s) => s.type === 'object' && s.properties);
    if (object) {
      add(`${name} a string`, name, 'x', jsonFaces);
      cases.push({
        title: `${name} with an unknown nested field`,
        field: `${name}.${UNKNOWN_FIELD}`,
        values: { [name]: { ...(sampleValue(name, object, defs) as object), [UNKNOWN_FIELD]: 'x' } },
        faces: jsonFaces,
      });
    }
    const array = variants.find((s) => s.type === 'array');
    if (array) {
      add(`${name} an object`, name, { wrong: true }, jsonFaces);
      const items = variantsOf(array.items, defs);
      const objectItems = items.find((s) => s.type === 'object');
      const textItems = items.some((s) => s.type === 'string');
      cases.push({
        title: `${name} with an item of the wrong type`,
        field: `${name}.0`,
        values: { [name]: [textItems ? 42 : 'x'] },
        faces: jsonFaces,
      });
      if (objectItems) {
        cases.push({
          title: `${name} with an item with an unknown field`,
          field: `${name}.0`,
          values: { [name]: [{ ...(sampleValue(name, objectItems, defs) as object), [UNKNOWN_FIELD]: 'x' }] },
          faces: jsonFaces,
        });
      }
      const maxItems = numberOf(array, 'maxItems');
      if (maxItems !== undefined) {
        const item = sampleValue(name, array.items, defs);
        add(`${name} with ${maxItems + 1} items`, name, Array(maxItems + 1).fill(item), jsonFaces);
      }
    }
  }
  return cases;
}
