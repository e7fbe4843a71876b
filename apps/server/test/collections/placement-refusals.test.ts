/**
 * Operations on a collection that act beyond it (transfer, move to another parent, create
 * under a parent, delete with what it holds) with callers who hold grants: a reader or a
 * guest with an admin grant, a team grant, a grant on an ancestor collection. Every refusal
 * leaves the store as it was.
 */
import { addOrganizationMember } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, insertCollection, insertSpace } from '../access/content-fixtures';
import { expectError } from '../organizations/expectations';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { GRANT_HOLDERS, type GrantHolder, grantHolder } from '../support/grant-holders';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam } from '../teams/team-fixtures';
import { collectionPath, collectionsPath, snapshotOf } from './collection-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (path: string, who: TestMember, body: unknown) =>
  server.api(path, { method: 'POST', token: who.token, body });
const remove = (collectionId: string, who: TestMember) =>
  server.api(collectionPath(collectionId), { method: 'DELETE', token: who.token });

/** A collection holding a space, which `holder` administers through a grant. */
async function holderOfCollection(org: TestOrganization, holder: GrantHolder) {
  const organizationId = org.organization.id;
  const ancestor =
    holder === 'reader through an ancestor collection'
      ? await insertCollection(server, organizationId)
      : undefined;
  const collection = await insertCollection(
    server,
    organizationId,
    ancestor ? { parentId: ancestor.id } : {},
  );
  const space = await insertSpace(server, organizationId, { parentId: collection.id });
  const member = await grantHolder(
    server,
    org,
    holder,
    { kind: 'collection', id: collection.id },
    ancestor ? { kind: 'collection', id: ancestor.id } : undefined,
  );
  return { member, collection, space, ancestor };
}

describe('POST /v1/collections/:collectionId/transfer needs the organization admin role where the collection is', () => {
  for (const holder of GRANT_HOLDERS) {
    it(`a ${holder} holding admin on the collection: 403, into an organization they created`, async () => {
      const org = await createOrganization(server);
      const { member, collection, space } = await holderOfCollection(org, holder);
      const seen = await server.api(collectionPath(collection.id), { token: member.token });
      expect(seen.body.permissions.admin).toBe(true);
      const own = await createOrganization(server, { owner: member });
      const before = await snapshotOf(server, [collection.id], [space.id]);
      const refused = await post(`${collectionPath(collection.id)}/transfer`, member, {
        organization: own.organization.id,
      });
      expectError(refused, 403);
      expect(refused.body.error.message).toMatch(/organization admin/);
      expect(await snapshotOf(server, [collection.id], [space.id])).toEqual(before);
    });
  }
});

describe('POST /v1/collections/:collectionId/move to another parent', () => {
  it('a reader with an admin grant, out of a collection they only read into one they may create in: 403', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const from = await insertCollection(server, org.organization.id);
    const to = await insertCollection(server, org.organization.id);
    const moving = await insertCollection(server, org.organization.id, { parentId: from.id });
    await grant(
      server,
      org,
      { kind: 'collection', id: moving.id },
      { role: 'admin', users: [reader.user.id] },
    );
    await grant(server, org, { kind: 'collection', id: to.id }, { role: 'create', users: [reader.user.id] });
    const before = await snapshotOf(server, [moving.id]);
    const refused = await post(`${collectionPath(moving.id)}/move`, reader, { parent: to.id });
    expectError(refused, 403);
    expect(refused.body.error.message).toMatch(/take content out/);
    expect(await snapshotOf(server, [moving.id])).toEqual(before);
  });

  it('a guest through a team, from the top level into a collection the team may create in: 403', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const team = await createTeam(server, org, { title: 'Guests', members: [guest.user.id] });
    const to = await insertCollection(server, org.organization.id);
    const moving = await insertCollection(server, org.organization.id);
    await grant(server, org, { kind: 'collection', id: moving.id }, { role: 'admin', teams: [team.id] });
    await grant(server, org, { kind: 'collection', id: to.id }, { role: 'create', teams: [team.id] });
    const before = await snapshotOf(server, [moving.id]);
    expectError(await post(`${collectionPath(moving.id)}/move`, guest, { parent: to.id }), 403);
    expect(await snapshotOf(server, [moving.id])).toEqual(before);
  });

  it('a parent in another organization is 404 even where the caller is a member who may not create', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server);
    await addOrganizationMember(server.services, {
      organizationId: other.organization.id,
      user: org.admin.user,
      role: 'read',
    });
    const foreign = await insertCollection(server, other.organization.id);
    const moving = await insertCollection(server, org.organization.id);
    const before = await snapshotOf(server, [moving.id]);
    expectError(await post(`${collectionPath(moving.id)}/move`, org.admin, { parent: foreign.id }), 404);
    expect(await snapshotOf(server, [moving.id])).toEqual(before);
    const created = await post(collectionsPath(org.organization.id), org.admin, {
      title: 'x',
      parent: foreign.id,
    });
    expectError(created, 404);
    const spaceCreated = await post(`/v1/orgs/${org.organization.id}/spaces`, org.admin, {
      parent: foreign.id,
    });
    expectError(spaceCreated, 404);
    expect(await server.services.repos.collections.listAll(org.organization.id)).toHaveLength(1);
  });
});

describe('DELETE /v1/collections/:collectionId needs admin on everything it holds, or the organization admin role', () => {
  it('a member who administers the collection through its level, holding a space they only read: 403', async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'edit');
    const collection = await insertCollection(server, org.organization.id, { defaultLevel: 'admin' });
    const theirs = await insertSpace(server, org.organization.id, { parentId: collection.id });
    const others = await insertSpace(server, org.organization.id, {
      parentId: collection.id,
      defaultLevel: 'read',
    });
    const before = await snapshotOf(server, [collection.id], [theirs.id, others.id]);
    const refused = await remove(collection.id, member);
    expectError(refused, 403);
    expect(refused.body.error.message).toMatch(/everything it holds/);
    expect(await snapshotOf(server, [collection.id], [theirs.id, others.id])).toEqual(before);
  });

  it('a sub-collection hidden from the caller: 403, nothing deleted', async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'edit');
    const collection = await insertCollection(server, org.organization.id, { defaultLevel: 'admin' });
    const hidden = await insertCollection(server, org.organization.id, {
      parentId: collection.id,
      defaultLevel: null,
    });
    const deep = await insertSpace(server, org.organization.id, { parentId: hidden.id });
    const before = await snapshotOf(server, [collection.id, hidden.id], [deep.id]);
    expectError(await remove(collection.id, member), 403);
    expect(await snapshotOf(server, [collection.id, hidden.id], [deep.id])).toEqual(before);
  });

  for (const holder of GRANT_HOLDERS) {
    it(`a ${holder} (admin of everything below through the grant): 204`, async () => {
      const org = await createOrganization(server);
      const { member, collection, space } = await holderOfCollection(org, holder);
      expect((await remove(collection.id, member)).status).toBe(204);
      expect(await server.services.repos.collections.findById(collection.id)).toBeNull();
      expect((await server.services.repos.spaces.findById(space.id))!.deletedAt).toBeDefined();
    });
  }

  it('the organization admin, whatever the levels below: 204', async () => {
    const org = await createOrganization(server);
    const collection = await insertCollection(server, org.organization.id);
    await insertCollection(server, org.organization.id, { parentId: collection.id, defaultLevel: null });
    expect((await remove(collection.id, org.admin)).status).toBe(204);
  });
});
