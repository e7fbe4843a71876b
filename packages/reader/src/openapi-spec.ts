/**
 * What an OpenAPI block shows, read from the organization's spec: the server reads the newest
 * version of each spec a page names (`openApiSpecSlugsOf`, with the site's token: GitBook's
 * renderer does the same) and hands its JSON text over; `openApiLinksOf` answers the blocks'
 * questions (an operation by method and path, a schema by name, a webhook) from it.
 *
 * Read as data, never as markup: every string reaches the page through React (escaped).
 * Bounded: a spec over `MAX_SPEC_CHARS` is not read; `$ref`s are followed inside the document
 * only (`#/...`), at most `MAX_SCHEMA_DEPTH` levels deep, a cycle shown as the schema's name;
 * at most `MAX_PROPERTIES` properties a schema and `MAX_SCHEMA_NODES` a block; an example is
 * cut at `MAX_EXAMPLE_CHARS`. Parsed specs are kept per version (a version never changes).
 */
import type { ReaderOpenApiOperation } from './reader-model';

/** A spec as the server read it: its newest version's id and its JSON text. */
export interface ReaderOpenApiSpecText {
  version: string;
  text: string;
}

/** A schema as a tree the reader prints: a property list, an array's items, a variant list. */
export interface ReaderSchema {
  /** `string`, `integer (int64)`, `object`, `array of Pet`, `Pet`... */
  type: string;
  description?: string;
  /** Allowed values (`enum`), as text. */
  values?: string[];
  properties?: ReaderSchemaProperty[];
  /** `oneOf`/`anyOf` variants. */
  variants?: { kind: 'one of' | 'any of'; schemas: ReaderSchema[] };
  /** Set when the tree was cut here (depth, size, a cycle). */
  truncated?: boolean;
}

export interface ReaderSchemaProperty {
  name: string;
  required: boolean;
  schema: ReaderSchema;
}

export interface ReaderMediaBody {
  contentType: string;
  description?: string;
  required?: boolean;
  schema?: ReaderSchema;
  /** An example as text (JSON printed, or the spec's own string). */
  example?: string;
}

export interface ReaderOpenApiOperationDetail extends ReaderOpenApiOperation {
  parameters: Array<{
    name: string;
    in: string;
    required: boolean;
    type?: string;
    description?: string;
    example?: string;
  }>;
  requestBody?: ReaderMediaBody;
  responses: Array<{ status: string; description?: string; body?: ReaderMediaBody }>;
  /** The servers the spec names (the operation's own first), for the example request. */
  servers: string[];
}

export interface ReaderOpenApiSchemaDetail {
  name: string;
  schema: ReaderSchema;
  example?: string;
}

/** What the OpenAPI blocks read (spread into the page's `ReaderLinks`). */
export interface ReaderOpenApiLinks {
  openapiOperation(spec: string, method: string, path: string): ReaderOpenApiOperationDetail | undefined;
  openapiSchema(spec: string, name: string): ReaderOpenApiSchemaDetail | undefined;
  openapiWebhook(spec: string, name: string, method: string): ReaderOpenApiOperationDetail | undefined;
}

export const MAX_SPEC_CHARS = 8_000_000;
export const MAX_SCHEMA_DEPTH = 6;
export const MAX_PROPERTIES = 100;
export const MAX_SCHEMA_NODES = 600;
export const MAX_EXAMPLE_CHARS = 8_000;
const MAX_REF_HOPS = 32;
const KEPT_SPECS = 32;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The spec slugs a page's document names (`openapi` refs of its OpenAPI blocks), each once. */
export function openApiSpecSlugsOf(document: unknown): string[] {
  const slugs = new Set<string>();
  const stack: Array<{ node: unknown; depth: number }> = [{ node: document, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (depth > 64 || typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, depth: depth + 1 });
      continue;
    }
    const record = node as Json;
    if (record.kind === 'openapi' && typeof record.spec === 'string') slugs.add(record.spec);
    for (const value of Object.values(record))
      if (typeof value === 'object' && value !== null) stack.push({ node: value, depth: depth + 1 });
  }
  return [...slugs];
}

const parsedSpecs = new Map<string, Json | null>();

/** The spec's document, parsed once per version; null when it is not a JSON object in bounds. */
function parsedSpec(spec: ReaderOpenApiSpecText): Json | null {
  const key = `${spec.version}:${spec.text.length}`;
  const kept = parsedSpecs.get(key);
  if (kept !== undefined) return kept;
  let parsed: Json | null = null;
  if (spec.text.length <= MAX_SPEC_CHARS) {
    try {
      const value: unknown = JSON.parse(spec.text);
      parsed = isObject(value) ? value : null;
    } catch {
      parsed = null;
    }
  }
  parsedSpecs.set(key, parsed);
  if (parsedSpecs.size > KEPT_SPECS) parsedSpecs.delete(parsedSpecs.keys().next().value as string);
  return parsed;
}

