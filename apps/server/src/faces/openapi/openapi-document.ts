/**
 * The OpenAPI 3.1 document, generated from the REST route table and the operations' zod
 * schemas, so it cannot drift from what the server does.
 */
import type { Config } from '../../config';
import { errorBody } from '../../http/error-body';
import { HTTP_STATUS_OF } from '../../http/error-status';
import { COMPONENTS_PREFIX, inputSchemaOf, type JsonSchema, outputSchemaOf } from '../json-schema';
import type { RestRoute } from '../rest/route';
import { API_TAGS, tagOf } from './api-tags';
import { exampleOf } from './example-value';

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

/** The domain error code a status stands for first (`not_found` for 404), for the examples. */
const codeOfStatus = (status: number) =>
  Object.entries(HTTP_STATUS_OF).find(([, candidate]) => candidate === status)?.[0];

const errorResponse = (status: number, description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: `${COMPONENTS_PREFIX}Error` },
      example: errorBody(status, description, codeOfStatus(status)),
    },
  },
});

/** The tag of operations that no tag of `API_TAGS` covers (a test keeps it unused). */
const UNTAGGED = 'Other';

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
    const inQuery = new Set(route.queryInputs ?? []);

    const parameters = Object.entries(properties)
      .filter(([name]) => inPath.has(name) || !hasBody || inQuery.has(name))
      .map(([name, schema]) => {
        const parameter = {
          name,
          in: inPath.has(name) ? 'path' : 'query',
          required: inPath.has(name) || required.has(name),
          description: schema.description,
          schema,
        };
        // Optional ones (filters, paging cursors) get none: Swagger UI would send it.
        return parameter.required
          ? { ...parameter, example: exampleOf(schema, components, { field: name }) }
          : parameter;
      });
    const bodyProperties = Object.fromEntries(
      Object.entries(properties).filter(([name]) => !inPath.has(name) && !inQuery.has(name)),
    );
    const bodyRequired = [...required].filter((name) => !inPath.has(name) && !inQuery.has(name));

    const noContent = output.schema.type === 'null';
    const status = String(route.status ?? (noContent ? 204 : 200));
    const operation: Record<string, unknown> = {
      operationId: route.operationId ?? route.operation.name,
      summary: route.operation.summary,
      tags: [tagOf(route.operation.name)?.name ?? UNTAGGED],
      parameters,
      responses: {
        [status]: noContent
          ? { description: 'No content' }
          : {
              description: 'OK',
              content: route.eventStream
                ? // One event per item: its schema is the list's items'.
                  {
                    'text/event-stream': {
                      schema: output.schema.items,
                      example: exampleOf(output.schema.items as JsonSchema, components),
                    },
                  }
                : {
                    'application/json': {
                      schema: output.schema,
                      example: exampleOf(output.schema, components),
                    },
                  },
            },
        '400': errorResponse(400, 'The input is invalid; the message names the field'),
        '401': errorResponse(401, 'No valid API token'),
        '403': errorResponse(403, 'The caller may see the resource but not do this'),
        '404': errorResponse(404, 'Not found, or not visible to the caller'),
      },
    };
    if (hasBody && Object.keys(bodyProperties).length > 0) {
      const body: JsonSchema = {
        type: 'object',
        properties: bodyProperties,
        required: bodyRequired,
        additionalProperties: false,
      };
      operation.requestBody = {
        required: bodyRequired.length > 0,
        content: { 'application/json': { schema: body, example: exampleOf(body, components) } },
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
    tags: API_TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}
