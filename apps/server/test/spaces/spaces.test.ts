/**
 * Spaces through real HTTP: create in an organization or a collection, get, update, the
 * organization's list (only what the caller can view, deleted ones hidden, stable pages) and
 * a member's spaces with the role they hold on each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../organizations/expectations';
import { addMember, createOrganization } from '../support/factories';
import { expectRoles, permissionMatrix } from '../support/permission-matrix';
import { startTestServer, type TestServer } from '../support/test-server';
import { createCollection, createSpace, type Json, listedSpaceIds, storedSpace } from './space-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getServer = () => server;

const ALL_TRUE = {
  view: true,
  access: true,
  admin: true,
  viewInviteLinks: true,
  edit: true,
  triggerGitSync: true,
  comment: true,
  merge: true,
  review: true,
  installIntegration: true,
};
const READ_ONLY = {
  view: true,
  access: true,
  admin: false,
  viewInviteLinks: false,
  edit: false,
  triggerGitSync: false,
  comment: false,
  merge: false,
  review: false,
  installIntegration: false,
};

const grant = (
  organizationId: string,
  spaceId: string,
  principal: { kind: 'user' | 'team'; id: string },
  role: 'read' | 'edit',
) =>
  server.services.repos.contentGrants.put({
    organizationId,
    target: { kind: 'space', id: spaceId },
    principal,
    role,
    createdAt: server.clock.now().toISOString(),
  });

describe('POST /v1/orgs/:organizationId/spaces', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    expectError(
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, { method: 'POST', body: {} }),
      401,
    );
  });

  it('creates a space with every field of the Space resource', async () => {
    const org = await createOrganization(server);
    const now = server.clock.now().toISOString();
    const space = await createSpace(server, org.admin.token, org.organization.id, {
      title: 'Handbook',
      emoji: '1f4d8',
      editMode: 'locked',
    });
    expect(space).toEqual({
      object: 'space',
      id: space.id,
      title: 'Handbook',
      emoji: '1f4d8',
      visibility: 'private',
      createdAt: now,
      updatedAt: now,
      editMode: 'locked',
      urls: {
        location: `http://quire.test/v1/spaces/${space.id}`,
        app: `http://app.quire.test/o/${org.organization.id}/s/${space.id}`,
      },
      organization: org.organization.id,
      revision: '',
      defaultLevel: 'inherit',
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      permissions: ALL_TRUE,
    });
    const bare = await createSpace(server, org.admin.token, org.organization.id, { title: undefined });
    expect(bare).toMatchObject({ title: '', emoji: '', editMode: 'live' });
  });

  it('creates in a collection (needs create on it) and places each new space last', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org.admin.token, org.organization.id);
    const first = await createSpace(server, org.admin.token, org.organization.id, { parent: collection.id });
    const second = await createSpace(server, org.admin.token, org.organization.id, { parent: collection.id });
    expect(first.parent).toBe(collection.id);
    const [a, b] = await Promise.all([storedSpace(server, first.id), storedSpace(server, second.id)]);
    expect(a!.position < b!.position).toBe(true);

    const creator = await addMember(server, org.organization.id, 'create');
    const restricted = await createCollection(server, org.admin.token, org.organization.id, {
      title: 'Restricted',
    });
    await server.api(`/v1/collections/${restricted.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultLevel: 'read' },
    });
    const refused = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
      method: 'POST',
      token: creator.token,
      body: { title: 'Nope', parent: restricted.id },
    });
    expectError(refused, 403);
  });

  it('refuses an unknown parent, or a collection of another organization, with a 404', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createCollection(server, org.admin.token, other.organization.id);
    for (const parent of ['nope', foreign.id]) {
      const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'X', parent },
      });
      expectError(response, 404);
    }
    expect(await listedSpaceIds(server, org.admin.token, org.organization.id)).toEqual([]);
  });

  it('refuses bad input naming the field, creating nothing', async () => {
    const org = await createOrganization(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: 3 }, 'title'],
      [{ editMode: 'open' }, 'editMode'],
      [{ emoji: 'x'.repeat(51) }, 'emoji'],
      [{ template: 'blank' }, 'template'],
    ];
    for (const [body, field] of cases) {
      const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body,
      });
      expectFieldError(response, field);
    }
    expect(await listedSpaceIds(server, org.admin.token, org.organization.id)).toEqual([]);
  });

  describe('permission matrix', () => {
    permissionMatrix(getServer, {
      request: ({ org }) => ({
        path: `/v1/orgs/${org.organization.id}/spaces`,
        method: 'POST',
        body: { title: 'Matrix' },
      }),
      observe: ({ org }) => server.services.repos.spaces.countActive(org.organization.id),
      expected: expectRoles(['admin', 'create'], 201),
    });
  });
});

describe('GET /v1/spaces/:spaceId', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    expectError(await server.api(`/v1/spaces/${space.id}`), 401);
  });

  it('shows each caller their own permissions', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const editor = await addMember(server, org.organization.id, 'edit');
    const space = await createSpace(server, org.admin.token, org.organization.id);
    const asAdmin = await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token });
    expect(asAdmin.body.permissions).toEqual(ALL_TRUE);
    const asReader = await server.api(`/v1/spaces/${space.id}`, { token: reader.token });
    expect(asReader.body.permissions).toEqual(READ_ONLY);
    const asEditor = await server.api(`/v1/spaces/${space.id}`, { token: editor.token });
    expect(asEditor.body.permissions).toMatchObject({
      edit: true,
      comment: true,
      review: false,
      admin: false,
    });
  });

  it('accepts a shareKey, and answers 404 for unknown spaces', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    const withKey = await server.api(`/v1/spaces/${space.id}?shareKey=abc`, { token: org.admin.token });
    expect(withKey.status).toBe(200);
    expectError(await server.api('/v1/spaces/nope', { token: org.admin.token }), 404);
  });

  it('lets a guest see only what is granted to them or their teams', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    expectError(await server.api(`/v1/spaces/${space.id}`, { token: guest.token }), 404);
    await grant(org.organization.id, space.id, { kind: 'user', id: guest.user.id }, 'read');
    const response = await server.api(`/v1/spaces/${space.id}`, { token: guest.token });
    expect(response.status).toBe(200);
    expect(response.body.permissions).toEqual(READ_ONLY);
  });

  describe('permission matrix', () => {
    permissionMatrix(getServer, {
      prepare: ({ org }) => createSpace(server, org.admin.token, org.organization.id),
      request: (_f, space: Json) => ({ path: `/v1/spaces/${space.id}` }),
      expected: { ...expectRoles(['admin', 'create', 'review', 'edit', 'comment', 'read'], 200), guest: 404 },
    });
  });
});

describe('PATCH /v1/spaces/:spaceId', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    expectError(await server.api(`/v1/spaces/${space.id}`, { method: 'PATCH', body: { title: 'x' } }), 401);
  });

  it('updates the settings; null clears the emoji and the language, and is a level for defaultLevel', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id, { emoji: '1f600' });
    server.clock.advance(1000);
    const updated = await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: 'Renamed', editMode: 'locked', defaultLevel: 'comment', language: 'fr' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'Renamed',
      editMode: 'locked',
      defaultLevel: 'comment',
      language: 'fr',
      emoji: '1f600',
    });
    expect(updated.body.updatedAt > space.updatedAt).toBe(true);

    const cleared = await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { emoji: null, language: null, defaultLevel: null },
    });
    expect(cleared.body.emoji).toBe('');
    expect(cleared.body.language).toBeUndefined();
    expect(cleared.body.defaultLevel).toBeNull();

    const empty = await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: {},
    });
    expect(empty.status).toBe(200);
    expect(empty.body.title).toBe('Renamed');
  });

  it('a restricted default level hides the space from members without grants', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const space = await createSpace(server, org.admin.token, org.organization.id);
    await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultLevel: null },
    });
    expectError(await server.api(`/v1/spaces/${space.id}`, { token: reader.token }), 404);
    expect(await listedSpaceIds(server, reader.token, org.organization.id)).toEqual([]);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org.admin.token, org.organization.id);
    const before = await storedSpace(server, space.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: null }, 'title'],
      [{ editMode: 'open' }, 'editMode'],
      [{ defaultLevel: 'owner' }, 'defaultLevel'],
      [{ language: 'not a language' }, 'language'],
      [{ visibility: 'public' }, 'visibility'],
    ];
    for (const [body, field] of cases) {
      const response = await server.api(`/v1/spaces/${space.id}`, {
        method: 'PATCH',
        token: org.admin.token,
        body,
      });
      expectFieldError(response, field);
    }
    expect(await storedSpace(server, space.id)).toEqual(before);
  });

  describe('permission matrix', () => {
    permissionMatrix(getServer, {
      prepare: ({ org }) => createSpace(server, org.admin.token, org.organization.id),
      request: (_f, space: Json) => ({
        path: `/v1/spaces/${space.id}`,
        method: 'PATCH',
        body: { title: 'Changed' },
      }),
      observe: (_f, space: Json) => storedSpace(server, space.id),
      expected: { ...expectRoles(['admin'], 200), guest: 404 },
    });
  });
});

describe('GET /v1/orgs/:organizationId/spaces', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    expectError(await server.api(`/v1/orgs/${org.organization.id}/spaces`), 401);
  });

  it('lists in creation order over stable pages, hiding deleted spaces', async () => {
    const org = await createOrganization(server);
    const spaces: Json[] = [];
    for (let i = 0; i < 5; i++)
      spaces.push(await createSpace(server, org.admin.token, org.organization.id, { title: `S${i}` }));
    const first = await server.api(`/v1/orgs/${org.organization.id}/spaces?limit=2`, {
      token: org.admin.token,
    });
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((s: Json) => s.id)).toEqual([spaces[0].id, spaces[1].id]);
    // A space created between two pages appears once, at the end.
    const late = await createSpace(server, org.admin.token, org.organization.id, { title: 'Late' });
    await server.api(`/v1/spaces/${spaces[2].id}`, { method: 'DELETE', token: org.admin.token });
    const rest = await server.api(
      `/v1/orgs/${org.organization.id}/spaces?limit=10&page=${encodeURIComponent(first.body.next.page)}`,
      { token: org.admin.token },
    );
    expect(rest.body.items.map((s: Json) => s.id)).toEqual([spaces[3].id, spaces[4].id, late.id]);
    expect(rest.body.count).toBe(5);
    expect(rest.body.next).toBeUndefined();
  });

  it('lists only the spaces the caller can view, filling pages past the hidden ones', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const visible: string[] = [];
    for (let i = 0; i < 6; i++) {
      const space = await createSpace(server, org.admin.token, org.organization.id, { title: `S${i}` });
      if (i % 2 === 0) {
        await server.api(`/v1/spaces/${space.id}`, {
          method: 'PATCH',
          token: org.admin.token,
          body: { defaultLevel: null },
        });
      } else visible.push(space.id);
    }
    const page = await server.api(`/v1/orgs/${org.organization.id}/spaces?limit=2`, { token: reader.token });
    expect(page.body.items.map((s: Json) => s.id)).toEqual(visible.slice(0, 2));
    expect(page.body.items[0].permissions).toEqual(READ_ONLY);
    expect(await listedSpaceIds(server, reader.token, org.organization.id)).toEqual(visible);
    expect((await listedSpaceIds(server, org.admin.token, org.organization.id)).length).toBe(6);
  });

  it('refuses bad paging input naming the field', async () => {
    const org = await createOrganization(server);
    expectFieldError(
      await server.api(`/v1/orgs/${org.organization.id}/spaces?limit=0`, { token: org.admin.token }),
      'limit',
    );
    expectFieldError(
      await server.api(`/v1/orgs/${org.organization.id}/spaces?page=zz`, { token: org.admin.token }),
      'page',
    );
  });

  describe('permission matrix', () => {
    permissionMatrix(getServer, {
      request: ({ org }) => ({ path: `/v1/orgs/${org.organization.id}/spaces` }),
      expected: expectRoles(['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'], 200),
    });
  });
});

describe('GET /v1/orgs/:organizationId/members/:userId/spaces', () => {
  it('requires authentication', async () => {
    const org = await createOrganization(server);
    expectError(await server.api(`/v1/orgs/${org.organization.id}/members/${org.admin.user.id}/spaces`), 401);
  });

  it("lists the spaces a member can view with the member's role on each, newest first by default", async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const open = await createSpace(server, org.admin.token, org.organization.id, { title: 'Open' });
    const granted = await createSpace(server, org.admin.token, org.organization.id, { title: 'Granted' });
    const hidden = await createSpace(server, org.admin.token, org.organization.id, { title: 'Hidden' });
    await server.api(`/v1/spaces/${hidden.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultLevel: null },
    });
    await grant(org.organization.id, granted.id, { kind: 'user', id: reader.user.id }, 'edit');

    const path = `/v1/orgs/${org.organization.id}/members/${reader.user.id}/spaces`;
    const asAdmin = await server.api(path, { token: org.admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.items.map((item: Json) => [item.space.title, item.permission])).toEqual([
      ['Granted', 'edit'],
      ['Open', 'read'],
    ]);
    // The embedded Space carries the caller's permissions (an admin here).
    expect(asAdmin.body.items[0].space.permissions).toEqual(ALL_TRUE);

    const asSelf = await server.api(`${path}?order=asc`, { token: reader.token });
    expect(asSelf.body.items.map((item: Json) => item.space.id)).toEqual([open.id, granted.id]);
    expect(asSelf.body.items[0].space.permissions).toEqual(READ_ONLY);

    expectFieldError(await server.api(`${path}?order=up`, { token: org.admin.token }), 'order');
    expectError(
      await server.api(`/v1/orgs/${org.organization.id}/members/nobody/spaces`, { token: org.admin.token }),
      404,
    );
  });

  describe('permission matrix (about the admin)', () => {
    permissionMatrix(getServer, {
      request: ({ org }) => ({ path: `/v1/orgs/${org.organization.id}/members/${org.admin.user.id}/spaces` }),
      expected: expectRoles(['admin'], 200),
    });
  });
});