/** The value at a local JSON pointer (`#/components/schemas/Pet`), or undefined. */
function atPointer(root: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let here: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(here) && !Array.isArray(here)) return undefined;
    if (key === '__proto__' || !Object.hasOwn(here as object, key)) return undefined;
    here = (here as Json)[key];
  }
  return here;
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** Follows `$ref`s to a value, with the name of the last ref followed (a schema's name). */
function resolved(root: Json, value: unknown): { value: unknown; name?: string } {
  let name: string | undefined;
  for (let hops = 0; hops < MAX_REF_HOPS && isObject(value) && typeof value.$ref === 'string'; hops++) {
    name = refName(value.$ref);
    value = atPointer(root, value.$ref);
  }
  return isObject(value) && typeof value.$ref === 'string' ? { value: undefined, name } : { value, name };
}

/** Reads schemas into trees with a budget of nodes shared by one block. */
class SchemaReader {
  private nodes = 0;
  constructor(private readonly root: Json) {}

  read(input: unknown, depth = 0, seen: ReadonlySet<string> = new Set()): ReaderSchema {
    this.nodes++;
    const { value, name } = resolved(this.root, input);
    if (!isObject(value)) return { type: name ?? 'any' };
    if (name !== undefined && seen.has(name)) return { type: name, truncated: true };
    const within = name === undefined ? seen : new Set([...seen, name]);
    const schema: ReaderSchema = { type: this.typeOf(value, name) };
    const description = text(value.description);
    if (description) schema.description = description;
    if (Array.isArray(value.enum))
      schema.values = value.enum.slice(0, 50).map((item) => JSON.stringify(item));
    if (depth >= MAX_SCHEMA_DEPTH || this.nodes > MAX_SCHEMA_NODES) {
      if (isObject(value.properties) || value.items !== undefined) schema.truncated = true;
      return schema;
    }
    const properties = this.propertiesOf(value);
    if (properties.length > 0) {
      const required = new Set(
        Array.isArray(value.required) ? value.required.filter((r) => typeof r === 'string') : [],
      );
      const shown = properties.slice(0, MAX_PROPERTIES);
      schema.properties = [];
      for (const [key, property] of shown) {
        if (this.nodes > MAX_SCHEMA_NODES) {
          schema.truncated = true;
          break;
        }
        schema.properties.push({
          name: key,
          required: required.has(key),
          schema: this.read(property, depth + 1, within),
        });
      }
      if (properties.length > shown.length) schema.truncated = true;
    } else if (value.items !== undefined) {
      const items = this.read(value.items, depth + 1, within);
      if (items.properties || items.variants) {
        schema.properties = [{ name: '[item]', required: false, schema: items }];
      }
    }
    for (const kind of ['oneOf', 'anyOf'] as const) {
      const list = value[kind];
      if (Array.isArray(list) && list.length > 0)
        schema.variants = {
          kind: kind === 'oneOf' ? 'one of' : 'any of',
          schemas: list.slice(0, 20).map((variant) => this.read(variant, depth + 1, within)),
        };
    }
    return schema;
  }

  /** Own properties, and those of `allOf` parts merged (GitBook shows them as one object). */
  private propertiesOf(value: Json): Array<[string, unknown]> {
    const out: Array<[string, unknown]> = [];
    if (isObject(value.properties)) out.push(...Object.entries(value.properties));
    if (Array.isArray(value.allOf))
      for (const part of value.allOf.slice(0, 20)) {
        const { value: resolvedPart } = resolved(this.root, part);
        if (isObject(resolvedPart) && isObject(resolvedPart.properties))
          out.push(...Object.entries(resolvedPart.properties));
      }
    return out;
  }

  typeOf(value: Json, name?: string): string {
    const type = Array.isArray(value.type)
      ? value.type.filter((t) => typeof t === 'string').join(' | ')
      : typeof value.type === 'string'
        ? value.type
        : undefined;
    if (type === 'array') {
      const items = resolved(this.root, value.items);
      const itemType = items.name ?? (isObject(items.value) ? this.typeOf(items.value) : 'any');
      return `array of ${itemType}`;
    }
    const variants = Array.isArray(value.oneOf)
      ? value.oneOf
      : Array.isArray(value.anyOf)
        ? value.anyOf
        : null;
    const variantTypes = variants
      ?.slice(0, 20)
      .map((variant) => {
        const read = resolved(this.root, variant);
        return (
          read.name ?? (isObject(read.value) && typeof read.value.type === 'string' ? read.value.type : 'any')
        );
      })
      .join(' | ');
    const base =
      name ?? type ?? variantTypes ?? (isObject(value.properties) || value.allOf ? 'object' : 'any');
    const format = text(value.format);
    return format && name === undefined ? `${base} (${format})` : base;
  }
}

/** An example as text, printed and cut to its bound. */
function exampleText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const printed = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  if (printed === undefined) return undefined;
  return printed.length > MAX_EXAMPLE_CHARS ? `${printed.slice(0, MAX_EXAMPLE_CHARS)}\n…` : printed;
}

