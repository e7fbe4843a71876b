/**
 * Processing OpenAPI sources served by a local HTTP server (127.0.0.1, allowed by
 * `allowHosts` as QUIRE_FETCH_ALLOW_HOSTS would): each outcome of `processOpenApiSource`,
 * with its code and the exact message a user would see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenApiProcessingOptions,
  processOpenApiSource,
} from '../../src/openapi/process-openapi-source';
import { type SpecServer, startSpecServer } from './spec-server';

let server: SpecServer;

beforeAll(async () => {
  server = await startSpecServer();
});

afterAll(async () => {
  await server.close();
});

const local: OpenApiProcessingOptions = { timeoutMs: 5000, allowHosts: ['127.0.0.1'] };
const fromUrl = (path: string, options: Partial<OpenApiProcessingOptions> = {}) =>
  processOpenApiSource({ url: server.origin + path }, { ...local, ...options });

/** A valid OpenAPI 3.0 document of about `bytes` bytes: `count` paths with long descriptions. */
function sizedSpec(bytes: number): string {
  const paths: Record<string, unknown> = {};
  const description = 'x'.repeat(1000);
  for (let index = 0; index * 1100 < bytes; index++)
    paths['/items' + index] = { get: { description, responses: { '200': { description: 'ok' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths });
}

describe('valid specifications', () => {
  it('reads an OpenAPI 3.0 JSON document', async () => {
    const result = await fromUrl('/fixtures/bookshop-3.0.json');
    expect(result).toMatchObject({ ok: true, version: '3.0', title: 'Bookshop', operations: 3 });
    if (!result.ok) return;
    expect(result.filesystem.map((file) => file.path)).toEqual(['bookshop-3.0.json']);
    expect(JSON.parse(result.filesystem[0]!.content).info.title).toBe('Bookshop');
  });

  it('reads an OpenAPI 3.1 JSON document', async () => {
    const result = await fromUrl('/fixtures/weather-3.1.json');
    expect(result).toMatchObject({ ok: true, version: '3.1', title: 'Weather stations', operations: 1 });
  });

  it('reads a Swagger 2.0 YAML document', async () => {
    const result = await fromUrl('/fixtures/garden-2.0.yaml');
    expect(result).toMatchObject({ ok: true, version: '2.0', title: 'Garden planner', operations: 2 });
    if (result.ok) expect(result.filesystem[0]!.content).toContain('swagger: "2.0"');
  });

  it('gathers the files a multi-file specification references, by path relative to its folder', async () => {
    const result = await fromUrl('/fixtures/multi/openapi.yaml');
    expect(result).toMatchObject({ ok: true, version: '3.0', title: 'Pet clinic', operations: 2 });
    if (!result.ok) return;
    const paths = result.filesystem.map((file) => file.path);
    expect(paths).toEqual(['openapi.yaml', 'paths/pets.yaml', 'schemas/pet.yaml']);
    const pet = result.filesystem.find((file) => file.path === 'schemas/pet.yaml');
    expect(pet?.content).toContain('enum: [cat, dog, rabbit]');
  });

  it('bundles a multi-file specification into one document, fetching each file once', async () => {
    const before = server.requested.length;
    const result = await fromUrl('/fixtures/multi/openapi.yaml');
    if (!result.ok) throw new Error(result.message);
    expect(server.requested.slice(before).sort()).toEqual(
      [
        '/fixtures/multi/openapi.yaml',
        '/fixtures/multi/paths/pets.yaml',
        '/fixtures/multi/schemas/pet.yaml',
      ].sort(),
    );
    const bundled = JSON.parse(result.bundled ?? 'null');
    expect(bundled.info.title).toBe('Pet clinic');
    // Every ref is internal now: the other files' content is in the document.
    const refs = JSON.stringify(bundled).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^"\$ref":"#\//);
    expect(JSON.stringify(bundled)).toContain('"rabbit"');
  });

  it('gives a YAML specification as JSON too, and a single JSON one as it is only', async () => {
    const json = await fromUrl('/fixtures/bookshop-3.0.json');
    expect(json.ok && json.bundled).toBeUndefined();
    const yaml = await fromUrl('/fixtures/garden-2.0.yaml');
    if (!yaml.ok) throw new Error(yaml.message);
    expect(JSON.parse(yaml.bundled ?? 'null')).toMatchObject({
      swagger: '2.0',
      info: { title: 'Garden planner' },
    });
  });

  it('fetches at most four referenced files at once', async () => {
    const parts = Array.from({ length: 8 }, (_, index) => `part${index}`);
    const paths = parts.map((part) => `  /${part}:\n    $ref: ./held/${part}.yaml\n`).join('');
    server.route('/fan/openapi.yaml', `openapi: 3.0.3\ninfo: {title: f, version: "1"}\npaths:\n${paths}`);
    const result = await fromUrl('/fan/openapi.yaml');
    expect(result).toMatchObject({ ok: true, operations: 8 });
    expect(server.mostHeldAtOnce).toBeLessThanOrEqual(4);
  });

  it('reads a specification given as text', async () => {
    const text =
      'openapi: 3.1.0\ninfo:\n  title: Inline\n  version: "1"\npaths:\n  /ping:\n    get:\n      responses:\n        "204":\n          description: pong\n';
    const result = await processOpenApiSource({ text }, local);
    expect(result).toEqual({
      ok: true,
      version: '3.1',
      title: 'Inline',
      operations: 1,
      filesystem: [{ path: 'openapi.yaml', content: text }],
      bundled: JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Inline', version: '1' },
        paths: { '/ping': { get: { responses: { '204': { description: 'pong' } } } } },
      }),
    });
    const json = await processOpenApiSource(
      { text: '{"swagger":"2.0","info":{"title":"J","version":"1"},"paths":{}}' },
      local,
    );
    expect(json).toMatchObject({ ok: true, version: '2.0', filesystem: [{ path: 'openapi.json' }] });
  });
});

