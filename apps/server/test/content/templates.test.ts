/**
 * Content templates through real HTTP: the catalog (`GET /v1/templates`), applying one to
 * a space (201, its pages added after the space's own, nested as the template has them),
 * an unknown id (404), a locked space (409), a reader (403) and an outsider (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expectations';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const titles = (pages: Json[]): Json[] =>
  pages.map((page) => (page.pages.length > 0 ? [page.title, titles(page.pages)] : page.title));

describe('templates', () => {
  it('lists the built-in templates', async () => {
    const org = await createOrganization(server);
    const response = await server.api('/v1/templates', { token: org.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.items.map((template: Json) => template.id)).toEqual([
      'api-reference',
      'changelog',
      'getting-started',
      'internal-wiki',
      'product-docs',
    ]);
    expectError(await server.api('/v1/templates', { token: null }), 401);
  });

  it("adds a template's pages to a space, after its own", async () => {
    const org = await createOrganization(server);
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'API' },
      })
    ).body;
    await server.api(`/v1/spaces/${space.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'insert_page', title: 'Mine', document: { markdown: 'mine' } }] },
    });
    const applied = await server.api(`/v1/spaces/${space.id}/content/template`, {
      method: 'POST',
      token: org.admin.token,
      body: { id: 'api-reference' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const content = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token })).body;
    expect(titles(content.pages)).toEqual([
      'Mine',
      'Overview',
      'Authentication',
      'Errors',
      ['Resources', ['Users', 'Projects']],
    ]);
    const errors = await server.api(`/v1/spaces/${space.id}/content/path/errors?format=markdown`, {
      token: org.admin.token,
    });
    expect(errors.body.markdown).toContain('"code": 404');
  });

  it('refuses unknown templates, locked spaces, readers and outsiders, writing nothing', async () => {
    const org = await createOrganization(server);
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'S' },
      })
    ).body;
    const locked = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'L', editMode: 'locked' },
      })
    ).body;
    const reader = await addMember(server, org.organization.id, 'read');
    const other = await createOrganization(server);
    const apply = (spaceId: string, token: string, id = 'changelog') =>
      server.api(`/v1/spaces/${spaceId}/content/template`, { method: 'POST', token, body: { id } });
    expectError(await apply(space.id, org.admin.token, 'no-such-template'), 404);
    expectError(await apply(locked.id, org.admin.token), 409);
    expectError(await apply(space.id, reader.token), 403);
    expectError(await apply(space.id, other.admin.token), 404);
    const content = (await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token })).body;
    expect(content.id).toBe(space.revision);
  });
});
