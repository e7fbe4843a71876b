/**
 * GitBook's published OpenAPI document, as shipped inside the official client package, turned
 * into response validators. The document is OpenAPI 3.0 (`nullable`, `$ref` siblings), so its
 * schemas are rewritten into JSON Schema draft-07 before ajv sees them; nothing else is
 * relaxed: formats (`uri`, `date-time`, ...) are checked and every documented property keeps
 * its type, enum and requiredness.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON
type Json = any;

const require = createRequire(import.meta.url);
// The package exports only its entry point (`dist/index.cjs`); the document sits beside `dist`.
const packageDir = dirname(dirname(require.resolve('@gitbook/api')));
const document: Json = JSON.parse(readFileSync(join(packageDir, 'spec', 'openapi.json'), 'utf8'));

/**
 * Errata: evident typos in the published document, corrected here so that a correct server
 * validates. Each is listed in the report to the lead; nothing else is changed.
 * - GET /email-domains/{emailDomain}/orgs requires `organizaitons` while declaring (and the
 *   client's types reading) `organizations`.
 * - The Space schema requires a `type` it does not declare (nor do the client's types, nor
 *   the interface document): a leftover of an older shape, dropped from `required`.
 * - RevisionPageDocument is `allOf` [RevisionPageBase, Document, ...], and Document's "Empty"
 *   branch forbids every property (`additionalProperties: false`), so a page without a body
 *   (every subpage of a tree, every page of `content/pages`) matches no branch. Inside a
 *   page, "Empty" is read as it is meant: the page carries neither `markdown` nor `document`.
 */
const emailDomainOrgs =
  document.paths['/email-domains/{emailDomain}/orgs'].get.responses['200'].content['application/json'].schema;
emailDomainOrgs.required = emailDomainOrgs.required.map((name: string) =>
  name === 'organizaitons' ? 'organizations' : name,
);

const spaceSchema = document.components.schemas.Space;
spaceSchema.required = spaceSchema.required.filter((name: string) => name !== 'type');

const pageDocument = document.components.schemas.RevisionPageDocument;
pageDocument.allOf = pageDocument.allOf.map((part: Json) =>
  part.$ref === '#/components/schemas/Document'
    ? {
        oneOf: [
          ...document.components.schemas.Document.oneOf.slice(0, 2),
          { type: 'object', not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] } },
        ],
      }
    : part,
);

const SPEC_ID = 'gitbook-openapi';
const COMPONENT_SCHEMA_REF = '#/components/schemas/';

/**
 * OpenAPI 3.0 to draft-07: `nullable: true` becomes a `null` alternative (with `null` added to
 * an `enum`), and `$ref`s point into the registered document when `external` (schemas compiled
 * on their own, outside the document).
 */
export function toJsonSchema(node: Json, external: boolean, specId = SPEC_ID): Json {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, external, specId));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema(value, external, specId);
  if (external && typeof out.$ref === 'string' && out.$ref.startsWith(COMPONENT_SCHEMA_REF)) {
    out.$ref = specId + out.$ref;
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  if (out.nullable === false) delete out.nullable;
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormatsPlugin(ajv);
// Formats of GitBook's own that the document names but does not define: any string.
ajv.addFormat('emoji', /^[\s\S]*$/);
ajv.addFormat('icon', /^[\s\S]*$/);
ajv.addSchema({ $id: SPEC_ID, components: { schemas: toJsonSchema(document.components.schemas, false) } });

export interface SpecOperation {
  operationId: string;
  method: string;
  /** Path template relative to `/v1`, e.g. `/orgs/{organizationId}`. */
  path: string;
  /** Documented statuses ('200', '204', 'default', ...). */
  statuses: string[];
}

const operations = new Map<string, SpecOperation & { responses: Json }>();
for (const [path, item] of Object.entries<Json>(document.paths)) {
  for (const [method, operation] of Object.entries<Json>(item)) {
    if (!operation?.operationId) continue;
    operations.set(operation.operationId, {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      statuses: Object.keys(operation.responses ?? {}),
      responses: operation.responses ?? {},
    });
  }
}

export function specOperation(operationId: string): SpecOperation {
  const operation = operations.get(operationId);
  if (!operation) throw new Error(`the spec has no operation ${operationId}`);
  return operation;
}

/** Whether `pathname` (relative to `/v1`) is an instance of the template `/orgs/{organizationId}`. */
export function matchesTemplate(template: string, pathname: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(pathname);
}

const resolveResponse = (response: Json): Json => {
  const ref: unknown = response?.$ref;
  if (typeof ref !== 'string') return response;
  const name = ref.replace('#/components/responses/', '');
  return document.components.responses[name];
};

/** The JSON body schema of a documented response, or null when it documents no body. */
export function responseSchema(operationId: string, status: number): Json | null {
  const operation = operations.get(operationId);
  const response = resolveResponse(operation?.responses[String(status)]);
  if (!response) throw new Error(`the spec documents no ${status} for ${operationId}`);
  return response.content?.['application/json']?.schema ?? null;
}

/**
 * The document's shared error body for a status (`{error: {code, message}}`). It names
 * 400, 404, 409, 412 and 500 only; other statuses get the same shape with their own code.
 */
export function errorSchema(status: number): Json {
  const name = {
    400: 'BadRequestError',
    404: 'NotFoundError',
    409: 'ConflictError',
    412: 'PreconditionFailedError',
  }[status];
  const shared = (response: string): Json =>
    document.components.responses[response].content['application/json'].schema;
  if (name) return shared(name);
  const shape = structuredClone(shared('NotFoundError'));
  shape.properties.error.properties.code.enum = [status];
  return shape;
}

const compiled = new Map<Json, ValidateFunction>();

/** Validates `body` against an OpenAPI schema from the document; returns readable mismatches. */
export function validateAgainst(schema: Json, body: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema, true));
    compiled.set(schema, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => describeError(error, body));
}

