/**
 * Share links, visitor authentication and the adaptive schema of a site through real HTTP:
 * shapes, paging, racing creates, deletes of what is gone, key regeneration, schema
 * validation (400 naming `jsonSchema.<path>`, nothing written) and template conditions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { adminCall, createSite, sitePath } from './site-access-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function freshSite(body: Record<string, unknown> = {}) {
  const org = await createOrganization(server);
  const site = await createSite(server, org, body);
  return { org, site, path: sitePath(org, site.id) };
}

describe('share links', () => {
  it('creates (201) an active link whose URL carries a fresh secret, then lists, renames, deactivates and deletes it', async () => {
    const { org, site, path } = await freshSite();
    const created = await adminCall(server, org, `${path}/share-links`, 'POST', { name: ' Partners ' });
    expect(created.status).toBe(201);
    const link = created.body;
    expect(link).toEqual({
      object: 'share-link',
      id: link.id,
      createdAt: server.clock.now().toISOString(),
      name: 'Partners',
      active: true,
      urls: { published: expect.stringMatching(/\/[\w-]{32}\/$/) },
    });
    expect(link.urls.published).toContain(`/~sites/${org.organization.id}/${site.id}/`);
    const other = (await adminCall(server, org, `${path}/share-links`, 'POST', { name: 'Press' })).body;
    expect(other.urls.published).not.toBe(link.urls.published);

    const list = await adminCall(server, org, `${path}/share-links`, 'GET');
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([link.id, other.id]);
    expect(list.body.count).toBe(2);

    const renamed = await adminCall(server, org, `${path}/share-links/${link.id}`, 'PATCH', {
      name: 'Partners 2',
    });
    expect(renamed.body).toEqual({ ...link, name: 'Partners 2' });
    const off = await adminCall(server, org, `${path}/share-links/${link.id}`, 'PATCH', { active: false });
    expect(off.body).toEqual({ ...link, name: 'Partners 2', active: false });
    expectError(
      await server.api(`${path}/share-links/nope`, {
        method: 'PATCH',
        token: org.admin.token,
        body: { active: true },
      }),
      404,
    );

    expect((await adminCall(server, org, `${path}/share-links/${link.id}`, 'DELETE')).status).toBe(204);
    expect((await adminCall(server, org, `${path}/share-links/${link.id}`, 'DELETE')).status).toBe(204);
    const after = await adminCall(server, org, `${path}/share-links`, 'GET');
    expect(after.body.items.map((item: { id: string }) => item.id)).toEqual([other.id]);
  });

  it('pages the list', async () => {
    const { org, path } = await freshSite();
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1)
      ids.push((await adminCall(server, org, `${path}/share-links`, 'POST', { name: `Link ${n}` })).body.id);
    const walked = await walkPages(server, `${path}/share-links?limit=2`, org.admin.token);
    expect(walked.items.map((item: { id: string }) => item.id)).toEqual(ids);
    expect(walked.pages).toBe(3);
  });

  it('lands both of two racing creates', async () => {
    const { org, path } = await freshSite();
    const [first, second] = await Promise.all(
      ['A', 'B'].map((name) =>
        server.api(`${path}/share-links`, { method: 'POST', token: org.admin.token, body: { name } }),
      ),
    );
    expect([first!.status, second!.status]).toEqual([201, 201]);
    const list = await adminCall(server, org, `${path}/share-links`, 'GET');
    expect(list.body.items.map((item: { name: string }) => item.name).sort()).toEqual(['A', 'B']);
  });

  it('refuses names outside 1 to 50 characters (400 naming name), creating nothing', async () => {
    const { org, path } = await freshSite();
    for (const name of ['', '   ', 'x'.repeat(51)])
      expectFieldError(
        await server.api(`${path}/share-links`, { method: 'POST', token: org.admin.token, body: { name } }),
        'name',
      );
    expectFieldError(
      await server.api(`${path}/share-links`, { method: 'POST', token: org.admin.token, body: {} }),
      'name',
    );
    expect((await adminCall(server, org, `${path}/share-links`, 'GET')).body.count).toBe(0);
  });
});

describe('publishing auth', () => {
  it('gives the site key, sets and removes the fallback URL, and regenerates the key', async () => {
    const { org, path } = await freshSite({ visibility: 'visitor-auth' });
    const auth = (await adminCall(server, org, `${path}/publishing/auth`, 'GET')).body;
    expect(auth).toEqual({
      object: 'publishing-auth',
      backend: 'custom',
      privateKey: expect.stringMatching(/^[\w-]{43}$/),
    });
    const set = await adminCall(server, org, `${path}/publishing/auth`, 'PATCH', {
      backend: 'custom',
      fallbackURL: 'https://example.com/login',
    });
    expect(set.body).toEqual({ ...auth, fallbackURL: 'https://example.com/login' });
    const unchanged = await adminCall(server, org, `${path}/publishing/auth`, 'PATCH', {});
    expect(unchanged.body).toEqual(set.body);
    const removed = await adminCall(server, org, `${path}/publishing/auth`, 'PATCH', { fallbackURL: null });
    expect(removed.body).toEqual(auth);
    const regenerated = (await adminCall(server, org, `${path}/publishing/auth/regenerate`, 'POST')).body;
    expect(regenerated.privateKey).not.toBe(auth.privateKey);
    expect((await adminCall(server, org, `${path}/publishing/auth`, 'GET')).body).toEqual(regenerated);
  });

  it('refuses a fallback URL that is not https (400 naming fallbackURL)', async () => {
    const { org, path } = await freshSite();
    for (const fallbackURL of ['http://example.com', 'javascript:alert(1)', 'not a url'])
      expectFieldError(
        await server.api(`${path}/publishing/auth`, {
          method: 'PATCH',
          token: org.admin.token,
          body: { fallbackURL },
        }),
        'fallbackURL',
      );
  });
});

describe('adaptive schema', () => {
  const schema = {
    type: 'object',
    properties: {
      beta: { type: 'boolean', description: 'Beta tester' },
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { staff: { type: 'boolean', description: 'Staff' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };

  it('gives the default schema with the site creation time until one is set, then the one set', async () => {
    const { org, path } = await freshSite();
    const created = server.clock.now().toISOString();
    const initial = (await adminCall(server, org, `${path}/adaptive-schema`, 'GET')).body;
    expect(initial).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: {
        type: 'object',
        properties: {
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            properties: {},
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      updatedAt: created,
    });
    expect((await adminCall(server, org, `${path}/adaptive-schema/template-conditions`, 'GET')).body).toEqual(
      { items: [] },
    );
    server.clock.advance(60_000);
    const put = (await adminCall(server, org, `${path}/adaptive-schema`, 'PUT', { jsonSchema: schema })).body;
    expect(put).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: schema,
      updatedAt: server.clock.now().toISOString(),
    });
    expect((await adminCall(server, org, `${path}/adaptive-schema`, 'GET')).body).toEqual(put);
    const templates = (await adminCall(server, org, `${path}/adaptive-schema/template-conditions`, 'GET'))
      .body;
    expect(templates.items.map((item: { condition: string }) => item.condition)).toContain(
      'visitor.claims.beta == true',
    );
    expect(templates.items.map((item: { condition: string }) => item.condition)).toContain(
      'visitor.claims.unsigned.staff == true',
    );
  });

  it.each([
    [
      'a claim that is not boolean',
      { ...schema, properties: { beta: { type: 'string' } } },
      'jsonSchema.properties.beta.type',
    ],
    [
      'additionalProperties left open',
      { ...schema, additionalProperties: true },
      'jsonSchema.additionalProperties',
    ],
    ['a top level that is no object type', { ...schema, type: 'array' }, 'jsonSchema.type'],
  ])('refuses %s (400 naming %s), writing nothing', async (_title, jsonSchema, field) => {
    const { org, path } = await freshSite();
    const before = (await adminCall(server, org, `${path}/adaptive-schema`, 'GET')).body;
    const refused = await server.api(`${path}/adaptive-schema`, {
      method: 'PUT',
      token: org.admin.token,
      body: { jsonSchema },
    });
    expectFieldError(refused, field);
    expect((await adminCall(server, org, `${path}/adaptive-schema`, 'GET')).body).toEqual(before);
  });
});
