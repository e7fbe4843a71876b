/**
 * OpenAPI specifications through real HTTP: create from a URL (served by a local server)
 * and from text, processing by the job runner (the state, the version, its files), a
 * failing upload that keeps the last good version, create-or-update, visibility, deletion,
 * racing uploads, and the job behind an upload.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

const petstore = (title: string) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title, version: '1.0.0' },
    paths: {
      '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'The pets' } } } },
      '/pets/{id}': {
        get: {
          summary: 'Get a pet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'A pet' } },
        },
      },
    },
  });

const files: Record<string, string> = {
  '/petstore.json': petstore('Petstore'),
  '/petstore-v2.json': petstore('Petstore v2'),
  '/not-openapi.json': JSON.stringify({ hello: 'world' }),
  '/multi/root.json': JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Split', version: '1.0.0' },
    paths: {
      '/pets': {
        get: {
          responses: {
            '200': {
              description: 'A pet',
              content: { 'application/json': { schema: { $ref: './pet.json' } } },
            },
          },
        },
      },
    },
  }),
  '/multi/pet.json': JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } }),
};

let specServer: Server;
let specBase: string;
let server: TestServer;
beforeAll(async () => {
  specServer = createServer((request, response) => {
    const body = files[request.url ?? ''];
    if (body === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => specServer.listen(0, '127.0.0.1', resolve));
  specBase = `http://127.0.0.1:${(specServer.address() as AddressInfo).port}`;
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => specServer.close(resolve));
});

async function call(token: string, method: string, path: string, body?: unknown) {
  return server.api(path, body === undefined ? { method, token } : { method, token, body });
}

/** The spec once its last upload is processed (polled, with a deadline). */
async function processed(org: TestOrganization, slug: string): Promise<Json> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await call(org.admin.token, 'GET', `/v1/orgs/${org.organization.id}/openapi/${slug}`);
    if (body.processingState === 'complete') return body;
    if (Date.now() > deadline) throw new Error(`${slug} still ${body.processingState} after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('OpenAPI specifications', () => {
  it('creates a spec from a URL, processes it into a version with its files, and lists it', async () => {
    const org = await createOrganization(server);
    const specs = `/v1/orgs/${org.organization.id}/openapi`;
    const created = await call(org.admin.token, 'POST', specs, {
      slug: 'petstore',
      source: { url: `${specBase}/petstore.json` },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'openapi-spec',
      slug: 'petstore',
      processingState: 'pending',
      visibility: 'private',
      sourceURL: `${specBase}/petstore.json`,
      permissions: { view: true, edit: true, delete: true },
    });
    const spec = await processed(org, 'petstore');
    expect(spec.lastVersion).toEqual(expect.any(String));
    expect(spec.lastProcessedAt).toEqual(expect.any(String));
    expect(spec.lastProcessErrorCode).toBeUndefined();

    const versions = await call(org.admin.token, 'GET', `${specs}/petstore/versions`);
    expect(versions.body.items.map((v: Json) => v.id)).toEqual([spec.lastVersion]);
    const latest = await call(org.admin.token, 'GET', `${specs}/petstore/versions/latest`);
    expect(latest.body).toMatchObject({
      object: 'openapi-spec-version',
      id: spec.lastVersion,
      url: `${specBase}/petstore.json`,
      specVersion: '3.0',
      title: 'Petstore',
      operations: 2,
    });
    const content = await call(
      org.admin.token,
      'GET',
      `${specs}/petstore/versions/${spec.lastVersion}/content`,
    );
    expect(content.status).toBe(200);
    const [root] = Object.values(content.body.filesystem) as string[];
    expect(JSON.parse(root ?? '')).toEqual(JSON.parse(files['/petstore.json'] ?? ''));
    expect((await call(org.admin.token, 'GET', `${specs}/petstore/versions/latest/content`)).body).toEqual(
      content.body,
    );

    const listed = await call(org.admin.token, 'GET', specs);
    expect(listed.body.items.map((s: Json) => s.slug)).toEqual(['petstore']);
  });

  it('keeps the last good version when an upload fails, with its code and exact reason', async () => {
    const org = await createOrganization(server);
    const spec = `/v1/orgs/${org.organization.id}/openapi/api`;
    await call(org.admin.token, 'PUT', spec, { source: { url: `${specBase}/petstore.json` } });
    const good = await processed(org, 'api');

    const put = await call(org.admin.token, 'PUT', spec, { source: { url: `${specBase}/not-openapi.json` } });
    expect(put.status).toBe(200);
    expect(put.body.processingState).toBe('pending');
    const failed = await processed(org, 'api');
    expect(failed.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(failed.lastProcessErrorMessage).toEqual(expect.any(String));
    expect(failed.lastVersion).toBe(good.lastVersion);
    expect((await call(org.admin.token, 'GET', `${spec}/versions`)).body.count).toBe(1);

    await call(org.admin.token, 'PUT', spec, { source: { url: `${specBase}/missing.json` } });
    expect((await processed(org, 'api')).lastProcessErrorCode).toBe('FETCH_ERROR');
    await call(org.admin.token, 'PUT', spec, { source: { url: 'http://10.1.2.3/spec.json' } });
    const refused = await processed(org, 'api');
    expect(refused.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(refused.lastVersion).toBe(good.lastVersion);

    // A good upload again: a second version, the new last one, the error gone.
    await call(org.admin.token, 'PUT', spec, { source: { url: `${specBase}/petstore-v2.json` } });
    const mended = await processed(org, 'api');
    expect(mended.lastProcessErrorCode).toBeUndefined();
    expect(mended.lastVersion).not.toBe(good.lastVersion);
    const versions = await call(org.admin.token, 'GET', `${spec}/versions`);
    expect(versions.body.items.map((v: Json) => v.id)).toEqual([mended.lastVersion, good.lastVersion]);
  });

  it('creates from text, and the job of the upload tells what it did', async () => {
    const org = await createOrganization(server);
    const created = await call(org.admin.token, 'POST', `/v1/orgs/${org.organization.id}/openapi`, {
      slug: 'from-text',
      source: { text: petstore('Typed in') },
    });
    expect(created.body.sourceURL).toBeUndefined();
    const spec = await processed(org, 'from-text');
    const job = await call(org.admin.token, 'GET', `/v1/jobs/${created.body.job}`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ state: 'done', kind: 'openapi.process' });
    expect(JSON.stringify(job.body.log)).toContain('processed');
    const version = await call(
      org.admin.token,
      'GET',
      `/v1/orgs/${org.organization.id}/openapi/from-text/versions/${spec.lastVersion}`,
    );
    expect(version.body.url).toContain(`/openapi/from-text/versions/${spec.lastVersion}/content`);
  });

  it('refuses a slug taken, naming it, and writes nothing', async () => {
    const org = await createOrganization(server);
    const specs = `/v1/orgs/${org.organization.id}/openapi`;
    await call(org.admin.token, 'POST', specs, { slug: 'taken', source: { text: petstore('A') } });
    const again = await call(org.admin.token, 'POST', specs, {
      slug: 'taken',
      source: { text: petstore('B') },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('slug');
    expect((await call(org.admin.token, 'GET', specs)).body.count).toBe(1);
  });

  it('names the field of bad input, and writes nothing', async () => {
    const org = await createOrganization(server);
    const specs = `/v1/orgs/${org.organization.id}/openapi`;
    const cases: Array<[body: unknown, field: string]> = [
      [{ slug: 'Bad Slug', source: { text: 'x' } }, 'slug'],
      [{ slug: 'a'.repeat(101), source: { text: 'x' } }, 'slug'],
      [{ slug: { $ne: 1 }, source: { text: 'x' } }, 'slug'],
      [{ slug: 'ok', source: { url: 'https://example.com/a.json', text: 'x' } }, 'source'],
      [{ slug: 'ok', source: {} }, 'source'],
      [{ slug: 'ok', source: { url: 'ftp://example.com/a.json' } }, 'source.url'],
      [{ slug: 'ok', source: { text: '' } }, 'source.text'],
    ];
    for (const [body, field] of cases) {
      const response = await call(org.admin.token, 'POST', specs, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.issues.map((issue: Json) => issue.field)).toContain(field);
    }
    const both = await call(org.admin.token, 'POST', specs, {
      slug: 'ok',
      source: { url: 'https://a.b/c', text: 'x' },
    });
    expect(both.body.error.message).toContain('either `url`');
    expect((await call(org.admin.token, 'GET', specs)).body.count).toBe(0);
  });

  it('two creates of one slug racing: one spec, one 201 and one 409', async () => {
    const org = await createOrganization(server);
    const specs = `/v1/orgs/${org.organization.id}/openapi`;
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(org.admin.token, 'POST', specs, { slug: 'race', source: { text: petstore('R') } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
    expect((await call(org.admin.token, 'GET', specs)).body.count).toBe(1);
  });

  it('racing uploads: the last one recorded is the one whose outcome the spec shows', async () => {
    const org = await createOrganization(server);
    const spec = `/v1/orgs/${org.organization.id}/openapi/raced`;
    await call(org.admin.token, 'PUT', spec, { source: { text: petstore('First') } });
    const answers = await Promise.all(
      ['Second', 'Third', 'Fourth'].map((title) =>
        call(org.admin.token, 'PUT', spec, { source: { text: petstore(title) } }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const final = await processed(org, 'raced');
    const latest = await call(org.admin.token, 'GET', `${spec}/versions/latest`);
    expect(latest.body.id).toBe(final.lastVersion);
    expect(final.job).toBe(final.lastVersion);
  });

  it('changes the visibility, deletes (204, also when gone), and then nothing is found', async () => {
    const org = await createOrganization(server);
    const spec = `/v1/orgs/${org.organization.id}/openapi/gone`;
    await call(org.admin.token, 'PUT', spec, { source: { text: petstore('Gone') } });
    await processed(org, 'gone');
    expect((await call(org.admin.token, 'PATCH', spec, { visibility: 'public' })).body.visibility).toBe(
      'public',
    );
    const bad = await call(org.admin.token, 'PATCH', spec, { visibility: 'everyone' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('visibility');
    expect((await call(org.admin.token, 'DELETE', spec)).status).toBe(204);
    expect((await call(org.admin.token, 'DELETE', spec)).status).toBe(204);
    expect((await call(org.admin.token, 'GET', spec)).status).toBe(404);
    expect((await call(org.admin.token, 'GET', `${spec}/versions`)).status).toBe(404);
    expect((await call(org.admin.token, 'GET', `${spec}/versions/latest`)).status).toBe(404);
  });

  it('answers 404 for a version not processed yet or unknown, and hides specs from guests', async () => {
    const org = await createOrganization(server);
    const spec = `/v1/orgs/${org.organization.id}/openapi/empty`;
    await call(org.admin.token, 'PUT', spec, { source: { url: `${specBase}/missing.json` } });
    await processed(org, 'empty');
    const latest = await call(org.admin.token, 'GET', `${spec}/versions/latest`);
    expect(latest.status).toBe(404);
    expect(latest.body.error.message).toContain('version');
    expect((await call(org.admin.token, 'GET', `${spec}/versions/nope`)).status).toBe(404);
    const guest = await addMember(server, org.organization.id, null);
    expect((await call(guest.token, 'GET', spec)).status).toBe(404);
    expect((await call(guest.token, 'GET', `/v1/orgs/${org.organization.id}/openapi`)).body.count).toBe(0);
    const reader = await addMember(server, org.organization.id, 'read');
    const asReader = await call(reader.token, 'GET', spec);
    expect(asReader.body.permissions).toEqual({ view: true, edit: false, delete: false });
    expect((await call(reader.token, 'PUT', spec, { source: { text: petstore('No') } })).status).toBe(403);
  });

  it('serves a multi-file spec as its files and as one bundled document', async () => {
    const org = await createOrganization(server);
    const spec = `/v1/orgs/${org.organization.id}/openapi/split`;
    await call(org.admin.token, 'PUT', spec, { source: { url: `${specBase}/multi/root.json` } });
    await processed(org, 'split');
    const { body } = await call(org.admin.token, 'GET', `${spec}/versions/latest/content`);
    expect(Object.keys(body.filesystem)).toEqual(['root.json', 'pet.json']);
    const bundled = JSON.parse(body.bundled);
    expect(JSON.stringify(bundled)).not.toContain('pet.json');
    expect(JSON.stringify(bundled)).toContain('"name":{"type":"string"}');
  });

  it('shows a public spec and its versions to anyone, signed in or not, on every face, and nothing more', async () => {
    const org = await createOrganization(server);
    const organizationId = org.organization.id;
    const spec = `/v1/orgs/${organizationId}/openapi/open`;
    await call(org.admin.token, 'PUT', spec, { source: { text: petstore('Open') } });
    const privateSpec = await processed(org, 'open');
    expect(privateSpec.urls.published).toBeUndefined();
    const outsider = await createUser(server);
    const reads = [
      'GET /v1/orgs/:organizationId/openapi/:specSlug',
      'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/latest/content',
    ];
    const input = { organizationId, specSlug: 'open' };
    // GraphQL answers signed-in callers only, whatever the operation (architecture, "Faces").
    const anonymousOnGraphql = (face: string, token: string | null) =>
      face === 'graphql' && token === null ? 401 : undefined;
    // Private: answered as no such spec, to anyone outside.
    for (const key of reads)
      for (const token of [null, outsider.token]) {
        const answers = await callFaces(server, { route: findRoute(key)!, input, token });
        for (const answer of Object.values(answers))
          expect(answer.status, `${key} ${answer.face}`).toBe(anonymousOnGraphql(answer.face, token) ?? 404);
      }

    const published = await call(org.admin.token, 'PATCH', spec, { visibility: 'public' });
    expect(published.body.urls.published).toBe(`${server.config.appUrl}/~openapi/${organizationId}/open`);
    for (const key of reads)
      for (const token of [null, outsider.token]) {
        const answers = await callFaces(server, { route: findRoute(key)!, input, token });
        for (const answer of Object.values(answers))
          expect(answer.status, `${key} ${answer.face}`).toBe(anonymousOnGraphql(answer.face, token) ?? 200);
      }
    const anonymous = await server.api(spec);
    expect(anonymous.body.permissions).toEqual({ view: true, edit: false, delete: false });
    const content = await server.api(`${spec}/versions/latest/content`);
    expect(JSON.parse(Object.values(content.body.filesystem as Record<string, string>)[0]!).info.title).toBe(
      'Open',
    );

    // Reading is all: the list stays the members', and no write goes through.
    expect((await call(outsider.token, 'GET', `/v1/orgs/${organizationId}/openapi`)).status).toBe(404);
    expect((await call(outsider.token, 'PATCH', spec, { visibility: 'private' })).status).toBe(403);
    expect((await call(outsider.token, 'PUT', spec, { source: { text: petstore('Taken') } })).status).toBe(
      404,
    );
    expect((await call(outsider.token, 'DELETE', spec)).status).toBe(404);
    expect((await server.api(spec, { method: 'PATCH', body: { visibility: 'private' } })).status).toBe(401);
    const after = await call(org.admin.token, 'GET', spec);
    expect(after.body).toMatchObject({ visibility: 'public', lastVersion: privateSpec.lastVersion });
  });
});