describe('documents that are not valid descriptions', () => {
  it('names the first validation errors with their paths', async () => {
    expect(await fromUrl('/fixtures/invalid-3.0.json')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message:
        "invalid-3.0.json is not a valid OpenAPI description: #/info must have required property 'version'; " +
        "#/paths/~1things/get must have required property 'responses'",
    });
  });

  it('refuses a JSON document that is not OpenAPI at all', async () => {
    expect(await fromUrl('/fixtures/not-openapi.json')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message:
        'not-openapi.json is not an OpenAPI description: it has neither an "openapi" nor a "swagger" field',
    });
  });

  it('refuses an unsupported version', async () => {
    const result = await processOpenApiSource(
      { text: 'openapi: 4.0.0\ninfo: {title: x, version: "1"}\n' },
      local,
    );
    expect(result).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message: 'openapi.yaml declares openapi "4.0.0": OpenAPI "3.0.x" and "3.1.x" are supported',
    });
  });

  it('refuses a description nested too deeply to validate', async () => {
    const schemas: Record<string, unknown> = {};
    for (let index = 0; index < 600; index++)
      schemas['S' + index] =
        index === 0
          ? { type: 'string' }
          : { type: 'object', properties: { inner: { $ref: '#/components/schemas/S' + (index - 1) } } };
    const text = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'deep', version: '1' },
      paths: {},
      components: { schemas },
    });
    expect(await processOpenApiSource({ text }, local)).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message:
        'openapi.json is nested too deeply to be validated (through its $refs, hundreds of levels deep)',
    });
  });

  it('names a $ref whose target does not exist', async () => {
    expect(await fromUrl('/fixtures/missing-pointer.yaml')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message:
        'missing-pointer.yaml is not a valid OpenAPI description: Missing $ref pointer "#/components/schemas/Nowhere". Token "components" does not exist.',
    });
  });
});

// Served from strings: malformed files on disk would fail the repository's lint.
describe('malformed files', () => {
  it('names a referenced file that is malformed, and its line', async () => {
    server.route(
      '/broken-ref/openapi.yaml',
      'openapi: 3.0.3\ninfo: {title: b, version: "1"}\npaths:\n  /a:\n    $ref: ./paths/a.yaml\n',
    );
    server.route('/broken-ref/paths/a.yaml', 'get:\n  responses:\n    "200": {description: ok\n');
    expect(await fromUrl('/broken-ref/openapi.yaml')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message: expect.stringMatching(/^paths\/a\.yaml is not valid JSON or YAML: line 4, column \d+: /),
    });
  });

  it('names the line of a YAML error', async () => {
    server.route(
      '/broken/malformed.yaml',
      'openapi: 3.0.3\ninfo:\n  title: Broken\n  version: "1"\npaths:\n  /a:\n    get: [\n  responses: {}\n',
    );
    expect(await fromUrl('/broken/malformed.yaml')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message: expect.stringMatching(/^malformed\.yaml is not valid JSON or YAML: line 8, column \d+: /),
    });
  });

  it('names the line of a JSON error', async () => {
    server.route(
      '/broken/malformed.json',
      '{\n  "openapi": "3.0.3",\n  "info": { "title": "Broken", "version": "1" }\n  "paths": {}\n}\n',
    );
    expect(await fromUrl('/broken/malformed.json')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message: expect.stringMatching(/^malformed\.json is not valid JSON or YAML: line 4, column \d+: /),
    });
  });
});

