/**
 * The official client drives the member operations: list (with each filter and sort), read,
 * change role, make an SSO member, list a member's teams, and remove (twice: idempotent).
 */
import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('members', () => {
  it('listMembersInOrganizationById: GET ORG/members, with paging, filters and sorts', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit', { displayName: 'Zelda Client' });
    await addMember(server, organization.id, null);
    const client = officialClient(server.url, admin.token);

    const all = await client.api.orgs.listMembersInOrganizationById(organization.id);
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);
    expect(all.data.items).toHaveLength(3);

    const page1 = await client.api.orgs.listMembersInOrganizationById(organization.id, {
      limit: 2,
      order: 'desc',
    });
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);
    const next = page1.data.next?.page;
    expect(next).toBeTypeOf('string');
    await client.api.orgs.listMembersInOrganizationById(organization.id, {
      limit: 2,
      order: 'desc',
      page: next,
    });
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);

    const editors = await client.api.orgs.listMembersInOrganizationById(organization.id, {
      role: MemberRole.Edit,
    });
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);
    expect(editors.data.items.map((item) => item.id)).toEqual([editor.user.id]);

    const guests = await client.api.orgs.listMembersInOrganizationById(organization.id, { role: 'guest' });
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);
    expect(guests.data.items.map((item) => item.role)).toEqual([null]);

    const found = await client.api.orgs.listMembersInOrganizationById(organization.id, { search: 'zelda' });
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);
    expect(found.data.items.map((item) => item.id)).toEqual([editor.user.id]);

    await officialClient(server.url, editor.token).api.orgs.updateOrganizationMemberLastSeenAt(
      organization.id,
    );
    const active = await client.api.orgs.listMembersInOrganizationById(organization.id, {
      sort: 'lastSeenAt',
    });
    expectConforms(client.last(), 'listMembersInOrganizationById', 200);
    expect(active.data.items.map((item) => item.id)).toContain(editor.user.id);
  });

  it('getMemberInOrganizationById: GET ORG/members/{userId}, a member and a guest', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const guest = await addMember(server, organization.id, null);
    const client = officialClient(server.url, admin.token);
    const self = await client.api.orgs.getMemberInOrganizationById(organization.id, admin.user.id);
    expectConforms(client.last(), 'getMemberInOrganizationById', 200);
    expect(self.data).toMatchObject({ object: 'member', id: admin.user.id, role: 'admin' });
    const other = await client.api.orgs.getMemberInOrganizationById(organization.id, guest.user.id);
    expectConforms(client.last(), 'getMemberInOrganizationById', 200);
    expect(other.data.role).toBeNull();
  });

  it('updateMemberInOrganizationById: PATCH ORG/members/{userId}, a role then null (guest)', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const client = officialClient(server.url, admin.token);
    const promoted = await client.api.orgs.updateMemberInOrganizationById(organization.id, reader.user.id, {
      role: MemberRole.Review,
    });
    expectConforms(client.last(), 'updateMemberInOrganizationById', 200);
    expect(promoted.data.role).toBe('review');
    const guest = await client.api.orgs.updateMemberInOrganizationById(organization.id, reader.user.id, {
      role: null,
    });
    expectConforms(client.last(), 'updateMemberInOrganizationById', 200);
    expect(guest.data.role).toBeNull();
  });

  it('setUserAsSsoMemberForOrganization: POST ORG/members/{userId}/sso', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, admin.token);
    const { data } = await client.api.orgs.setUserAsSsoMemberForOrganization(organization.id, editor.user.id);
    expectConforms(client.last(), 'setUserAsSSOMemberForOrganization', 200);
    expect(data).toMatchObject({ id: editor.user.id, sso: true });
  });

  it('listTeamsForOrganizationMember: GET ORG/members/{userId}/teams, with a title filter', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, admin.token);
    await client.api.orgs.createOrganizationTeam(organization.id, {
      title: 'Writers',
      members: [editor.user.id],
    });
    await client.api.orgs.createOrganizationTeam(organization.id, {
      title: 'Readers',
      members: [editor.user.id],
    });

    const all = await client.api.orgs.listTeamsForOrganizationMember(organization.id, editor.user.id);
    expectConforms(client.last(), 'listTeamsForOrganizationMember', 200);
    expect(all.data.items.map((item) => item.team.title).sort()).toEqual(['Readers', 'Writers']);

    const filtered = await client.api.orgs.listTeamsForOrganizationMember(organization.id, editor.user.id, {
      title: 'writ',
      limit: 1,
    });
    expectConforms(client.last(), 'listTeamsForOrganizationMember', 200);
    expect(filtered.data.items.map((item) => item.team.title)).toEqual(['Writers']);
  });

  it('removeMemberFromOrganizationById: DELETE ORG/members/{userId}, 204 again when gone or never there', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const stranger = await createUser(server);
    const client = officialClient(server.url, admin.token);
    await client.api.orgs.removeMemberFromOrganizationById(organization.id, reader.user.id);
    expectConforms(client.last(), 'removeMemberFromOrganizationById', 204);
    await client.api.orgs.removeMemberFromOrganizationById(organization.id, reader.user.id);
    expectConforms(client.last(), 'removeMemberFromOrganizationById', 204);
    await client.api.orgs.removeMemberFromOrganizationById(organization.id, stranger.user.id);
    expectConforms(client.last(), 'removeMemberFromOrganizationById', 204);
    const list = await client.api.orgs.listMembersInOrganizationById(organization.id);
    expect(list.data.items.map((item) => item.id)).toEqual([admin.user.id]);
  });
});
