/**
 * The official client drives the permissions operations of spaces and collections: invite
 * users and teams, list them, change and revoke a grant (204 on success, as the document
 * allows), list everyone with access (the aggregate, page by page and by role), and the
 * errors of a non-member and an unknown space.
 */
import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createCollection, createSpace } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('space permissions', () => {
  it('inviteToSpace, list, update and remove users and teams', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const guest = await addMember(server, org.organization.id, null);
    const team = await createTeam(server, org, { title: 'Writers' });
    const client = officialClient(server.url, org.admin.token);
    const spaces = client.api.spaces;

    await spaces.inviteToSpace(space.id, { role: MemberRole.Edit, users: [guest.user.id] });
    expectConforms(client.last(), 'inviteToSpace', 204);
    await spaces.inviteToSpace(space.id, { role: MemberRole.Read, teams: [team.id] });
    expectConforms(client.last(), 'inviteToSpace', 204);

    const users = await spaces.listUserPermissionsInSpace(space.id);
    expectConforms(client.last(), 'listUserPermissionsInSpace', 200);
    expect(users.data.items).toMatchObject([{ permission: 'edit', user: { id: guest.user.id } }]);
    const teams = await spaces.listTeamPermissionsInSpace(space.id, { limit: 10 });
    expectConforms(client.last(), 'listTeamPermissionsInSpace', 200);
    expect(teams.data.items).toMatchObject([{ permission: 'read', team: { id: team.id } }]);

    await spaces.updateUserPermissionInSpace(space.id, guest.user.id, { role: MemberRole.Comment });
    expectConforms(client.last(), 'updateUserPermissionInSpace', 204);
    await spaces.updateTeamPermissionInSpace(space.id, team.id, { role: MemberRole.Review });
    expectConforms(client.last(), 'updateTeamPermissionInSpace', 204);
    await spaces.removeUserFromSpace(space.id, guest.user.id);
    expectConforms(client.last(), 'removeUserFromSpace', 204);
    await spaces.removeTeamFromSpace(space.id, team.id);
    expectConforms(client.last(), 'removeTeamFromSpace', 204);
    expect((await spaces.listUserPermissionsInSpace(space.id)).data.items).toEqual([]);
  });

  it('refuses a non-member (400) and an unknown space (404)', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const stranger = (await createOrganization(server)).admin;
    const client = officialClient(server.url, org.admin.token);
    const refused = await expectClientError(
      client,
      client.api.spaces.inviteToSpace(space.id, { role: MemberRole.Read, users: [stranger.user.id] }),
      'inviteToSpace',
      400,
    );
    expect(refused.errorMessage).toContain(stranger.user.id);
    await expectClientError(
      client,
      client.api.spaces.listUserPermissionsInSpace('no-such-space'),
      'listUserPermissionsInSpace',
      404,
    );
  });
});

describe('collection permissions', () => {
  it('inviteToCollection, list, update and remove users and teams', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const guest = await addMember(server, org.organization.id, null);
    const team = await createTeam(server, org, { title: 'Readers' });
    const client = officialClient(server.url, org.admin.token);
    const collections = client.api.collections;

    await collections.inviteToCollection(collection.id, {
      role: MemberRole.Admin,
      users: [guest.user.id],
      teams: [team.id],
    });
    expectConforms(client.last(), 'inviteToCollection', 204);

    const users = await collections.listUserPermissionsInCollection(collection.id);
    expectConforms(client.last(), 'listUserPermissionsInCollection', 200);
    expect(users.data.items).toMatchObject([{ permission: 'admin', user: { id: guest.user.id } }]);
    const teams = await collections.listTeamPermissionsInCollection(collection.id);
    expectConforms(client.last(), 'listTeamPermissionsInCollection', 200);
    expect(teams.data.items).toMatchObject([{ permission: 'admin', team: { id: team.id } }]);

    await collections.updateUserPermissionInCollection(collection.id, guest.user.id, {
      role: MemberRole.Read,
    });
    expectConforms(client.last(), 'updateUserPermissionInCollection', 204);
    await collections.updateTeamPermissionInCollection(collection.id, team.id, { role: MemberRole.Read });
    expectConforms(client.last(), 'updateTeamPermissionInCollection', 204);
    await collections.removeUserFromCollection(collection.id, guest.user.id);
    expectConforms(client.last(), 'removeUserFromCollection', 204);
    await collections.removeTeamFromCollection(collection.id, team.id);
    expectConforms(client.last(), 'removeTeamFromCollection', 204);
  });
});

