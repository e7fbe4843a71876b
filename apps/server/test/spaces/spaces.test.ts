/**
 * Spaces through real HTTP: create in an organization or a collection, get, update, the
 * organization's list (only what the caller can view, deleted ones hidden, stable pages) and
 * a member's spaces with the role they hold on each.
 */
import { spacePermissions } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { storedSpace } from '../support/content-tree';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// The permissions of an admin and of a reader, as the rule table gives them (its values are
// `packages/domain/test/effective-role.test.ts`'s): the REST answers must carry the caller's own.
const ALL_TRUE = spacePermissions('admin');
const READ_ONLY = spacePermissions('read');

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

/** Creates a space through REST, as the organization's admin. */
async function postSpace(org: TestOrganization, body: Record<string, unknown> = {}): Promise<Json> {
  const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook', ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Ids of the spaces an organization lists for a caller, all pages. */
const listedSpaceIds = async (token: string, organizationId: string): Promise<string[]> =>
  (await walkPages(server, `/v1/orgs/${organizationId}/spaces`, token)).items.map((space) => space.id);

describe('POST /v1/orgs/:organizationId/spaces', () => {
  it('creates a space with every field of the Space resource', async () => {
    const org = await createOrganization(server);
    const now = server.clock.now().toISOString();
    const space = await postSpace(org, {
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
      revision: expect.stringMatching(/^\w{20}$/),
      defaultLevel: 'inherit',
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      permissions: ALL_TRUE,
    });
    const bare = await postSpace(org, { title: undefined });
    expect(bare).toMatchObject({ title: '', emoji: '', editMode: 'live' });
  });

  it('creates in a collection (needs create on it) and places each new space last', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const first = await postSpace(org, { parent: collection.id });
    const second = await postSpace(org, { parent: collection.id });
    expect(first.parent).toBe(collection.id);
    const [a, b] = await Promise.all([storedSpace(server, first.id), storedSpace(server, second.id)]);
    expect(a!.position < b!.position).toBe(true);

    const creator = await addMember(server, org.organization.id, 'create');
    const restricted = await createCollection(server, org, { title: 'Restricted', defaultLevel: 'read' });
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
    const foreign = await createCollection(server, other);
    for (const parent of ['nope', foreign.id]) {
      const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'X', parent },
      });
      expectError(response, 404);
    }
    expect(await listedSpaceIds(org.admin.token, org.organization.id)).toEqual([]);
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
    expect(await listedSpaceIds(org.admin.token, org.organization.id)).toEqual([]);
  });
});

describe('GET /v1/spaces/:spaceId', () => {
  it('shows each caller their own permissions', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const editor = await addMember(server, org.organization.id, 'edit');
    const space = await createSpace(server, org);
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
    const space = await createSpace(server, org);
    const withKey = await server.api(`/v1/spaces/${space.id}?shareKey=abc`, { token: org.admin.token });
    expect(withKey.status).toBe(200);
    expectError(await server.api('/v1/spaces/nope', { token: org.admin.token }), 404);
  });

  it('lets a guest see only what is granted to them or their teams', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const space = await createSpace(server, org);
    expectError(await server.api(`/v1/spaces/${space.id}`, { token: guest.token }), 404);
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [guest.user.id] });
    const response = await server.api(`/v1/spaces/${space.id}`, { token: guest.token });
    expect(response.status).toBe(200);
    expect(response.body.permissions).toEqual(READ_ONLY);
  });
});

describe('PATCH /v1/spaces/:spaceId', () => {
  it('updates the settings; null clears the emoji and the language, and is a level for defaultLevel', async () => {
    const org = await createOrganization(server);
    const space = await postSpace(org, { emoji: '1f600' });
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
    const space = await createSpace(server, org);
    await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultLevel: null },
    });
    expectError(await server.api(`/v1/spaces/${space.id}`, { token: reader.token }), 404);
    expect(await listedSpaceIds(reader.token, org.organization.id)).toEqual([]);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
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
});

describe('GET /v1/orgs/:organizationId/spaces', () => {
  it('lists in creation order over stable pages, hiding deleted spaces', async () => {
    const org = await createOrganization(server);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createSpace(server, org, { title: `S${i}` })).id);
    const first = await server.api(`/v1/orgs/${org.organization.id}/spaces?limit=2`, {
      token: org.admin.token,
    });
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((s: Json) => s.id)).toEqual(ids.slice(0, 2));
    // A space created between two pages appears once, at the end.
    const late = await createSpace(server, org, { title: 'Late' });
    await server.api(`/v1/spaces/${ids[2]}`, { method: 'DELETE', token: org.admin.token });
    const rest = await server.api(
      `/v1/orgs/${org.organization.id}/spaces?limit=10&page=${encodeURIComponent(first.body.next.page)}`,
      { token: org.admin.token },
    );
    expect(rest.body.items.map((s: Json) => s.id)).toEqual([...ids.slice(3), late.id]);
    expect(rest.body.count).toBe(5);
    expect(rest.body.next).toBeUndefined();
  });

  it('lists only the spaces the caller can view, filling pages past the hidden ones', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const visible: string[] = [];
    for (let i = 0; i < 6; i++) {
      const hidden = i % 2 === 0;
      const space = await createSpace(server, org, {
        title: `S${i}`,
        ...(hidden ? { defaultLevel: null } : {}),
      });
      if (!hidden) visible.push(space.id);
    }
    const page = await server.api(`/v1/orgs/${org.organization.id}/spaces?limit=2`, { token: reader.token });
    expect(page.body.items.map((s: Json) => s.id)).toEqual(visible.slice(0, 2));
    expect(page.body.items[0].permissions).toEqual(READ_ONLY);
    expect(await listedSpaceIds(reader.token, org.organization.id)).toEqual(visible);
    expect((await listedSpaceIds(org.admin.token, org.organization.id)).length).toBe(6);
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
});

describe('GET /v1/orgs/:organizationId/members/:userId/spaces', () => {
  it("lists the spaces a member can view with the member's role on each, newest first by default", async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const open = await createSpace(server, org, { title: 'Open' });
    const granted = await createSpace(server, org, { title: 'Granted' });
    await createSpace(server, org, { title: 'Hidden', defaultLevel: null });
    await grant(server, org, { kind: 'space', id: granted.id }, { role: 'edit', users: [reader.user.id] });

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
});