/** An example made from a schema (its examples, defaults, enums, else a value of its type). */
function sampleOf(
  root: Json,
  input: unknown,
  depth = 0,
  budget = { nodes: 0 },
  seen: ReadonlySet<string> = new Set(),
): unknown {
  budget.nodes++;
  const { value, name } = resolved(root, input);
  if (!isObject(value) || depth > MAX_SCHEMA_DEPTH || budget.nodes > MAX_SCHEMA_NODES) return undefined;
  // A schema inside itself (a pet's parent): shown once.
  if (name !== undefined && seen.has(name)) return undefined;
  const within = name === undefined ? seen : new Set([...seen, name]);
  if (value.example !== undefined) return value.example;
  if (Array.isArray(value.examples) && value.examples.length > 0) return value.examples[0];
  if (value.default !== undefined) return value.default;
  if (Array.isArray(value.enum) && value.enum.length > 0) return value.enum[0];
  const variants = Array.isArray(value.oneOf) ? value.oneOf : Array.isArray(value.anyOf) ? value.anyOf : null;
  if (variants && variants.length > 0) return sampleOf(root, variants[0], depth + 1, budget, within);
  const type = Array.isArray(value.type) ? value.type[0] : value.type;
  if (type === 'array') {
    const item = sampleOf(root, value.items, depth + 1, budget, within);
    return item === undefined ? [] : [item];
  }
  const properties: Array<[string, unknown]> = [];
  if (isObject(value.properties)) properties.push(...Object.entries(value.properties));
  if (Array.isArray(value.allOf))
    for (const part of value.allOf.slice(0, 20)) {
      const { value: resolvedPart } = resolved(root, part);
      if (isObject(resolvedPart) && isObject(resolvedPart.properties))
        properties.push(...Object.entries(resolvedPart.properties));
    }
  if (type === 'object' || properties.length > 0) {
    const out: Json = {};
    for (const [key, property] of properties.slice(0, MAX_PROPERTIES)) {
      const sample = sampleOf(root, property, depth + 1, budget, within);
      if (sample !== undefined) out[key] = sample;
    }
    return out;
  }
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return true;
  if (type === 'string') {
    const format = text(value.format);
    if (format === 'date-time') return '2024-01-01T00:00:00Z';
    if (format === 'date') return '2024-01-01';
    if (format === 'uuid') return '00000000-0000-0000-0000-000000000000';
    if (format === 'email') return 'name@example.com';
    return 'text';
  }
  return undefined;
}

/** The first example a media type gives (`example`, `examples`), else one made from its schema. */
function mediaExample(root: Json, media: Json): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = resolved(root, Object.values(media.examples)[0]).value;
    if (isObject(first) && first.value !== undefined) return first.value;
  }
  return sampleOf(root, media.schema);
}

/** The media type a body is shown in: JSON first, else the first the spec lists. */
function mediaBody(root: Json, reader: SchemaReader, content: unknown): ReaderMediaBody | undefined {
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  const contentType = types.find((type) => /json/i.test(type)) ?? types[0];
  if (contentType === undefined) return undefined;
  const media = resolved(root, content[contentType]).value;
  if (!isObject(media)) return { contentType };
  const example = exampleText(mediaExample(root, media));
  return {
    contentType,
    ...(media.schema === undefined ? {} : { schema: reader.read(media.schema) }),
    ...(example === undefined ? {} : { example }),
  };
}

function serversOf(root: Json, ...lists: unknown[]): string[] {
  for (const list of lists)
    if (Array.isArray(list)) {
      const urls = list.map((server) => (isObject(server) ? text(server.url) : undefined)).filter(Boolean);
      if (urls.length > 0) return urls as string[];
    }
  // Swagger 2.0: a host, a base path and schemes.
  const host = text(root.host);
  if (host) {
    const scheme =
      Array.isArray(root.schemes) && typeof root.schemes[0] === 'string' ? root.schemes[0] : 'https';
    return [`${scheme}://${host}${text(root.basePath) ?? ''}`];
  }
  return [];
}

