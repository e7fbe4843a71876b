/**
 * Moving and transferring collections, and listing a collection's spaces, through real HTTP:
 * every outcome (moved, invalid position, no change, cannot move, not found) with its
 * status and message, the permission matrix, and nothing moved after a refused move.
 */
import { addOrganizationMember } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { siblingOrder, snapshotOf } from '../support/content-tree';
import { expectError, expectFieldError, NO_CHANGE_MESSAGE, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const collectionPath = (collectionId: string): string => `/v1/collections/${collectionId}`;
const move = (collectionId: string, token: string, body: unknown) =>
  server.api(`${collectionPath(collectionId)}/move`, { method: 'POST', token, body });
const transfer = (collectionId: string, token: string, body: unknown) =>
  server.api(`${collectionPath(collectionId)}/transfer`, { method: 'POST', token, body });

/** Top level: space A, collection B, space C, collection D (in that order). */
async function fourSiblings(org: TestOrganization) {
  const a = await createSpace(server, org, { title: 'A' });
  const b = await createCollection(server, org, { title: 'B' });
  const c = await createSpace(server, org, { title: 'C' });
  const d = await createCollection(server, org, { title: 'D' });
  return { a, b, c, d };
}

describe('POST /v1/collections/:collectionId/move', () => {
  it('moves a collection before or after a sibling space or collection', async () => {
    const org = await createOrganization(server);
    const { a, b, c, d } = await fourSiblings(org);
    const response = await move(d.id, org.admin.token, {
      position: { before: { type: 'space', space: a.id } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ object: 'collection', id: d.id });
    expect(await siblingOrder(server, org.organization.id)).toEqual([
      `collection:${d.id}`,
      `space:${a.id}`,
      `collection:${b.id}`,
      `space:${c.id}`,
    ]);
    const after = await move(d.id, org.admin.token, {
      position: { after: { type: 'collection', collection: b.id } },
    });
    expect(after.status).toBe(200);
    expect(await siblingOrder(server, org.organization.id)).toEqual([
      `space:${a.id}`,
      `collection:${b.id}`,
      `collection:${d.id}`,
      `space:${c.id}`,
    ]);
  });

  it('moves a collection into another one (last there) and back to the top level', async () => {
    const org = await createOrganization(server);
    const { b, d } = await fourSiblings(org);
    const inside = await createSpace(server, org, { parent: b.id });
    const moved = await move(d.id, org.admin.token, { parent: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBe(b.id);
    expect(await siblingOrder(server, org.organization.id, b.id)).toEqual([
      `space:${inside.id}`,
      `collection:${d.id}`,
    ]);
    const back = await move(d.id, org.admin.token, {
      parent: null,
      position: { after: { type: 'collection', collection: b.id } },
    });
    expect(back.status).toBe(200);
    expect(back.body.parent).toBeUndefined();
    expect((await siblingOrder(server, org.organization.id)).indexOf(`collection:${d.id}`)).toBe(2);
  });

  it('keeps the order of every sibling through many moves', async () => {
    const org = await createOrganization(server);
    const { a, b, c, d } = await fourSiblings(org);
    const others = [`space:${a.id}`, `collection:${b.id}`, `space:${c.id}`];
    const refs = [
      { type: 'space', space: a.id },
      { type: 'collection', collection: b.id },
      { type: 'space', space: c.id },
    ];
    for (let i = 0; i < 30; i++) {
      const at = i % 3;
      const response = await move(d.id, org.admin.token, { position: { before: refs[at] } });
      // Asked to stay where it is: no change; anything else moves it.
      expect([200, 409]).toContain(response.status);
      expect(await siblingOrder(server, org.organization.id)).toEqual([
        ...others.slice(0, at),
        `collection:${d.id}`,
        ...others.slice(at),
      ]);
    }
  });

  it('answers invalid position (400) for a reference to itself or to something that is not a sibling, moving nothing', async () => {
    const org = await createOrganization(server);
    const { b, d } = await fourSiblings(org);
    const nested = await createSpace(server, org, { parent: b.id });
    const before = await snapshotOf(server, [b.id, d.id]);
    const itself = await move(d.id, org.admin.token, {
      position: { before: { type: 'collection', collection: d.id } },
    });
    expectError(itself, 400);
    expect(itself.body.error.message).toMatch(/invalid position/i);
    const notSibling = await move(d.id, org.admin.token, {
      position: { after: { type: 'space', space: nested.id } },
    });
    expectError(notSibling, 400);
    expect(notSibling.body.error.message).toMatch(/invalid position/i);
    expect(await snapshotOf(server, [b.id, d.id])).toEqual(before);
  });

  it('answers no change (409) for a move to where the collection already is', async () => {
    const org = await createOrganization(server);
    const { c, d } = await fourSiblings(org);
    for (const body of [
      { parent: null },
      { position: { after: { type: 'space', space: c.id } } },
      { parent: null, position: {} },
    ]) {
      const response = await move(d.id, org.admin.token, body);
      expectError(response, 409);
      expect(response.body.error.message).toBe(NO_CHANGE_MESSAGE);
    }
  });

  it('answers cannot move (412) for a move into itself or one of its descendants, moving nothing', async () => {
    const org = await createOrganization(server);
    const top = await createCollection(server, org);
    const child = await createCollection(server, org, { parent: top.id });
    const grandchild = await createCollection(server, org, { parent: child.id });
    const before = await snapshotOf(server, [top.id, child.id, grandchild.id]);
    for (const parent of [top.id, grandchild.id]) {
      const response = await move(top.id, org.admin.token, { parent });
      expectError(response, 412);
      expect(response.body.error.message).toMatch(/cannot be moved/);
    }
    expect(await snapshotOf(server, [top.id, child.id, grandchild.id])).toEqual(before);
  });

  it('answers not found (404) for an unknown parent or position reference, or a parent in another organization', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createCollection(server, other);
    const { d } = await fourSiblings(org);
    const before = await snapshotOf(server, [d.id]);
    expectError(await move(d.id, org.admin.token, { parent: 'nope' }), 404);
    expectError(await move(d.id, org.admin.token, { parent: foreign.id }), 404);
    expectError(
      await move(d.id, org.admin.token, { position: { after: { type: 'space', space: 'nope' } } }),
      404,
    );
    expectError(await move('nope', org.admin.token, { parent: null }), 404);
    expect(await snapshotOf(server, [d.id])).toEqual(before);
  });

  it('needs create on the new parent', async () => {
    const org = await createOrganization(server);
    const editor = await addMember(server, org.organization.id, 'edit');
    const target = await createCollection(server, org);
    const moving = await createCollection(server, org);
    // The editor administers the moving collection, but may only read the target.
    await grant(
      server,
      org,
      { kind: 'collection', id: moving.id },
      { role: 'admin', users: [editor.user.id] },
    );
    const before = await snapshotOf(server, [moving.id]);
    expectError(await move(moving.id, editor.token, { parent: target.id }), 403);
    expect(await snapshotOf(server, [moving.id])).toEqual(before);
  });

  it('refuses bad input naming the field, moving nothing', async () => {
    const org = await createOrganization(server);
    const { a, d } = await fourSiblings(org);
    const before = await snapshotOf(server, [d.id]);
    expectFieldError(await move(d.id, org.admin.token, {}), 'parent');
    expectFieldError(await move(d.id, org.admin.token, { parent: 5 }), 'parent');
    expectFieldError(
      await move(d.id, org.admin.token, { position: { before: { type: 'page', page: 'x' } } }),
      'position.before.type',
    );
    expectFieldError(
      await move(d.id, org.admin.token, { position: { before: { type: 'space' } } }),
      'position.before.space',
    );
    expectFieldError(
      await move(d.id, org.admin.token, { position: { next: { type: 'space', space: a.id } } }),
      'position.next',
    );
    expectFieldError(await move(d.id, org.admin.token, { parent: null, extra: 1 }), 'extra');
    expect(await snapshotOf(server, [d.id])).toEqual(before);
  });

  it('answers the same outcomes on tRPC and GraphQL', async () => {
    const org = await createOrganization(server);
    const { c, d } = await fourSiblings(org);
    const input = { collectionId: d.id, position: { after: { type: 'space', space: c.id } } };
    const trpc = await server.api('/trpc/collections.move', {
      method: 'POST',
      body: input,
      token: org.admin.token,
    });
    expect(trpc.status).toBe(409);
    expect(trpc.body.error.data).toMatchObject({ httpStatus: 409, domainCode: 'no_change' });
    expect(trpc.body.error.message).toBe(NO_CHANGE_MESSAGE);
    const gql = await server.api('/graphql', {
      method: 'POST',
      token: org.admin.token,
      body: {
        // The position type's name is generated: the reference goes inline, the JSON scalar as a literal.
        query: `mutation { collectionsMove(collectionId: "${d.id}", position: { before: { type: "collection", collection: "${d.id}" } }) { id } }`,
      },
    });
    expect(gql.body.errors[0].extensions, JSON.stringify(gql.body)).toMatchObject({
      code: 'invalid_position',
      httpStatus: 400,
    });
  });
});

describe('POST /v1/collections/:collectionId/transfer', () => {
  it('moves the collection, its sub-collections and all their spaces to the target organization', async () => {
    const org = await createOrganization(server);
    const target = await createOrganization(server, { owner: org.admin });
    const existing = await createCollection(server, target);
    const parent = await createCollection(server, org);
    const top = await createCollection(server, org, { parent: parent.id });
    const child = await createCollection(server, org, { parent: top.id });
    const spaceTop = await createSpace(server, org, { parent: top.id });
    const spaceChild = await createSpace(server, org, { parent: child.id });
    const outside = await createSpace(server, org, { parent: parent.id });
    const reader = await addMember(server, org.organization.id, 'read');
    await grant(server, org, { kind: 'collection', id: top.id }, { role: 'edit', users: [reader.user.id] });

    const response = await transfer(top.id, org.admin.token, { organization: target.organization.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: top.id, organization: target.organization.id });
    expect(response.body.parent).toBeUndefined();

    const after = await snapshotOf(
      server,
      [top.id, child.id, parent.id],
      [spaceTop.id, spaceChild.id, outside.id],
    );
    const orgOf = (items: { id: string; organizationId: string }[]) =>
      Object.fromEntries(items.map((item) => [item.id, item.organizationId]));
    expect(orgOf(after.collections)).toEqual({
      [top.id]: target.organization.id,
      [child.id]: target.organization.id,
      [parent.id]: org.organization.id,
    });
    expect(orgOf(after.spaces)).toEqual({
      [spaceTop.id]: target.organization.id,
      [spaceChild.id]: target.organization.id,
      [outside.id]: org.organization.id,
    });
    // Last at the top level of the target organization, with its content still inside.
    expect(await siblingOrder(server, target.organization.id)).toEqual([
      `collection:${existing.id}`,
      `collection:${top.id}`,
    ]);
    expect(await siblingOrder(server, target.organization.id, child.id)).toEqual([`space:${spaceChild.id}`]);
    // Grants named people of the organization it left: gone.
    expectError(await server.api(collectionPath(top.id), { token: reader.token }), 404);
    const listed = await walkPages(server, `/v1/orgs/${target.organization.id}/collections`, org.admin.token);
    expect(listed.items.map((c) => c.id)).toEqual([existing.id, top.id, child.id]);
  });

  it('completes a transfer that stopped half-way when run again', async () => {
    const org = await createOrganization(server);
    const target = await createOrganization(server, { owner: org.admin });
    const top = await createCollection(server, org);
    const child = await createCollection(server, org, { parent: top.id });
    const grandchild = await createCollection(server, org, { parent: child.id });
    const space = await createSpace(server, org, { parent: grandchild.id });
    // As if a first transfer had stopped after moving the child (not the grandchild, nor the top).
    await server.services.repos.collections.setOrganization([child.id], target.organization.id, 'earlier');
    const response = await transfer(top.id, org.admin.token, { organization: target.organization.id });
    expect(response.status).toBe(200);
    const after = await snapshotOf(server, [top.id, child.id, grandchild.id], [space.id]);
    for (const item of [...after.collections, ...after.spaces]) {
      expect(item.organizationId).toBe(target.organization.id);
    }
  });

  it('answers no change (409) for the same organization', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const response = await transfer(collection.id, org.admin.token, { organization: org.organization.id });
    expectError(response, 409);
    expect(response.body.error.message).toBe(NO_CHANGE_MESSAGE);
  });

  it('answers cannot move (412) when the caller is not an admin of the target, 404 when not a member, moving nothing', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const space = await createSpace(server, org, { parent: collection.id });
    const memberOf = await createOrganization(server);
    await addOrganizationMember(server.services, {
      organizationId: memberOf.organization.id,
      user: org.admin.user,
      role: 'create',
    });
    const stranger = await createOrganization(server);
    const before = await snapshotOf(server, [collection.id], [space.id]);
    const notAdmin = await transfer(collection.id, org.admin.token, {
      organization: memberOf.organization.id,
    });
    expectError(notAdmin, 412);
    expect(notAdmin.body.error.message).toMatch(/cannot be moved/);
    expectError(
      await transfer(collection.id, org.admin.token, { organization: stranger.organization.id }),
      404,
    );
    expectError(await transfer(collection.id, org.admin.token, { organization: 'nope' }), 404);
    expectError(await transfer('nope', org.admin.token, { organization: memberOf.organization.id }), 404);
    expect(await snapshotOf(server, [collection.id], [space.id])).toEqual(before);
  });

  it('refuses bad input naming the field', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    expectFieldError(await transfer(collection.id, org.admin.token, {}), 'organization');
    expectFieldError(await transfer(collection.id, org.admin.token, { organization: 3 }), 'organization');
    expectFieldError(
      await transfer(collection.id, org.admin.token, { organization: 'x', parent: 'y' }),
      'parent',
    );
  });
});

