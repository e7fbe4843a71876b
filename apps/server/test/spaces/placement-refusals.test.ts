/**
 * Operations that act beyond the space itself (transfer, move to another parent, duplicate)
 * with callers who hold grants: a reader or a guest with an admin grant on the space, a team
 * grant, a grant on an ancestor collection. A grant on the space is never the right to take it
 * out of its organization, nor to empty or fill a collection the caller may not create in.
 * Every refusal leaves the store as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, insertCollection, insertSpace } from '../access/content-fixtures';
import { expectError } from '../organizations/expectations';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { GRANT_HOLDERS, type GrantHolder, grantHolder } from '../support/grant-holders';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam } from '../teams/team-fixtures';
import { storedSpace } from './space-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (path: string, token: string, body: unknown) =>
  server.api(path, { method: 'POST', token, body });
const transfer = (spaceId: string, who: TestMember, body: unknown) =>
  post(`/v1/spaces/${spaceId}/transfer`, who.token, body);
const move = (spaceId: string, who: TestMember, body: unknown) =>
  post(`/v1/spaces/${spaceId}/move`, who.token, body);

/** Whatever a refused request could have changed: the space and the organizations' counts. */
async function stateOf(spaceId: string, organizationIds: string[]) {
  return {
    space: await storedSpace(server, spaceId),
    counts: await Promise.all(organizationIds.map((id) => server.services.repos.spaces.countActive(id))),
  };
}

/** A space (in a collection for the ancestor case) that `holder` administers through a grant. */
async function holderOfSpace(org: TestOrganization, holder: GrantHolder) {
  const organizationId = org.organization.id;
  const ancestor =
    holder === 'reader through an ancestor collection'
      ? await insertCollection(server, organizationId)
      : undefined;
  const space = await insertSpace(server, organizationId, ancestor ? { parentId: ancestor.id } : {});
  const member = await grantHolder(
    server,
    org,
    holder,
    { kind: 'space', id: space.id },
    ancestor ? { kind: 'collection', id: ancestor.id } : undefined,
  );
  return { member, space };
}

describe('POST /v1/spaces/:spaceId/transfer needs the organization admin role where the space is', () => {
  for (const holder of GRANT_HOLDERS) {
    it(`a ${holder} holding admin on the space: 403, into an organization they created`, async () => {
      const org = await createOrganization(server);
      const { member, space } = await holderOfSpace(org, holder);
      // The space is theirs to administer: they see it with admin permissions.
      const seen = await server.api(`/v1/spaces/${space.id}`, { token: member.token });
      expect(seen.body.permissions.admin).toBe(true);
      const own = await createOrganization(server, { owner: member });
      const before = await stateOf(space.id, [org.organization.id, own.organization.id]);
      const refused = await transfer(space.id, member, { organization: own.organization.id });
      expectError(refused, 403);
      expect(refused.body.error.message).toMatch(/organization admin/);
      expect(await stateOf(space.id, [org.organization.id, own.organization.id])).toEqual(before);
      // The owners still have it.
      expect((await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token })).status).toBe(200);
    });
  }

  it('a member who administers the space through its default level: 403', async () => {
    const org = await createOrganization(server);
    const creator = await addMember(server, org.organization.id, 'create');
    const space = await insertSpace(server, org.organization.id, { defaultLevel: 'admin' });
    const own = await createOrganization(server, { owner: creator });
    const before = await stateOf(space.id, [org.organization.id, own.organization.id]);
    expectError(await transfer(space.id, creator, { organization: own.organization.id }), 403);
    expect(await stateOf(space.id, [org.organization.id, own.organization.id])).toEqual(before);
  });

  it('the organization admin, admin of the target: 200', async () => {
    const org = await createOrganization(server);
    const space = await insertSpace(server, org.organization.id);
    const target = await createOrganization(server, { owner: org.admin });
    const moved = await transfer(space.id, org.admin, { organization: target.organization.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.organization).toBe(target.organization.id);
  });
});

describe('POST /v1/spaces/:spaceId/transfer to the organization the space is in', () => {
  it('is 409 "operation would not result in any update", whatever the body says', async () => {
    const org = await createOrganization(server);
    const collection = await insertCollection(server, org.organization.id);
    const space = await insertSpace(server, org.organization.id);
    const before = await stateOf(space.id, [org.organization.id]);
    for (const body of [
      { organization: org.organization.id },
      { organization: org.organization.id, parent: collection.id },
    ]) {
      const response = await transfer(space.id, org.admin, body);
      expectError(response, 409);
      expect(response.body.error.message).toBe('operation would not result in any update');
    }
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });
});

