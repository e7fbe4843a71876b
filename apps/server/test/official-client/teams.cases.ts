/**
 * The official client drives the team operations: create (PUT, 201), list with filters,
 * read, rename, the team's members (bulk update, put one, list, remove one) and delete.
 */
import { TeamMemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('teams', () => {
  it('createOrganizationTeam: PUT ORG/teams answers 201 with the Team', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, admin.token);
    const { data } = await client.api.orgs.createOrganizationTeam(organization.id, {
      title: 'Docs',
      members: [editor.user.id],
    });
    expectConforms(client.last(), 'createOrganizationTeam', 201);
    expect(data).toMatchObject({ object: 'team', title: 'Docs', members: 1 });
    const bare = await client.api.orgs.createOrganizationTeam(organization.id, { title: 'Empty' });
    expectConforms(client.last(), 'createOrganizationTeam', 201);
    expect(bare.data.members).toBe(0);
  });

  it('listTeamsInOrganizationById: GET ORG/teams, with paging, owner and title filters', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, admin.token);
    const docs = await client.api.orgs.createOrganizationTeam(organization.id, { title: 'Docs team' });
    await client.api.orgs.createOrganizationTeam(organization.id, { title: 'Design team' });
    await client.api.orgs.addMemberToOrganizationTeamById(organization.id, docs.data.id, editor.user.id, {
      role: TeamMemberRole.Owner,
    });

    const all = await client.api.orgs.listTeamsInOrganizationById(organization.id);
    expectConforms(client.last(), 'listTeamsInOrganizationById', 200);
    expect(all.data.items).toHaveLength(2);

    const page1 = await client.api.orgs.listTeamsInOrganizationById(organization.id, { limit: 1 });
    expectConforms(client.last(), 'listTeamsInOrganizationById', 200);
    const page2 = await client.api.orgs.listTeamsInOrganizationById(organization.id, {
      limit: 1,
      page: page1.data.next?.page,
    });
    expectConforms(client.last(), 'listTeamsInOrganizationById', 200);
    expect(page2.data.items[0]?.id).not.toBe(page1.data.items[0]?.id);

    const owned = await client.api.orgs.listTeamsInOrganizationById(organization.id, {
      owner: editor.user.id,
    });
    expectConforms(client.last(), 'listTeamsInOrganizationById', 200);
    expect(owned.data.items.map((team) => team.id)).toEqual([docs.data.id]);

    const titled = await client.api.orgs.listTeamsInOrganizationById(organization.id, { title: 'DESIGN' });
    expectConforms(client.last(), 'listTeamsInOrganizationById', 200);
    expect(titled.data.items.map((team) => team.title)).toEqual(['Design team']);
  });

  it('getTeamInOrganizationById and updateTeamInOrganizationById: GET and PATCH ORG/teams/{teamId}', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const client = officialClient(server.url, admin.token);
    const team = await client.api.orgs.createOrganizationTeam(organization.id, { title: 'Before' });

    const read = officialClient(server.url, reader.token);
    const fetched = await read.api.orgs.getTeamInOrganizationById(organization.id, team.data.id);
    expectConforms(read.last(), 'getTeamInOrganizationById', 200);
    expect(fetched.data.title).toBe('Before');

    const renamed = await client.api.orgs.updateTeamInOrganizationById(organization.id, team.data.id, {
      title: 'After',
    });
    expectConforms(client.last(), 'updateTeamInOrganizationById', 200);
    expect(renamed.data.title).toBe('After');
  });

  it('team members: bulk update, put one, list, remove one', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const ann = await addMember(server, organization.id, 'edit');
    const bob = await addMember(server, organization.id, 'read');
    const cid = await addMember(server, organization.id, 'comment');
    const client = officialClient(server.url, admin.token);
    const team = await client.api.orgs.createOrganizationTeam(organization.id, { title: 'Crew' });
    const teamId = team.data.id;

    await client.api.orgs.updateMembersInOrganizationTeam(organization.id, teamId, {
      add: [ann.user.id, bob.user.id],
      memberships: { [cid.user.id]: { role: TeamMemberRole.Owner } },
    });
    expectConforms(client.last(), 'updateMembersInOrganizationTeam', 204);

    await client.api.orgs.addMemberToOrganizationTeamById(organization.id, teamId, bob.user.id, {
      role: TeamMemberRole.Owner,
    });
    expectConforms(client.last(), 'addMemberToOrganizationTeamById', 204);

    const listed = await client.api.orgs.listTeamMembersInOrganizationById(organization.id, teamId);
    expectConforms(client.last(), 'listTeamMembersInOrganizationById', 200);
    const roles = Object.fromEntries(listed.data.items.map((item) => [item.organization.id, item.team.role]));
    expect(roles).toEqual({ [ann.user.id]: 'member', [bob.user.id]: 'owner', [cid.user.id]: 'owner' });

    const page1 = await client.api.orgs.listTeamMembersInOrganizationById(organization.id, teamId, {
      limit: 2,
    });
    expectConforms(client.last(), 'listTeamMembersInOrganizationById', 200);
    await client.api.orgs.listTeamMembersInOrganizationById(organization.id, teamId, {
      limit: 2,
      page: page1.data.next?.page,
    });
    expectConforms(client.last(), 'listTeamMembersInOrganizationById', 200);

    await client.api.orgs.deleteMemberFromOrganizationTeamById(organization.id, teamId, ann.user.id);
    expectConforms(client.last(), 'deleteMemberFromOrganizationTeamById', 204);
    await client.api.orgs.deleteMemberFromOrganizationTeamById(organization.id, teamId, ann.user.id);
    expectConforms(client.last(), 'deleteMemberFromOrganizationTeamById', 204);

    await client.api.orgs.updateMembersInOrganizationTeam(organization.id, teamId, { remove: [bob.user.id] });
    expectConforms(client.last(), 'updateMembersInOrganizationTeam', 204);
    const after = await client.api.orgs.listTeamMembersInOrganizationById(organization.id, teamId);
    expect(after.data.items.map((item) => item.organization.id)).toEqual([cid.user.id]);
  });

  it('removeTeamFromOrganizationById: DELETE ORG/teams/{teamId}, 204 again when gone', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const team = await client.api.orgs.createOrganizationTeam(organization.id, { title: 'Doomed' });
    await client.api.orgs.removeTeamFromOrganizationById(organization.id, team.data.id);
    expectConforms(client.last(), 'removeTeamFromOrganizationById', 204);
    await client.api.orgs.removeTeamFromOrganizationById(organization.id, team.data.id);
    expectConforms(client.last(), 'removeTeamFromOrganizationById', 204);
    const list = await client.api.orgs.listTeamsInOrganizationById(organization.id);
    expect(list.data.items).toEqual([]);
  });
});