describe('fetch failures', () => {
  it('times out on a server slower than the timeout', async () => {
    expect(await fromUrl('/slow/never.json', { timeoutMs: 200 })).toEqual({
      ok: false,
      code: 'FETCH_TIMEOUT',
      message: 'The specification was not fetched within 200 ms',
    });
  });

  it('times out on a referenced file slower than the time left, naming it', async () => {
    server.route(
      '/slow-ref/openapi.yaml',
      'openapi: 3.0.3\ninfo: {title: s, version: "1"}\npaths:\n  /a:\n    $ref: ./never.yaml\n',
    );
    expect(await fromUrl('/slow-ref/openapi.yaml', { timeoutMs: 300 })).toEqual({
      ok: false,
      code: 'FETCH_TIMEOUT',
      message: '"never.yaml" (the $ref "./never.yaml" in openapi.yaml) was not fetched within 300 ms',
    });
  });

  it('refuses a document larger than the size limit, naming it', async () => {
    server.route('/huge/openapi.json', sizedSpec(100_000));
    expect(await fromUrl('/huge/openapi.json', { maxBytes: 64_000 })).toEqual({
      ok: false,
      code: 'FETCH_ERROR',
      message: 'The specification could not be fetched: The file at the URL is larger than 64000 bytes',
    });
  });

  it('applies the size limit to all the files together', async () => {
    const filler = `description: "${'y'.repeat(40_000)}"\n`;
    server.route(
      '/together/openapi.yaml',
      `openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: ./a.yaml\n${filler.replace('description', 'x-filler')}`,
    );
    server.route('/together/a.yaml', `get:\n  ${filler}  responses:\n    "200": {description: ok}\n`);
    expect(await fromUrl('/together/openapi.yaml', { maxBytes: 64_000 })).toEqual({
      ok: false,
      code: 'FETCH_ERROR',
      message: "The specification's files together are larger than 64000 bytes",
    });
  });

  it('fails on a 404', async () => {
    expect(await fromUrl('/fixtures/absent.json')).toEqual({
      ok: false,
      code: 'FETCH_ERROR',
      message: 'The specification could not be fetched: The URL answered with HTTP status 404',
    });
  });

  it('names a referenced file that is missing', async () => {
    server.route(
      '/dangling/openapi.yaml',
      'openapi: 3.0.3\ninfo: {title: d, version: "1"}\npaths:\n  /a:\n    $ref: ./paths/a.yaml\n',
    );
    expect(await fromUrl('/dangling/openapi.yaml')).toEqual({
      ok: false,
      code: 'FETCH_ERROR',
      message:
        '"paths/a.yaml" (the $ref "./paths/a.yaml" in openapi.yaml) could not be fetched: The URL answered with HTTP status 404',
    });
  });

  it('refuses a private address unless its host is allowed, without connecting', async () => {
    const before = server.requested.length;
    expect(await fromUrl('/fixtures/bookshop-3.0.json', { allowHosts: [] })).toEqual({
      ok: false,
      code: 'FETCH_ERROR',
      message:
        'The specification could not be fetched: The URL points to a private, local or reserved address',
    });
    expect(server.requested.length).toBe(before);
  });
});

describe('references outside the specification', () => {
  it('refuses a $ref escaping the root folder, without fetching it', async () => {
    const before = server.requested.length;
    expect(await fromUrl('/fixtures/escaping/inner/openapi.yaml')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message:
        'The $ref "../secret.yaml" in openapi.yaml cannot be followed: it is outside the specification\'s folder: only files next to it or below it are read',
    });
    expect(server.requested.slice(before)).toEqual(['/fixtures/escaping/inner/openapi.yaml']);
  });

  it('refuses a $ref to an absolute path outside the folder', async () => {
    expect(await fromUrl('/fixtures/escaping/inner/absolute.yaml')).toMatchObject({
      ok: false,
      code: 'PARSE_ERROR',
      message: expect.stringContaining(
        'The $ref "/escaping/secret.yaml" in absolute.yaml cannot be followed',
      ),
    });
  });

  it('refuses a $ref to another host, without fetching it', async () => {
    const remote = `http://localhost:${server.port}/fixtures/multi/schemas/pet.yaml`;
    server.route(
      '/remote/openapi.yaml',
      `openapi: 3.0.3\ninfo: {title: r, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: "${remote}"\n`,
    );
    const before = server.requested.length;
    expect(await fromUrl('/remote/openapi.yaml')).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message: `The $ref "${remote}" in openapi.yaml cannot be followed: it is not on the specification's host, and remote files are not fetched`,
    });
    expect(server.requested.slice(before)).toEqual(['/remote/openapi.yaml']);
  });

  it('refuses any $ref to another file in a specification given as text', async () => {
    const text =
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /pets:\n    $ref: ./paths/pets.yaml\n';
    expect(await processOpenApiSource({ text }, local)).toEqual({
      ok: false,
      code: 'PARSE_ERROR',
      message:
        'The $ref "./paths/pets.yaml" in openapi.yaml cannot be followed: a specification given as text cannot reference other files',
    });
  });
});
