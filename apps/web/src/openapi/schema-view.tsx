/**
 * A JSON schema shown compactly: its type in words (`array of Pet`, `string (date-time)`,
 * `one of …`) and, for an object, its properties as a nested list with required marks and
 * descriptions. Local `$ref`s are followed and named; nesting stops at four levels and at a
 * schema already open above (a recursive schema), so any schema renders in bounded size.
 */
import { isObject, type JsonObject, resolveRef } from './openapi-document';

const MAX_DEPTH = 4;

function refName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return undefined;
  return value.$ref.split('/').at(-1);
}

/** The schema's type in a few words. */
export function typeOf(document: JsonObject, value: unknown, hops = 0): string {
  const name = refName(value);
  const schema = resolveRef(document, value);
  if (!isObject(schema)) return name ?? 'any';
  if (name !== undefined && schema.type === 'object') return name;
  if (Array.isArray(schema.enum))
    return 'one of ' + schema.enum.map((option) => JSON.stringify(option)).join(', ');
  for (const combiner of ['oneOf', 'anyOf', 'allOf'] as const) {
    const options = schema[combiner];
    if (Array.isArray(options) && hops < MAX_DEPTH) {
      const words = { oneOf: 'one of', anyOf: 'any of', allOf: 'all of' }[combiner];
      return words + ' ' + options.map((option) => typeOf(document, option, hops + 1)).join(', ');
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array' && hops < MAX_DEPTH) return 'array of ' + typeOf(document, schema.items, hops + 1);
  if (typeof type !== 'string') return name ?? (isObject(schema.properties) ? 'object' : 'any');
  return typeof schema.format === 'string' ? type + ' (' + schema.format + ')' : type;
}

/** The properties of the object a schema describes (through an array's items too). */
function objectOf(document: JsonObject, value: unknown): JsonObject | undefined {
  const schema = resolveRef(document, value);
  if (!isObject(schema)) return undefined;
  if (schema.type === 'array') return objectOf(document, schema.items);
  return isObject(schema.properties) ? schema : undefined;
}

export function SchemaView({ document, schema }: { document: JsonObject; schema: unknown }) {
  return (
    <div className="operation-schema">
      <span className="operation-type">{typeOf(document, schema)}</span>
      <Properties document={document} schema={schema} depth={0} open={[]} />
    </div>
  );
}

function Properties({
  document,
  schema,
  depth,
  open,
}: {
  document: JsonObject;
  schema: unknown;
  depth: number;
  open: readonly unknown[];
}) {
  const object = objectOf(document, schema);
  if (object === undefined || depth >= MAX_DEPTH || open.includes(object)) return null;
  const required = new Set(Array.isArray(object.required) ? object.required.map(String) : []);
  const entries = Object.entries(object.properties as JsonObject);
  if (entries.length === 0) return null;
  return (
    <ul className="operation-properties">
      {entries.map(([name, property]) => {
        const resolved = resolveRef(document, property);
        const description = isObject(resolved) ? resolved.description : undefined;
        return (
          <li key={name}>
            <code className="operation-name">{name}</code>{' '}
            <span className="operation-type">{typeOf(document, property)}</span>
            {required.has(name) && <span className="operation-required"> required</span>}
            {typeof description === 'string' && <span className="muted"> — {description}</span>}
            <Properties document={document} schema={property} depth={depth + 1} open={[...open, object]} />
          </li>
        );
      })}
    </ul>
  );
}