describe('permissions aggregates', () => {
  it('listPermissionsAggregateInSpace: everyone with access, by role and page by page', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const reader = await addMember(server, org.organization.id, 'read');
    const guest = await addMember(server, org.organization.id, null);
    const client = officialClient(server.url, org.admin.token);
    const spaces = client.api.spaces;
    await spaces.inviteToSpace(space.id, { role: MemberRole.Edit, users: [guest.user.id] });

    const all = await spaces.listPermissionsAggregateInSpace(space.id);
    expectConforms(client.last(), 'listPermissionsAggregateInSpace', 200);
    expect(all.data.items.map((item) => [item.user.id, item.permission])).toEqual([
      [org.admin.user.id, 'admin'],
      [reader.user.id, 'read'],
      [guest.user.id, 'edit'],
    ]);
    expect(all.data.count).toBe(3);

    const editors = await spaces.listPermissionsAggregateInSpace(space.id, { role: MemberRole.Edit });
    expectConforms(client.last(), 'listPermissionsAggregateInSpace', 200);
    expect(editors.data.items.map((item) => item.user.id)).toEqual([guest.user.id]);

    const first = await spaces.listPermissionsAggregateInSpace(space.id, { limit: 2 });
    expectConforms(client.last(), 'listPermissionsAggregateInSpace', 200);
    const page = first.data.next?.page;
    expect(page).toEqual(expect.any(String));
    const second = await spaces.listPermissionsAggregateInSpace(space.id, { limit: 2, page });
    expectConforms(client.last(), 'listPermissionsAggregateInSpace', 200);
    expect([...first.data.items, ...second.data.items]).toEqual(all.data.items);
    expect(second.data.next).toBeUndefined();

    const stranger = officialClient(server.url, (await createOrganization(server)).admin.token);
    await expectClientError(
      stranger,
      stranger.api.spaces.listPermissionsAggregateInSpace(space.id),
      'listPermissionsAggregateInSpace',
      404,
    );
  });

  it('listPermissionsAggregateInCollection: everyone with access to a restricted collection', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const collection = await createCollection(server, org, { defaultLevel: null });
    await addMember(server, org.organization.id, 'edit');
    const guest = await addMember(server, org.organization.id, null);
    const client = officialClient(server.url, org.admin.token);
    const collections = client.api.collections;
    await collections.inviteToCollection(collection.id, { role: MemberRole.Comment, users: [guest.user.id] });

    const all = await collections.listPermissionsAggregateInCollection(collection.id);
    expectConforms(client.last(), 'listPermissionsAggregateInCollection', 200);
    expect(all.data.items.map((item) => [item.user.id, item.permission])).toEqual([
      [org.admin.user.id, 'admin'],
      [guest.user.id, 'comment'],
    ]);
    const commenters = await collections.listPermissionsAggregateInCollection(collection.id, {
      role: MemberRole.Comment,
      limit: 1,
    });
    expectConforms(client.last(), 'listPermissionsAggregateInCollection', 200);
    expect(commenters.data.items.map((item) => item.user.id)).toEqual([guest.user.id]);

    const anonymous = officialClient(server.url);
    await expectClientError(
      anonymous,
      anonymous.api.collections.listPermissionsAggregateInCollection(collection.id),
      'listPermissionsAggregateInCollection',
      401,
    );
  });
});
