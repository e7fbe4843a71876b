/**
 * Reading one operation out of an OpenAPI description in the browser (3.x and Swagger 2.0),
 * for the `openapi-operation` block: the operations a spec has (the insert dialog), and one
 * operation with its parameters, request body and responses, local `$ref`s followed (the
 * block's rendering). The description is one JSON document: the server gives a YAML spec,
 * or one of several files, as one (`bundled`), so the app needs no YAML parser. A version
 * processed before the server did so reads as `unreadable` when YAML, and the block says so
 * with a link to the spec's full reference (rendered by Scalar, which reads YAML).
 */
import { OPENAPI_METHODS, type OpenApiMethod } from '@quire/documents/openapi-operation';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The parsed description, or undefined when it is not a JSON object (YAML, or broken). */
export function parseDescription(source: string): JsonObject | undefined {
  if (!source.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(source);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Follows a local `$ref` (`#/components/...`), at most 32 hops (a cycle ends unresolved). */
export function resolveRef(document: JsonObject, value: unknown): unknown {
  let current = value;
  for (let hop = 0; hop < 32; hop += 1) {
    if (!isObject(current) || typeof current.$ref !== 'string') return current;
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    let target: unknown = document;
    for (const raw of ref.slice(2).split('/')) {
      const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) || Array.isArray(target) ? (target as JsonObject)[segment] : undefined;
    }
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

export interface OperationEntry {
  path: string;
  method: OpenApiMethod;
  summary: string | undefined;
}

/** Every operation of the description, in its order (paths, then methods in OpenAPI's order). */
export function operationsOf(document: JsonObject): OperationEntry[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) => {
    const resolved = resolveRef(document, item);
    if (!isObject(resolved)) return [];
    return OPENAPI_METHODS.flatMap((method) => {
      const operation = resolved[method];
      return isObject(operation) ? [{ path, method, summary: text(operation.summary) }] : [];
    });
  });
}

export interface OperationParameter {
  name: string;
  location: string;
  required: boolean;
  description: string | undefined;
  schema: unknown;
}

export interface MediaContent {
  mediaType: string;
  schema: unknown;
}

export interface OperationResponse {
  status: string;
  description: string | undefined;
  contents: MediaContent[];
}

export interface ResolvedOperation {
  path: string;
  method: OpenApiMethod;
  summary: string | undefined;
  description: string | undefined;
  deprecated: boolean;
  parameters: OperationParameter[];
  requestBody: { description: string | undefined; required: boolean; contents: MediaContent[] } | undefined;
  responses: OperationResponse[];
}

function contentsOf(document: JsonObject, content: unknown): MediaContent[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => {
    const resolved = resolveRef(document, media);
    return { mediaType, schema: isObject(resolved) ? resolved.schema : undefined };
  });
}

/** Parameters of the path item and of the operation, the operation's winning (as in OpenAPI). */
function parametersOf(document: JsonObject, item: JsonObject, operation: JsonObject): JsonObject[] {
  const byKey = new Map<string, JsonObject>();
  for (const list of [item.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const parameter = resolveRef(document, entry);
      if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
      byKey.set(String(parameter.in) + ' ' + parameter.name, parameter);
    }
  }
  return [...byKey.values()];
}

/** The operation at `path` and `method`, or undefined when the description has none there. */
export function findOperation(
  document: JsonObject,
  path: string,
  method: OpenApiMethod,
): ResolvedOperation | undefined {
  const item = resolveRef(document, isObject(document.paths) ? document.paths[path] : undefined);
  if (!isObject(item) || !isObject(item[method])) return undefined;
  const operation = item[method] as JsonObject;
  const swagger = typeof document.swagger === 'string';
  const all = parametersOf(document, item, operation);
  // Swagger 2.0 has its body as a parameter (`in: body`) and its form fields as parameters.
  const body = swagger ? all.find((parameter) => parameter.in === 'body') : undefined;
  const parameters = all
    .filter((parameter) => parameter !== body)
    .map((parameter) => ({
      name: String(parameter.name),
      location: String(parameter.in ?? ''),
      required: parameter.required === true,
      description: text(parameter.description),
      schema: parameter.schema ?? (swagger ? { type: parameter.type, format: parameter.format } : undefined),
    }));
  const produces = Array.isArray(operation.produces)
    ? operation.produces
    : Array.isArray(document.produces)
      ? document.produces
      : ['application/json'];
  const requestBodyObject = resolveRef(document, operation.requestBody);
  const requestBody = isObject(requestBodyObject)
    ? {
        description: text(requestBodyObject.description),
        required: requestBodyObject.required === true,
        contents: contentsOf(document, requestBodyObject.content),
      }
    : body
      ? {
          description: text(body.description),
          required: body.required === true,
          contents: [{ mediaType: 'body', schema: body.schema }],
        }
      : undefined;
  const responses = isObject(operation.responses)
    ? Object.entries(operation.responses).map(([status, value]): OperationResponse => {
        const response = resolveRef(document, value);
        const fields = isObject(response) ? response : {};
        const contents = swagger
          ? fields.schema === undefined
            ? []
            : [{ mediaType: String(produces[0] ?? 'application/json'), schema: fields.schema }]
          : contentsOf(document, fields.content);
        return { status, description: text(fields.description), contents };
      })
    : [];
  return {
    path,
    method,
    summary: text(operation.summary),
    description: text(operation.description),
    deprecated: operation.deprecated === true,
    parameters,
    requestBody,
    responses,
  };
}