describe('GET /v1/collections/:collectionId/spaces', () => {
  const spacesPath = (collection: { id: string }) => `${collectionPath(collection.id)}/spaces`;

  it('lists the spaces directly in the collection that the caller can view, paged, deleted ones left out', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const collection = await createCollection(server, org);
    const child = await createCollection(server, org, { parent: collection.id });
    const spaces = [];
    for (let i = 0; i < 3; i++) spaces.push(await createSpace(server, org, { parent: collection.id }));
    await createSpace(server, org, { parent: child.id });
    const deleted = await createSpace(server, org, { parent: collection.id });
    await server.services.repos.spaces.markDeleted(deleted.id, server.clock.now().toISOString());
    // Closed to members: only the admin sees it.
    const closed = await createSpace(server, org, { parent: collection.id });
    await server.services.repos.spaces.update(
      closed.id,
      { defaultLevel: null },
      [],
      server.clock.now().toISOString(),
    );

    const asAdmin = await walkPages(server, `${spacesPath(collection)}?limit=2`, org.admin.token);
    expect(asAdmin.items.map((s) => s.id)).toEqual([...spaces.map((s) => s.id), closed.id]);
    expect(asAdmin.items[0]).toMatchObject({ object: 'space', parent: collection.id });
    const asReader = await server.api(spacesPath(collection), { token: reader.token });
    expect(asReader.body.count).toBe(3);
    expect(asReader.body.items.map((s: { id: string }) => s.id)).toEqual(spaces.map((s) => s.id));
    expect(asReader.body.items[0].permissions).toMatchObject({ view: true, edit: false, admin: false });
  });

  it('answers 404 for an unknown collection', async () => {
    const org = await createOrganization(server);
    expectError(await server.api('/v1/collections/nope/spaces', { token: org.admin.token }), 404);
  });
});
