/**
 * `npx tsx bench/openapi.ts` (from apps/server): the OpenAPI target of issue 15, processing a
 * 2 MB OpenAPI document in under 2 s. The document is generated (resources with a list, a
 * read, an update and a delete each, and their schemas referencing one another) and served
 * as JSON from a local HTTP server; `processOpenApiSource` fetches, parses, dereferences and
 * validates it. Prints the document's size and operations, then the time of each run (the
 * first one loads and compiles the validator's schemas). `BENCH_OPENAPI_KB` sets the size
 * aimed at (default 2048).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { processOpenApiSource } from '../src/openapi/process-openapi-source';

const TARGET_BYTES = Number(process.env.BENCH_OPENAPI_KB ?? 2048) * 1024;
const RUNS = 5;

function resourceSchemas(name: string, parent: string | undefined) {
  const properties: Record<string, unknown> = {
    id: { type: 'string', format: 'uuid', description: `The identifier of the ${name}.` },
    createdAt: { type: 'string', format: 'date-time', description: `When the ${name} was created.` },
    label: { type: 'string', maxLength: 200, example: `A ${name}` },
    count: { type: 'integer', minimum: 0, description: 'How many there are.' },
    tags: { type: 'array', items: { type: 'string' } },
    state: { type: 'string', enum: ['draft', 'active', 'archived'] },
  };
  if (parent) properties.parent = { $ref: `#/components/schemas/${parent}` };
  return {
    [name]: { type: 'object', required: ['id', 'label'], properties, description: `A ${name}, as stored.` },
    [`${name}Input`]: {
      type: 'object',
      required: ['label'],
      properties: { label: properties.label, count: properties.count, tags: properties.tags },
    },
    [`${name}Page`]: {
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: `#/components/schemas/${name}` } },
        next: { type: 'string', nullable: true },
      },
    },
  };
}

function resourcePaths(name: string, tag: string) {
  const json = (schema: string) => ({
    'application/json': { schema: { $ref: `#/components/schemas/${schema}` } },
  });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const errors = {
    '404': { $ref: '#/components/responses/NotFound' },
    default: { $ref: '#/components/responses/Error' },
  };
  return {
    [`/${name.toLowerCase()}s`]: {
      get: {
        tags: [tag],
        operationId: `list${name}s`,
        summary: `Lists the ${name} resources, a page at a time`,
        parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' }],
        responses: { '200': { description: 'A page', content: json(`${name}Page`) }, ...errors },
      },
      post: {
        tags: [tag],
        operationId: `create${name}`,
        requestBody: { required: true, content: json(`${name}Input`) },
        responses: { '201': { description: 'Created', content: json(name) }, ...errors },
      },
    },
    [`/${name.toLowerCase()}s/{id}`]: {
      parameters: [id],
      get: {
        tags: [tag],
        operationId: `get${name}`,
        responses: { '200': { description: `The ${name}`, content: json(name) }, ...errors },
      },
      patch: {
        tags: [tag],
        operationId: `update${name}`,
        requestBody: { content: json(`${name}Input`) },
        responses: { '200': { description: 'Updated', content: json(name) }, ...errors },
      },
      delete: {
        tags: [tag],
        operationId: `delete${name}`,
        responses: { '204': { description: 'Deleted' }, ...errors },
      },
    },
  };
}

function generatedDocument(): string {
  const error = {
    type: 'object',
    properties: { code: { type: 'integer' }, message: { type: 'string' } },
  };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Generated', version: '1.0.0', description: 'A large generated description.' },
    servers: [{ url: 'https://api.example/v1' }],
    paths: {} as Record<string, unknown>,
    components: {
      schemas: { Error: error } as Record<string, unknown>,
      parameters: {
        Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        Cursor: { name: 'cursor', in: 'query', schema: { type: 'string' } },
      },
      responses: {
        NotFound: {
          description: 'Not found',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        Error: {
          description: 'Failed',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
  for (let index = 0; JSON.stringify(document, null, 1).length < TARGET_BYTES; index++) {
    // Batches of 20 resources between size checks keep generation quick; in each, the first
    // resource is the parent of the others.
    for (let batch = 0; batch < 20; batch++) {
      const name = `Resource${index * 20 + batch}`;
      const parent = batch === 0 ? undefined : `Resource${index * 20}`;
      Object.assign(document.components.schemas, resourceSchemas(name, parent));
      Object.assign(document.paths, resourcePaths(name, `group${index}`));
    }
  }
  return JSON.stringify(document, null, 1);
}

const body = generatedDocument();
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;

try {
  const options = { timeoutMs: 30_000, allowHosts: ['127.0.0.1'] };
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await processOpenApiSource({ url }, options);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`processing failed: ${result.code} ${result.message}`);
    if (run === 0)
      console.log(
        `document: ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MB, ${result.operations} operations, ` +
          `${Object.keys(JSON.parse(body).components.schemas).length} schemas`,
      );
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`runs (ms): ${times.map((time) => time.toFixed(0)).join(', ')}`);
  console.log(
    `first ${times[0]!.toFixed(0)} ms, median ${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} ms (target: under 2000 ms)`,
  );
} finally {
  server.closeAllConnections();
  server.close();
}
