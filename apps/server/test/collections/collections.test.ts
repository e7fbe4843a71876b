/**
 * Collections through real HTTP: list (nested or top level), create, get, update and
 * delete, with the permission matrix of each and the Collection shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { snapshotOf, storedSpace } from '../support/content-tree';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const collectionsPath = (organizationId: string): string => `/v1/orgs/${organizationId}/collections`;
const collectionPath = (collectionId: string): string => `/v1/collections/${collectionId}`;
const ALL_PERMISSIONS = { view: true, admin: true, viewInviteLinks: true, create: true };
const READ_PERMISSIONS = { view: true, admin: false, viewInviteLinks: false, create: false };

/** Creates a collection through REST, as `as` (the organization's admin by default). */
async function postCollection(
  org: TestOrganization,
  body: { title?: string; parent?: string },
  as: TestUser = org.admin,
) {
  const response = await server.api(collectionsPath(org.organization.id), {
    method: 'POST',
    token: as.token,
    body: { title: 'Collection', ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe('GET /v1/orgs/:organizationId/collections', () => {
  it('lists every collection, nested ones included, in creation order with the Collection shape', async () => {
    const org = await createOrganization(server);
    const top = await createCollection(server, org, { title: 'Top' });
    const nested = await createCollection(server, org, { title: 'Nested', parent: top.id });
    const response = await server.api(collectionsPath(org.organization.id), { token: org.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    expect(response.body.items).toEqual([
      {
        object: 'collection',
        id: top.id,
        title: 'Top',
        organization: org.organization.id,
        defaultLevel: 'inherit',
        permissions: ALL_PERMISSIONS,
        urls: {
          location: `http://quire.test/v1/collections/${top.id}`,
          app: `http://app.quire.test/o/${org.organization.id}/c/${top.id}`,
        },
      },
      expect.objectContaining({ id: nested.id, parent: top.id }),
    ]);
  });

  it('lists only the top level with nested=false', async () => {
    const org = await createOrganization(server);
    const top = await createCollection(server, org);
    await createCollection(server, org, { parent: top.id });
    const response = await server.api(`${collectionsPath(org.organization.id)}?nested=false`, {
      token: org.admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.items.map((c: { id: string }) => c.id)).toEqual([top.id]);
    expect(response.body.count).toBe(1);
  });

  it('shows each caller only what they can view, with their permissions, and pages it', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const guest = await addMember(server, org.organization.id, null);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createCollection(server, org)).id);
    // A collection closed to members (level null): only admins and grantees see it.
    const closed = await createCollection(server, org, { defaultLevel: null });

    const readerList = await walkPages(
      server,
      `${collectionsPath(org.organization.id)}?limit=2`,
      reader.token,
    );
    expect(readerList.items.map((c) => c.id)).toEqual(ids);
    expect(readerList.counts).toEqual([5, 5, 5]);
    expect(readerList.items[0].permissions).toEqual(READ_PERMISSIONS);

    const guestList = await server.api(collectionsPath(org.organization.id), { token: guest.token });
    expect(guestList.body).toEqual({ items: [], count: 0 });

    await grant(
      server,
      org,
      { kind: 'collection', id: closed.id },
      { role: 'comment', users: [guest.user.id] },
    );
    const granted = await server.api(collectionsPath(org.organization.id), { token: guest.token });
    expect(granted.body.items.map((c: { id: string }) => c.id)).toEqual([closed.id]);
  });

  it('refuses bad paging and a non-boolean nested flag', async () => {
    const org = await createOrganization(server);
    const path = collectionsPath(org.organization.id);
    expectFieldError(await server.api(`${path}?limit=0`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?nested=maybe`, { token: org.admin.token }), 'nested');
  });
});

describe('POST /v1/orgs/:organizationId/collections', () => {
  it('creates a collection at the top level and inside another, last among siblings', async () => {
    const org = await createOrganization(server);
    const space = await storedSpace(server, (await createSpace(server, org)).id);
    const first = await postCollection(org, { title: '  Guides  ' });
    expect(first).toMatchObject({ title: 'Guides', defaultLevel: 'inherit', permissions: ALL_PERMISSIONS });
    expect(first.parent).toBeUndefined();
    const child = await postCollection(org, { parent: first.id });
    expect(child.parent).toBe(first.id);
    const records = await server.services.repos.collections.findByIds([first.id]);
    expect(records[0]!.position > space!.position).toBe(true);
  });

  it('lets a creator create, with create permissions on the new collection', async () => {
    const org = await createOrganization(server);
    const creator = await addMember(server, org.organization.id, 'create');
    const created = await postCollection(org, {}, creator);
    expect(created.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
  });

  it('needs create on the parent collection: a creator with a read-only parent is refused', async () => {
    const org = await createOrganization(server);
    const creator = await addMember(server, org.organization.id, 'create');
    const parent = await createCollection(server, org, { defaultLevel: 'read' });
    const response = await server.api(collectionsPath(org.organization.id), {
      method: 'POST',
      token: creator.token,
      body: { title: 'Inside', parent: parent.id },
    });
    expectError(response, 403);
    expect(await server.services.repos.collections.listAll(org.organization.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown parent or a parent in another organization, creating nothing', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createCollection(server, other);
    for (const parent of ['nope', foreign.id]) {
      const response = await server.api(collectionsPath(org.organization.id), {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'x', parent },
      });
      expectError(response, 404);
    }
    expect(await server.services.repos.collections.listAll(org.organization.id)).toHaveLength(0);
  });

  it('refuses bad input naming the field', async () => {
    const org = await createOrganization(server);
    const post = (body: unknown) =>
      server.api(collectionsPath(org.organization.id), { method: 'POST', token: org.admin.token, body });
    expectFieldError(await post({}), 'title');
    expectFieldError(await post({ title: '   ' }), 'title');
    expectFieldError(await post({ title: 'x'.repeat(51) }), 'title');
    expectFieldError(await post({ title: 42 }), 'title');
    expectFieldError(await post({ title: 'ok', parent: 7 }), 'parent');
    expectFieldError(await post({ title: 'ok', color: 'red' }), 'color');
    expect(await server.services.repos.collections.listAll(org.organization.id)).toHaveLength(0);
  });
});

describe('GET /v1/collections/:collectionId', () => {
  it('answers the collection with the permissions of each role', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org, { title: 'Docs' });
    const editor = await addMember(server, org.organization.id, 'edit');
    const asAdmin = await server.api(collectionPath(collection.id), { token: org.admin.token });
    expect(asAdmin.body).toEqual(collection);
    const asEditor = await server.api(collectionPath(collection.id), { token: editor.token });
    expect(asEditor.body.permissions).toEqual(READ_PERMISSIONS);
  });

  it('answers 404 for an unknown collection', async () => {
    const org = await createOrganization(server);
    expectError(await server.api(collectionPath('nope'), { token: org.admin.token }), 404);
  });
});

describe('PATCH /v1/collections/:collectionId', () => {
  it('changes the title, description and default level, and clears the description with null', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const patch = (body: unknown) =>
      server.api(collectionPath(collection.id), { method: 'PATCH', token: org.admin.token, body });
    const updated = await patch({ title: 'Renamed', description: 'About', defaultLevel: 'edit' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Renamed', description: 'About', defaultLevel: 'edit' });
    const cleared = await patch({ description: null, defaultLevel: null });
    expect(cleared.body.description).toBeUndefined();
    expect(cleared.body.defaultLevel).toBeNull();
    expect(cleared.body.title).toBe('Renamed');
    const inherit = await patch({ defaultLevel: 'inherit' });
    expect(inherit.body.defaultLevel).toBe('inherit');
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const before = await snapshotOf(server, [collection.id]);
    const patch = (body: unknown) =>
      server.api(collectionPath(collection.id), { method: 'PATCH', token: org.admin.token, body });
    expectFieldError(await patch({ title: '' }), 'title');
    expectFieldError(await patch({ title: 'x'.repeat(51) }), 'title');
    expectFieldError(await patch({ description: 'x'.repeat(101) }), 'description');
    expectFieldError(await patch({ defaultLevel: 'owner' }), 'defaultLevel');
    expectFieldError(await patch({ parent: 'x' }), 'parent');
    expect(await snapshotOf(server, [collection.id])).toEqual(before);
  });
});

describe('DELETE /v1/collections/:collectionId', () => {
  it('deletes the collection and its sub-collections, and deletes their spaces (restorable)', async () => {
    const org = await createOrganization(server);
    const top = await createCollection(server, org);
    const child = await createCollection(server, org, { parent: top.id });
    const grandchild = await createCollection(server, org, { parent: child.id });
    const sibling = await createCollection(server, org);
    const spaceInTop = await createSpace(server, org, { parent: top.id });
    const spaceDeep = await createSpace(server, org, { parent: grandchild.id });
    const outside = await createSpace(server, org);

    const response = await server.api(collectionPath(top.id), { method: 'DELETE', token: org.admin.token });
    expect(response.status).toBe(204);
    const left = await server.services.repos.collections.listAll(org.organization.id);
    expect(left.map((c) => c.id)).toEqual([sibling.id]);
    const spaces = await server.services.repos.spaces.findByIds([spaceInTop.id, spaceDeep.id, outside.id]);
    const byId = new Map(spaces.map((s) => [s.id, s]));
    for (const id of [spaceInTop.id, spaceDeep.id]) {
      expect(byId.get(id)!.deletedAt).toBe(server.clock.now().toISOString());
    }
    // They keep their (removed) parent: a restore brings the space back at the top level.
    expect(byId.get(spaceDeep.id)!.parentId).toBe(grandchild.id);
    const restored = await server.api(`/v1/spaces/${spaceDeep.id}/restore`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe('private');
    expect(byId.get(outside.id)!.deletedAt).toBeUndefined();
    expectError(await server.api(collectionPath(child.id), { token: org.admin.token }), 404);
  });

  it('answers 204 again when the collection is already gone', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const remove = () =>
      server.api(collectionPath(collection.id), { method: 'DELETE', token: org.admin.token });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(204);
    expect(
      (await server.api(collectionPath('never-was'), { method: 'DELETE', token: org.admin.token })).status,
    ).toBe(204);
  });

  it('completes a delete that stopped half-way when run again', async () => {
    const org = await createOrganization(server);
    const top = await createCollection(server, org);
    const child = await createCollection(server, org, { parent: top.id });
    const grandchild = await createCollection(server, org, { parent: child.id });
    const space = await createSpace(server, org, { parent: grandchild.id });
    // As if a first delete had stopped after deleting the spaces and the deepest level.
    await server.services.repos.spaces.markDeletedInParents([top.id, child.id, grandchild.id], 'earlier');
    await server.services.repos.collections.deleteMany([grandchild.id]);
    const response = await server.api(collectionPath(top.id), { method: 'DELETE', token: org.admin.token });
    expect(response.status).toBe(204);
    expect(await server.services.repos.collections.listAll(org.organization.id)).toEqual([]);
    expect((await server.services.repos.spaces.findById(space.id))!.deletedAt).toBe('earlier');
  });
});
