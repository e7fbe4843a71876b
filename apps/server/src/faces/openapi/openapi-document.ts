/**
 * The OpenAPI 3.1 document, generated from the REST route table and the operations' zod
 * schemas, so it cannot drift from what the server does.
 */
import type { Config } from '../../config';
import { COMPONENTS_PREFIX, inputSchemaOf, type JsonSchema, outputSchemaOf } from '../json-schema';
import type { RestRoute } from '../rest/route';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer', description: 'The HTTP status code' },
        message: { type: 'string' },
        type: { type: 'string', description: 'The domain error code, e.g. not_found or validation' },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `${COMPONENTS_PREFIX}Error` } } },
});

const pathParamsOf = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

export function buildOpenApiDocument(routes: readonly RestRoute[], config: Pick<Config, 'publicUrl'>) {
  const components: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  const paths: Record<string, Record<string, unknown>> = {};

  for (const route of routes) {
    const input = inputSchemaOf(route.operation);
    const output = outputSchemaOf(route.operation);
    Object.assign(components, input.defs, output.defs);

    const properties = input.schema.properties ?? {};
    const required = new Set(input.schema.required ?? []);
    const inPath = new Set(pathParamsOf(route.path));
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

    const parameters = Object.entries(properties)
      .filter(([name]) => inPath.has(name) || !hasBody)
      .map(([name, schema]) => ({
        name,
        in: inPath.has(name) ? 'path' : 'query',
        required: inPath.has(name) || required.has(name),
        description: schema.description,
        schema,
      }));
    const bodyProperties = Object.fromEntries(
      Object.entries(properties).filter(([name]) => !inPath.has(name)),
    );
    const bodyRequired = [...required].filter((name) => !inPath.has(name));

    const noContent = output.schema.type === 'null';
    const status = String(route.status ?? (noContent ? 204 : 200));
    const operation: Record<string, unknown> = {
      operationId: route.operation.name,
      summary: route.operation.summary,
      tags: [route.operation.name.split('.').slice(0, -1).join('.') || route.operation.name],
      parameters,
      responses: {
        [status]: noContent
          ? { description: 'No content' }
          : { description: 'OK', content: { 'application/json': { schema: output.schema } } },
        '400': errorResponse('The input is invalid; the message names the field'),
        '401': errorResponse('No valid API token'),
        '403': errorResponse('The caller may see the resource but not do this'),
        '404': errorResponse('Not found, or not visible to the caller'),
      },
    };
    if (hasBody && Object.keys(bodyProperties).length > 0) {
      operation.requestBody = {
        required: bodyRequired.length > 0,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: bodyProperties,
              required: bodyRequired,
              additionalProperties: false,
            },
          },
        },
      };
    }
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire API',
      version: '1.0.0',
      description:
        'The /v1 interface of Quire (compatible with GitBook clients), plus /admin for instance administrators. Authenticate with `Authorization: Bearer <API token>`.',
    },
    servers: [{ url: config.publicUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}
