/**
 * Organization invite links through real HTTP (`ORG/link-invites`): admins create, list,
 * read, change and delete them; creating needs the organization's `inviteLinks` setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const linksPath = (organizationId: string) => `/v1/orgs/${organizationId}/link-invites`;
const linkPath = (organizationId: string, inviteId: string) => `${linksPath(organizationId)}/${inviteId}`;

async function enableInviteLinks(org: TestOrganization): Promise<void> {
  const response = await server.api(`/v1/orgs/${org.organization.id}`, {
    method: 'PATCH',
    token: org.admin.token,
    body: { inviteLinks: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A fresh organization with invite links on. */
async function organizationWithLinks(): Promise<TestOrganization> {
  const org = await createOrganization(server);
  await enableInviteLinks(org);
  return org;
}

// biome-ignore lint/suspicious/noExplicitAny: the invite link resource as the API answers it
async function createLink(org: TestOrganization, role: string | null): Promise<any> {
  const response = await server.api(linksPath(org.organization.id), {
    method: 'POST',
    token: org.admin.token,
    body: { role },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe('POST /v1/orgs/:organizationId/link-invites', () => {
  it('creates a link with the role, its API location and its invite URL (201)', async () => {
    const org = await organizationWithLinks();
    const createdAt = server.clock.now().toISOString();
    const link = await createLink(org, 'edit');
    expect(link).toEqual({
      object: 'invite',
      id: expect.any(String),
      role: 'edit',
      redundant: true,
      createdAt,
      urls: {
        location: `http://quire.test/v1/orgs/${org.organization.id}/link-invites/${link.id}`,
        app: expect.stringMatching(
          new RegExp(`^http://app\\.quire\\.test/invite/${org.organization.id}/[\\w-]{20,}$`),
        ),
      },
    });
    // The secret in the URL is not the id, and differs from link to link.
    const other = await createLink(org, 'edit');
    expect(link.urls.app).not.toContain(link.id);
    expect(other.urls.app).not.toBe(link.urls.app);
  });

  it('creates a link for guests with a null role', async () => {
    const org = await organizationWithLinks();
    expect((await createLink(org, null)).role).toBeNull();
  });

  it('is refused while the organization has invite links off (403), creating nothing', async () => {
    const org = await createOrganization(server);
    const response = await server.api(linksPath(org.organization.id), {
      method: 'POST',
      token: org.admin.token,
      body: { role: 'read' },
    });
    expectError(response, 403);
    expect(response.body.error.message).toContain('inviteLinks');
    expect(await server.services.repos.inviteLinks.count(org.organization.id)).toBe(0);
  });

  it('refuses a missing or unknown role and unknown fields, naming the field', async () => {
    const org = await organizationWithLinks();
    const post = (body: unknown) =>
      server.api(linksPath(org.organization.id), { method: 'POST', token: org.admin.token, body });
    expectFieldError(await post({}), 'role');
    expectFieldError(await post({ role: 'owner' }), 'role');
    expectFieldError(await post({ role: 3 }), 'role');
    expectFieldError(await post({ role: 'read', space: 'abc' }), 'space');
    expectFieldError(await post({ level: 'read', space: 'abc' }), 'level');
    expect(await server.services.repos.inviteLinks.count(org.organization.id)).toBe(0);
  });

  it('is refused to a team owner who is not an admin (403) and not found for an outsider', async () => {
    const org = await organizationWithLinks();
    const creator = await addMember(server, org.organization.id, 'create');
    const outsider = (await createOrganization(server)).admin;
    const post = (token: string) =>
      server.api(linksPath(org.organization.id), { method: 'POST', token, body: { role: 'read' } });
    expectError(await post(creator.token), 403);
    expectError(await post(outsider.token), 404);
    expect(await server.services.repos.inviteLinks.count(org.organization.id)).toBe(0);
  });
});

describe('GET /v1/orgs/:organizationId/link-invites', () => {
  it('lists the links oldest first, with paging', async () => {
    const org = await organizationWithLinks();
    const roles = ['read', 'edit', null, 'admin', 'comment'];
    const ids = [];
    for (const role of roles) ids.push((await createLink(org, role)).id);
    const { items, counts, pages } = await walkPages(
      server,
      `${linksPath(org.organization.id)}?limit=2`,
      org.admin.token,
    );
    expect(pages).toBe(3);
    expect(counts).toEqual([5, 5, 5]);
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(items.map((i) => i.role)).toEqual(roles);
  });

  it('keeps listing links after invite links are turned off', async () => {
    const org = await organizationWithLinks();
    await createLink(org, 'read');
    await server.api(`/v1/orgs/${org.organization.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { inviteLinks: false },
    });
    const response = await server.api(linksPath(org.organization.id), { token: org.admin.token });
    expect(response.body.count).toBe(1);
  });

  it('refuses limit 0, limit 1001 and unknown parameters', async () => {
    const org = await organizationWithLinks();
    const path = linksPath(org.organization.id);
    expectFieldError(await server.api(`${path}?limit=0`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?limit=1001`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?role=read`, { token: org.admin.token }), 'role');
  });
});

describe('GET /v1/orgs/:organizationId/link-invites/:inviteId', () => {
  it('answers the link as created', async () => {
    const org = await organizationWithLinks();
    const link = await createLink(org, 'review');
    const response = await server.api(linkPath(org.organization.id, link.id), { token: org.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(link);
  });

  it('is not found for a missing link, a link of another organization, and an outsider', async () => {
    const org = await organizationWithLinks();
    const elsewhere = await organizationWithLinks();
    const link = await createLink(org, 'read');
    const foreign = await createLink(elsewhere, 'read');
    expectError(await server.api(linkPath(org.organization.id, 'missing'), { token: org.admin.token }), 404);
    expectError(await server.api(linkPath(org.organization.id, foreign.id), { token: org.admin.token }), 404);
    expectError(
      await server.api(linkPath(org.organization.id, link.id), { token: elsewhere.admin.token }),
      404,
    );
  });
});

describe('PATCH /v1/orgs/:organizationId/link-invites/:inviteId', () => {
  it('changes the role, keeping the invite URL', async () => {
    const org = await organizationWithLinks();
    const link = await createLink(org, 'read');
    const patch = (role: string | null) =>
      server.api(linkPath(org.organization.id, link.id), {
        method: 'PATCH',
        token: org.admin.token,
        body: { role },
      });
    const edited = await patch('edit');
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...link, role: 'edit' });
    expect((await patch(null)).body.role).toBeNull();
  });

  it('refuses a bad role, a missing role and unknown fields, changing nothing', async () => {
    const org = await organizationWithLinks();
    const link = await createLink(org, 'read');
    const patch = (body: unknown) =>
      server.api(linkPath(org.organization.id, link.id), { method: 'PATCH', token: org.admin.token, body });
    expectFieldError(await patch({}), 'role');
    expectFieldError(await patch({ role: 'superuser' }), 'role');
    expectFieldError(await patch({ level: 'edit' }), 'level');
    const after = await server.api(linkPath(org.organization.id, link.id), { token: org.admin.token });
    expect(after.body.role).toBe('read');
  });

  it('is not found for a missing link and refused to non-admins, changing nothing', async () => {
    const org = await organizationWithLinks();
    const link = await createLink(org, 'read');
    const editor = await addMember(server, org.organization.id, 'edit');
    expectError(
      await server.api(linkPath(org.organization.id, 'missing'), {
        method: 'PATCH',
        token: org.admin.token,
        body: { role: 'edit' },
      }),
      404,
    );
    expectError(
      await server.api(linkPath(org.organization.id, link.id), {
        method: 'PATCH',
        token: editor.token,
        body: { role: 'admin' },
      }),
      403,
    );
    const after = await server.api(linkPath(org.organization.id, link.id), { token: org.admin.token });
    expect(after.body.role).toBe('read');
  });
});

describe('DELETE /v1/orgs/:organizationId/link-invites/:inviteId', () => {
  it('deletes the link; deleting again or a missing link succeeds (204)', async () => {
    const org = await organizationWithLinks();
    const link = await createLink(org, 'read');
    const path = linkPath(org.organization.id, link.id);
    const first = await server.api(path, { method: 'DELETE', token: org.admin.token });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    expectError(await server.api(path, { token: org.admin.token }), 404);
    expect((await server.api(path, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
  });

  it('is refused to non-admins (403) and not found for outsiders, deleting nothing', async () => {
    const org = await organizationWithLinks();
    const link = await createLink(org, 'read');
    const reader = await addMember(server, org.organization.id, 'read');
    const outsider = (await createOrganization(server)).admin;
    const path = linkPath(org.organization.id, link.id);
    expectError(await server.api(path, { method: 'DELETE', token: reader.token }), 403);
    expectError(await server.api(path, { method: 'DELETE', token: outsider.token }), 404);
    expect((await server.api(path, { token: org.admin.token })).status).toBe(200);
  });
});
