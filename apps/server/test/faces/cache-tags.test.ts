/**
 * What a docs renderer may keep of a read (issue 28, item 9), through real HTTP: GitBook's
 * cache tags from the ids of the path, `no-store` but for reads of a revision (immutable),
 * and no tag on what a renderer never shows, on refusals or on writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTagsOfInput } from '../../src/http/cache-tags';
import { createSpace } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('cache tags of a read', () => {
  it('a space and what is read of it are tagged space:<id>', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Handbook' });
    for (const path of [`/v1/spaces/${space.id}`, `/v1/spaces/${space.id}/content`]) {
      const response = await server.api(path, { token: org.admin.token });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-gitbook-cache-tag'), path).toBe(`space:${space.id}`);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it("a change request's reads carry the space's tag and its own", async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const created = await server.api(`/v1/spaces/${space.id}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: {},
    });
    expect(created.status).toBe(201);
    // A write is not a read a renderer keeps: no tag.
    expect(created.headers.get('x-gitbook-cache-tag')).toBeNull();
    const read = await server.api(`/v1/spaces/${space.id}/change-requests/${created.body.id}`, {
      token: org.admin.token,
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-gitbook-cache-tag')).toBe(
      `space:${space.id},space:${space.id}:change-request:${created.body.id}`,
    );
  });

  it('a read of a revision may be kept (it never changes); the current content may not', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const content = await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token });
    const revision = await server.api(`/v1/spaces/${space.id}/revisions/${content.body.id}`, {
      token: org.admin.token,
    });
    expect(revision.status).toBe(200);
    expect(revision.headers.get('cache-control')).toBe('private, max-age=604800, immutable');
    expect(revision.headers.get('x-gitbook-cache-tag')).toBe(`space:${space.id}`);
    expect(content.headers.get('cache-control')).toBe('no-store');
  });

  it("a revision's page dereferenced holds other content's current state: not kept", async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const edited = await server.api(`/v1/spaces/${space.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.\n' } }] },
    });
    expect(edited.status).toBe(200);
    const content = await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token });
    const pages = await server.api(`/v1/spaces/${space.id}/content/pages`, { token: org.admin.token });
    const pageId = (pages.body.pages ?? pages.body.items)[0].id;
    const base = `/v1/spaces/${space.id}/revisions/${content.body.id}/page/${pageId}/document`;
    const plain = await server.api(base, { token: org.admin.token });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('private, max-age=604800, immutable');
    const dereferenced = await server.api(`${base}?dereferenced=reusable-contents`, {
      token: org.admin.token,
    });
    expect(dereferenced.status).toBe(200);
    expect(dereferenced.headers.get('cache-control')).toBe('no-store');
  });

  it('reads a renderer never shows carry no tag', async () => {
    const org = await createOrganization(server);
    for (const path of [
      `/v1/orgs/${org.organization.id}`,
      `/v1/orgs/${org.organization.id}/members`,
      '/v1/user',
    ]) {
      const response = await server.api(path, { token: org.admin.token });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-gitbook-cache-tag'), path).toBeNull();
    }
  });

  it('a refusal carries no tag and is never kept', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const outsider = await addMember(server, (await createOrganization(server)).organization.id, 'admin');
    const refused = await server.api(`/v1/spaces/${space.id}/revisions/${space.id}`, {
      token: outsider.token,
    });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-gitbook-cache-tag')).toBeNull();
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('cacheTagsOfInput', () => {
  it.each([
    [{ spaceId: 's1' }, ['space:s1']],
    [{ spaceId: 's1', changeRequestId: 'c1' }, ['space:s1', 'space:s1:change-request:c1']],
    [{ changeRequestId: 'c1' }, []],
    [{ organizationId: 'o1', siteId: 'x1' }, ['site:x1']],
    [{ organizationId: 'o1', specSlug: 'petstore' }, ['organization:o1:openapi:petstore']],
    [{ organizationId: 'o1' }, []],
    [{ spaceId: '' }, []],
    [{ spaceId: 42 }, []],
  ])('%j -> %j', (input, tags) => {
    expect(cacheTagsOfInput(input)).toEqual(tags);
  });
});