describe('POST /v1/spaces/:spaceId/move to another parent', () => {
  it('a guest with an admin grant on the space and create on the target may not empty a collection they cannot create in: 403', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const from = await insertCollection(server, org.organization.id);
    const to = await insertCollection(server, org.organization.id);
    const space = await insertSpace(server, org.organization.id, { parentId: from.id });
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'admin', users: [guest.user.id] });
    await grant(server, org, { kind: 'collection', id: to.id }, { role: 'create', users: [guest.user.id] });
    const before = await stateOf(space.id, [org.organization.id]);
    const refused = await move(space.id, guest, { parent: to.id });
    expectError(refused, 403);
    expect(refused.body.error.message).toMatch(/take content out/);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a reader through a team, out of a collection they only read into one they may create in: 403', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'Movers', members: [reader.user.id] });
    const from = await insertCollection(server, org.organization.id);
    const to = await insertCollection(server, org.organization.id);
    const space = await insertSpace(server, org.organization.id, { parentId: from.id });
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'admin', teams: [team.id] });
    await grant(server, org, { kind: 'collection', id: to.id }, { role: 'create', teams: [team.id] });
    const before = await stateOf(space.id, [org.organization.id]);
    expectError(await move(space.id, reader, { parent: to.id }), 403);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a guest with an admin grant, from the top level into a collection they may create in: 403 (the top level is not theirs)', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const to = await insertCollection(server, org.organization.id);
    const space = await insertSpace(server, org.organization.id);
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'admin', users: [guest.user.id] });
    await grant(server, org, { kind: 'collection', id: to.id }, { role: 'create', users: [guest.user.id] });
    const before = await stateOf(space.id, [org.organization.id]);
    expectError(await move(space.id, guest, { parent: to.id }), 403);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a reader with an admin grant on the space: 403 into a collection they read, 404 into one they cannot see', async () => {
    const org = await createOrganization(server);
    const { member, space } = await holderOfSpace(org, 'reader with a user grant');
    const readable = await insertCollection(server, org.organization.id);
    const hidden = await insertCollection(server, org.organization.id, { defaultLevel: null });
    const before = await stateOf(space.id, [org.organization.id]);
    expectError(await move(space.id, member, { parent: readable.id }), 403);
    expectError(await move(space.id, member, { parent: hidden.id }), 404);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
  });

  it('a reader through an ancestor collection: within what the grant covers 200, out to the top level 403', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const ancestor = await insertCollection(server, org.organization.id);
    const inner = await insertCollection(server, org.organization.id, { parentId: ancestor.id });
    const space = await insertSpace(server, org.organization.id, { parentId: inner.id });
    await grant(
      server,
      org,
      { kind: 'collection', id: ancestor.id },
      { role: 'admin', users: [reader.user.id] },
    );
    const before = await stateOf(space.id, [org.organization.id]);
    expectError(await move(space.id, reader, { parent: null }), 403);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);
    const within = await move(space.id, reader, { parent: ancestor.id });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body.parent).toBe(ancestor.id);
  });
});

describe('POST /v1/spaces/:spaceId/duplicate', () => {
  it('a guest with an admin grant on the space may not add a copy where they may not create: 403', async () => {
    const org = await createOrganization(server);
    const { member, space } = await holderOfSpace(org, 'guest with a user grant');
    const before = await server.services.repos.spaces.countActive(org.organization.id);
    expectError(await post(`/v1/spaces/${space.id}/duplicate`, member.token, undefined), 403);
    expect(await server.services.repos.spaces.countActive(org.organization.id)).toBe(before);
  });

  it('a reader with create on the collection of the space duplicates it there: 201', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const collection = await insertCollection(server, org.organization.id);
    const space = await insertSpace(server, org.organization.id, { parentId: collection.id });
    await grant(
      server,
      org,
      { kind: 'collection', id: collection.id },
      { role: 'create', users: [reader.user.id] },
    );
    const copy = await post(`/v1/spaces/${space.id}/duplicate`, reader.token, undefined);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.parent).toBe(collection.id);
  });
});

describe('POST /v1/spaces/:spaceId/restore out of a removed collection', () => {
  it('lands the space at the top level: a holder of an admin grant on it who may not create there gets 403, the organization admin 200', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const collection = await insertCollection(server, org.organization.id);
    const space = await insertSpace(server, org.organization.id, { parentId: collection.id });
    const topLevel = await insertSpace(server, org.organization.id);
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'admin', users: [reader.user.id] });
    const removed = await server.api(`/v1/collections/${collection.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(removed.status).toBe(204);
    const before = await stateOf(space.id, [org.organization.id]);
    const refused = await post(`/v1/spaces/${space.id}/restore`, reader.token, undefined);
    expectError(refused, 403);
    expect(await stateOf(space.id, [org.organization.id])).toEqual(before);

    const restored = await post(`/v1/spaces/${space.id}/restore`, org.admin.token, undefined);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    const top = await server.services.repos.spaces.listLiveChildren(org.organization.id, undefined);
    expect(top.map((s) => s.id)).toEqual([topLevel.id, space.id]);
  });
});
