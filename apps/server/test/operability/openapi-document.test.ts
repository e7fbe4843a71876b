/**
 * The OpenAPI document as the server serves it: every operation under a described tag,
 * and an example for every parameter, request body and answer that the document's own
 * schemas accept, and whose requests the operation itself accepts.
 */
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { API_GROUPS } from '../../src/faces/openapi/api-groups';
import { API_TAGS, tagOf } from '../../src/faces/openapi/api-tags';
import { documentPartPath } from '../../src/faces/openapi/register-docs';
import { restRoutes } from '../../src/faces/rest/route-table';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON
type Json = any;

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

let server: TestServer;
let document: Json;
beforeAll(async () => {
  server = await startTestServer();
  const response = await server.api('/openapi.json');
  expect(response.status).toBe(200);
  document = response.body;
});
afterAll(() => server.close());

interface DocumentedOperation {
  method: string;
  path: string;
  operation: Json;
}

const operations = (): DocumentedOperation[] =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );

const DOCUMENT_ID = 'quire-openapi.json';
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** Problems of `value` against `schema`, whose `$ref`s point into the document's components. */
function problemsOf(schema: Json, value: unknown): string[] {
  if (!ajv) {
    ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  }
  const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
  let validate = validators.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text));
    validators.set(text, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('tags', () => {
  it('puts every operation under a tag the document describes, and lists no tag without one', () => {
    const described = new Map<string, string>(
      document.tags.map((tag: { name: string; description: string }) => [tag.name, tag.description]),
    );
    expect([...described.keys()]).toEqual(API_TAGS.map((tag) => tag.name));
    for (const description of described.values()) expect(description.length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const { method, path, operation } of operations()) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(described.has(operation.tags[0]), `${method} ${path}: ${operation.tags[0]}`).toBe(true);
      used.add(operation.tags[0]);
    }
    expect([...used].sort()).toEqual([...described.keys()].sort());
  });

  it('chooses the tag of the longest prefix, on whole name segments', () => {
    const cases: Array<[operation: string, tag: string | undefined]> = [
      ['user.get', 'Current user'],
      ['user.tokens.revoke', 'Current user'],
      ['users.get', 'Users'],
      ['orgs.create', 'Organizations'],
      ['orgs.members.teams.list', 'Members'],
      ['orgs.teams.members.put', 'Teams'],
      ['orgs.sso.list', 'Single sign-on'],
      ['spaces.permissions.users.update', 'Permissions'],
      ['collections.spaces.list', 'Collections'],
      ['collections.permissions.aggregate', 'Permissions'],
      ['admin.tokens.create', 'Administration'],
      ['usersettings.get', undefined],
      ['pages.list', undefined],
    ];
    for (const [operation, tag] of cases) expect(tagOf(operation)?.name, operation).toBe(tag);
  });
});

/** The `$ref`s found anywhere in `value`. */
function refsIn(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  return found;
}

describe('the parts /docs shows', () => {
  it('hold between them every operation once, each part the schemas its operations refer to and no other', async () => {
    const seen: string[] = [];
    for (const group of API_GROUPS) {
      const part = (await server.api(documentPartPath(group.id))).body;
      for (const [path, methods] of Object.entries(part.paths as Record<string, Json>))
        for (const method of Object.keys(methods)) seen.push(`${method} ${path}`);
      // Every reference resolves inside the part, and each schema kept is referred to.
      const refs = refsIn(part.paths);
      const kept = Object.keys(part.components.schemas);
      for (const name of kept) for (const ref of refsIn(part.components.schemas[name])) refs.add(ref);
      expect([...refs].filter((ref) => !ref.startsWith('#/components/schemas/'))).toEqual([]);
      expect([...refs].map((ref) => ref.slice('#/components/schemas/'.length)).sort()).toEqual(kept.sort());
      for (const name of kept)
        expect(part.components.schemas[name]).toEqual(document.components.schemas[name]);
      expect(part.components.securitySchemes).toEqual(document.components.securitySchemes);
      expect(kept.length).toBeLessThan(Object.keys(document.components.schemas).length);
    }
    expect(seen.sort()).toEqual(
      operations()
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    );
  });
});

describe("Swagger UI's own copies", () => {
  it('serve the whole document at /docs/json and /docs/yaml', async () => {
    expect((await server.api('/docs/json')).body).toEqual(document);
    const yaml = await fetch(`${server.url}/docs/yaml`);
    expect(yaml.status).toBe(200);
    expect(parseYaml(await yaml.text())).toEqual(document);
  });
});

describe('examples', () => {
  it('has an example for every parameter, request body and answer, each valid against its schema', () => {
    let checked = 0;
    for (const { method, path, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters) {
        if (!parameter.required) {
          // Swagger UI would send an example of a filter or a paging cursor with "Try it out".
          expect(parameter.example, `${where} ${parameter.name}`).toBeUndefined();
          continue;
        }
        expect(parameter.example, `${where} ${parameter.name}`).toBeDefined();
        expect(problemsOf(parameter.schema, parameter.example), `${where} ${parameter.name}`).toEqual([]);
        checked++;
      }
      const body = operation.requestBody?.content['application/json'];
      if (body) {
        expect(body.example, `${where} request`).toBeDefined();
        expect(problemsOf(body.schema, body.example), `${where} request`).toEqual([]);
        checked++;
      }
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const content = response.content?.['application/json'];
        if (!content) continue;
        expect(content.example, `${where} ${status}`).toBeDefined();
        expect(problemsOf(content.schema, content.example), `${where} ${status}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(operations().length * 5);
  });

  it('gives requests that the operations accept as they are', () => {
    for (const route of restRoutes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path][route.method.toLowerCase()];
      const input = {
        ...Object.fromEntries(
          operation.parameters.filter((p: Json) => p.required).map((p: Json) => [p.name, p.example]),
        ),
        ...operation.requestBody?.content['application/json'].example,
      };
      const parsed = route.operation.input.safeParse(input);
      expect(parsed.success ? [] : parsed.error.issues, `${route.method} ${route.path}`).toEqual([]);
    }
  });

  it('makes error answers examples of their own status', () => {
    const operation = document.paths['/v1/spaces/{spaceId}'].get;
    expect(operation.responses['404'].content['application/json'].example).toEqual({
      error: { code: 404, message: 'Not found, or not visible to the caller', type: 'not_found' },
    });
    expect(operation.responses['200'].content['application/json'].example).toMatchObject({
      object: 'space',
      id: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      urls: { location: expect.stringMatching(/^https:\/\//) },
    });
  });
});
