/**
 * The bad-input helper: derives, from an operation's input JSON Schema, requests that must
 * be refused with a 400 naming the field: malformed JSON, an unknown field, a wrong type
 * for each field, strings past their limits, values outside enums, and `limit` 0 and 1001.
 */
import { inputSchemaOf, type JsonSchema, typesOf } from '../../src/faces/json-schema';
import type { RestRoute } from '../../src/faces/rest/route';

export interface BadInputCase {
  title: string;
  /** Field the error must name ('' for the whole body). */
  field: string;
  /** Query parameters or JSON body, depending on the method. */
  values?: Record<string, unknown>;
  rawBody?: string;
}

const resolve = (
  schema: JsonSchema | undefined,
  defs: Record<string, JsonSchema>,
): JsonSchema | undefined => {
  const ref = schema?.$ref;
  if (ref) return defs[ref.split('/').pop()!];
  return schema;
};

const UNKNOWN_FIELD = 'surelyNotAField';

export function badInputCases(route: RestRoute): BadInputCase[] {
  const { schema, defs } = inputSchemaOf(route.operation);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const pathParams = new Set([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!));
  const cases: BadInputCase[] = [];
  if (hasBody) cases.push({ title: 'malformed JSON', field: '', rawBody: '{"oops": ' });
  cases.push({ title: 'an unknown field', field: UNKNOWN_FIELD, values: { [UNKNOWN_FIELD]: 'x' } });

  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    if (pathParams.has(name)) continue;
    const property = resolve(raw, defs);
    const types = typesOf(property);
    if (name === 'limit') {
      cases.push({ title: 'limit 0', field: 'limit', values: { limit: 0 } });
      cases.push({ title: 'limit 1001', field: 'limit', values: { limit: 1001 } });
      continue;
    }
    if (!hasBody) continue; // query strings are text: type cases are exercised through bodies
    if (
      types.length > 0 &&
      !types.includes('object') &&
      !types.includes('array') &&
      !types.includes('boolean')
    ) {
      cases.push({ title: `${name} of the wrong type`, field: name, values: { [name]: { wrong: true } } });
    } else if (types.includes('boolean') && !types.includes('string')) {
      cases.push({ title: `${name} of the wrong type`, field: name, values: { [name]: 'yes' } });
    }
    const variants = [property, ...(property?.anyOf ?? []).map((s) => resolve(s, defs))];
    const maxLength = variants.find((s) => typeof s?.maxLength === 'number')?.maxLength as number | undefined;
    if (maxLength !== undefined && maxLength < 100_000) {
      cases.push({
        title: `${name} longer than ${maxLength}`,
        field: name,
        values: { [name]: 'x'.repeat(maxLength + 1) },
      });
    }
    const minLength = variants.find((s) => typeof s?.minLength === 'number')?.minLength as number | undefined;
    if (minLength !== undefined && minLength > 1) {
      cases.push({
        title: `${name} shorter than ${minLength}`,
        field: name,
        values: { [name]: 'x'.repeat(minLength - 1) },
      });
    }
    if (variants.some((s) => Array.isArray(s?.enum))) {
      cases.push({ title: `${name} outside its enum`, field: name, values: { [name]: 'not-a-value' } });
    }
  }
  return cases;
}

/** The request path with placeholder ids for path parameters. */
export function concretePath(route: RestRoute, values: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(values[name] ?? `missing-${name}`),
  );
}
