/**
 * Example values for the OpenAPI document, generated from the JSON Schemas (which come from
 * the operations' zod schemas), so they follow the schemas as these change. What a schema
 * declares wins: `examples` (zod's `.meta({ examples })`), `default`, `const`, an enum's
 * first value. Otherwise the value has the schema's type and bounds, and where a plain
 * string says no more, its name and description shape it: ids (`…Id`, "Id of …"),
 * timestamps (`…At`, "When …"), email addresses, URLs (anything under `urls`, "URL of …").
 */
import { COMPONENTS_PREFIX, type JsonSchema } from '../json-schema';

const ID = '0Uxl3b7QmZk2Tc9VbRyA';
const TIMESTAMP = '2025-01-15T09:30:00.000Z';
const EMAIL = 'ada@example.com';
const EXAMPLE_URL = 'https://docs.example.com';

/** Strings tried, in order, against a schema's pattern. */
const PATTERN_CANDIDATES = [
  'example',
  'example.com',
  'en',
  '-----BEGIN CERTIFICATE-----\nMIIBexample\n-----END CERTIFICATE-----',
];

interface Place {
  /** The property (or parameter) name the value is for, when there is one. */
  field?: string;
  /** The name of the object property holding it (`urls` for `urls.location`). */
  parent?: string;
}

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function fitted(value: string, schema: JsonSchema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const long = value.length >= min ? value : value.padEnd(min, value || 'x');
  return long.slice(0, max);
}

function stringExample(schema: JsonSchema, { field = '', parent }: Place): string {
  const format = schema.format;
  if (format === 'email') return EMAIL;
  if (format === 'uri' || format === 'url') return EXAMPLE_URL;
  if (format === 'date-time') return TIMESTAMP;
  if (format === 'date') return TIMESTAMP.slice(0, 10);
  const description = typeof schema.description === 'string' ? schema.description : '';
  let named: string;
  if (field === 'id' || field.endsWith('Id') || /^(ids? of|user id)\b/i.test(description)) named = ID;
  else if (field.endsWith('At') || /^when\b/i.test(description)) named = TIMESTAMP;
  else if (/^e?mail$|Email$/.test(field) || /^email address/i.test(description)) named = EMAIL;
  else if (/domain/i.test(field)) named = 'example.com';
  else if (/hostname$/i.test(field)) named = 'docs.example.com';
  else if (parent === 'urls' || /url$/i.test(field) || /\bURL\b/.test(description)) named = EXAMPLE_URL;
  else named = field ? `Example ${words(field)}` : 'example';
  if (typeof schema.pattern !== 'string') return fitted(named, schema);
  const pattern = new RegExp(schema.pattern, 'u');
  const matching = [named, ...PATTERN_CANDIDATES].map((candidate) => fitted(candidate, schema));
  return matching.find((candidate) => pattern.test(candidate)) ?? named;
}

/** 0, or the bound nearest to it. */
function numberExample(schema: JsonSchema): number {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : Number.NEGATIVE_INFINITY;
  const high = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, low), high);
}

const isNullSchema = (schema: JsonSchema) => schema.type === 'null';

/** The example of a schema, with components resolved; `undefined` only for a component that refers to itself. */
export function exampleOf(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  place: Place = {},
  expanding: ReadonlySet<string> = new Set(),
): unknown {
  if (schema.$ref?.startsWith(COMPONENTS_PREFIX)) {
    const name = schema.$ref.slice(COMPONENTS_PREFIX.length);
    const target = components[name];
    if (!target || expanding.has(name)) return undefined;
    return exampleOf(target, components, place, new Set([...expanding, name]));
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];

  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const chosen = branches.find((branch) => !isNullSchema(branch)) ?? branches[0];
    return chosen ? exampleOf(chosen, components, place, expanding) : null;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];

  switch (type) {
    case 'object':
      return objectExample(schema, components, place, expanding);
    case 'array': {
      // The array's description ("Ids of …") speaks for items that have none.
      const items = schema.items && { description: schema.description, ...schema.items };
      const item = items ? exampleOf(items, components, place, expanding) : 'example';
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return schema.maxItems === 0 || item === undefined ? [] : Array.from({ length: count }, () => item);
    }
    case 'string':
      return stringExample(schema, place);
    case 'integer':
    case 'number':
      return numberExample(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return schema.properties ? objectExample(schema, components, place, expanding) : {};
  }
}

function objectExample(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  place: Place,
  expanding: ReadonlySet<string>,
): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = exampleOf(property, components, { field: name, parent: place.field }, expanding);
    if (value !== undefined) example[name] = value;
  }
  const extra = schema.additionalProperties;
  if (Object.keys(example).length === 0 && typeof extra === 'object' && extra !== null) {
    // A record (`z.record`), keyed by ids in this API.
    const value = exampleOf(extra as JsonSchema, components, { parent: place.field }, expanding);
    if (value !== undefined) example[ID] = value;
  }
  return example;
}