function valueAt(body: unknown, pointer: string): unknown {
  let value: Json = body;
  for (const part of pointer.split('/').slice(1)) {
    value = value?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

function describeError(error: ErrorObject, body: unknown): string {
  const at = error.instancePath || '(body)';
  const actual = JSON.stringify(valueAt(body, error.instancePath)) ?? 'undefined';
  const shown = actual.length > 160 ? `${actual.slice(0, 160)}...` : actual;
  return `${at}: ${error.message} ${JSON.stringify(error.params)} (schema ${error.schemaPath}); actual ${shown}`;
}

const resolveRef = (schema: Json): Json => {
  const ref: unknown = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_SCHEMA_REF)) return schema;
  return {
    ...document.components.schemas[ref.slice(COMPONENT_SCHEMA_REF.length)],
    ...schema,
    $ref: undefined,
  };
};

/** Every schema that can describe the value: the schema and its allOf/oneOf/anyOf branches. */
function branches(schema: Json, seen = new Set<Json>()): Json[] {
  const resolved = resolveRef(schema);
  if (!resolved || typeof resolved !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const nested = [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])];
  return [resolved, ...nested.flatMap((branch: Json) => branches(branch, seen))];
}

/**
 * Diagnostic, not a conformance rule (the document allows additional properties): the
 * properties of `body` that no branch of the schema declares, as JSON pointers.
 */
export function undeclaredProperties(schema: Json, body: unknown, at = ''): string[] {
  if (Array.isArray(body)) {
    const items = branches(schema)
      .map((branch) => branch.items)
      .filter(Boolean);
    if (items.length === 0) return [];
    return body.flatMap((item, index) => undeclaredProperties({ anyOf: items }, item, `${at}/${index}`));
  }
  if (body === null || typeof body !== 'object') return [];
  const candidates = branches(schema);
  if (candidates.some((branch) => branch.additionalProperties && branch.additionalProperties !== false))
    return [];
  const declared = new Map<string, Json[]>();
  for (const branch of candidates) {
    for (const [name, property] of Object.entries<Json>(branch.properties ?? {})) {
      declared.set(name, [...(declared.get(name) ?? []), property]);
    }
  }
  if (declared.size === 0) return [];
  return Object.entries(body).flatMap(([name, value]) => {
    const property = declared.get(name);
    if (!property) return [`${at}/${name}`];
    return undeclaredProperties({ anyOf: property }, value, `${at}/${name}`);
  });
}

/** The documented operation for a method and a path relative to `/v1` in either syntax. */
export function operationAt(method: string, path: string): SpecOperation | undefined {
  const shape = (template: string) => template.replace(/\{[^}]+\}|:[^/]+/g, '{}');
  for (const operation of operations.values()) {
    if (operation.method === method && shape(operation.path) === shape(path)) return operation;
  }
  return undefined;
}