/** An operation (or webhook) object of the spec, read for its block. */
function operationDetail(root: Json, pathItem: Json, operation: Json): ReaderOpenApiOperationDetail {
  const reader = new SchemaReader(root);
  const parameters = new Map<string, ReaderOpenApiOperationDetail['parameters'][number]>();
  let requestBody: ReaderMediaBody | undefined;
  const all = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ].slice(0, 200);
  for (const raw of all) {
    const parameter = resolved(root, raw).value;
    if (!isObject(parameter)) continue;
    const name = text(parameter.name);
    const place = text(parameter.in);
    if (!name || !place) continue;
    if (place === 'body') {
      // Swagger 2.0's body parameter: the request body.
      const example = exampleText(sampleOf(root, parameter.schema));
      requestBody = {
        contentType: 'application/json',
        ...(text(parameter.description) ? { description: text(parameter.description) } : {}),
        required: parameter.required === true,
        ...(parameter.schema === undefined ? {} : { schema: reader.read(parameter.schema) }),
        ...(example === undefined ? {} : { example }),
      };
      continue;
    }
    const schema = isObject(parameter.schema) ? parameter.schema : parameter;
    const example = parameter.example ?? (isObject(schema) ? schema.example : undefined);
    const type = reader.read(schema, MAX_SCHEMA_DEPTH).type;
    parameters.set(`${place}:${name}`, {
      name,
      in: place,
      required: parameter.required === true || place === 'path',
      ...(type === 'any' ? {} : { type }),
      ...(text(parameter.description) ? { description: text(parameter.description) } : {}),
      ...(example === undefined ? {} : { example: exampleText(example) as string }),
    });
  }
  const body = resolved(root, operation.requestBody).value;
  if (isObject(body)) {
    const media = mediaBody(root, reader, body.content);
    if (media)
      requestBody = {
        ...media,
        ...(text(body.description) ? { description: text(body.description) } : {}),
        required: body.required === true,
      };
  }
  const responses: ReaderOpenApiOperationDetail['responses'] = [];
  if (isObject(operation.responses))
    for (const [status, raw] of Object.entries(operation.responses).slice(0, 50)) {
      const response = resolved(root, raw).value;
      if (!isObject(response)) continue;
      const media =
        mediaBody(root, reader, response.content) ??
        // Swagger 2.0: the response's schema itself.
        (response.schema === undefined
          ? undefined
          : {
              contentType: 'application/json',
              schema: reader.read(response.schema),
              ...(exampleText(sampleOf(root, response.schema)) === undefined
                ? {}
                : { example: exampleText(sampleOf(root, response.schema)) as string }),
            });
      responses.push({
        status,
        ...(text(response.description) ? { description: text(response.description) } : {}),
        ...(media ? { body: media } : {}),
      });
    }
  return {
    ...(text(operation.summary) ? { summary: text(operation.summary) } : {}),
    ...(text(operation.description) ? { description: text(operation.description) } : {}),
    ...(operation.deprecated === true ? { deprecated: true } : {}),
    parameters: [...parameters.values()],
    ...(requestBody ? { requestBody } : {}),
    responses,
    servers: serversOf(root, operation.servers, pathItem.servers, root.servers),
  };
}

/** The blocks' questions answered from the specs the server read, by slug. */
export function openApiLinksOf(specs: ReadonlyMap<string, ReaderOpenApiSpecText>): ReaderOpenApiLinks {
  const rootOf = (slug: string) => {
    const spec = specs.get(slug);
    return spec ? parsedSpec(spec) : null;
  };
  return {
    openapiOperation(slug, method, path) {
      const root = rootOf(slug);
      if (!root || !isObject(root.paths)) return undefined;
      const pathItem = resolved(root, Object.hasOwn(root.paths, path) ? root.paths[path] : undefined).value;
      const key = method.toLowerCase();
      if (!isObject(pathItem) || !Object.hasOwn(pathItem, key)) return undefined;
      const operation = pathItem[key];
      return isObject(operation) ? operationDetail(root, pathItem, operation) : undefined;
    },
    openapiSchema(slug, name) {
      const root = rootOf(slug);
      if (!root) return undefined;
      const schemas = isObject(root.components) ? root.components.schemas : root.definitions;
      if (!isObject(schemas) || !Object.hasOwn(schemas, name)) return undefined;
      const schema = new SchemaReader(root).read(schemas[name]);
      const example = exampleText(sampleOf(root, schemas[name]));
      return { name, schema, ...(example === undefined ? {} : { example }) };
    },
    openapiWebhook(slug, name, method) {
      const root = rootOf(slug);
      if (!root || !isObject(root.webhooks) || !Object.hasOwn(root.webhooks, name)) return undefined;
      const pathItem = resolved(root, root.webhooks[name]).value;
      const key = method.toLowerCase();
      if (!isObject(pathItem) || !Object.hasOwn(pathItem, key)) return undefined;
      const operation = pathItem[key];
      return isObject(operation) ? operationDetail(root, pathItem, operation) : undefined;
    },
  };
}
