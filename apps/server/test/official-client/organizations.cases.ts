/**
 * The official client drives the organization operations: the caller, the organizations it
 * belongs to, one organization read and updated, lookup by email domain, ping and invites.
 */
import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { addMember, createOrganization, createUser } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describe('user', () => {
  it('getAuthenticatedUser: GET /v1/user', async () => {
    const server = testServer();
    const { user, token } = await createUser(server);
    const client = officialClient(server.url, token);
    const { data } = await client.api.user.getAuthenticatedUser();
    expectConforms(client.last(), 'getAuthenticatedUser', 200);
    expect(data).toMatchObject({ object: 'user', id: user.id, displayName: user.displayName });
  });

  it('getUserById: GET /v1/users/{userId}, someone of a shared organization; others are 404', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const { organization, admin } = org;
    const guest = await addMember(server, organization.id, null);
    // A guest sees the people of what was shared with them: the admin views the space.
    const space = await createSpace(server, org);
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [guest.user.id] });
    const client = officialClient(server.url, admin.token);
    const { data } = await client.api.users.getUserById(guest.user.id);
    expectConforms(client.last(), 'getUserById', 200);
    expect(data).toEqual({
      object: 'user',
      id: guest.user.id,
      displayName: guest.user.displayName,
      email: guest.user.email,
      urls: { location: `${server.config.publicUrl}/v1/users/${guest.user.id}` },
    });
    // The guest sees the admin without the email, which the document allows to be absent.
    const asGuest = officialClient(server.url, guest.token);
    const seen = await asGuest.api.users.getUserById(admin.user.id);
    expectConforms(asGuest.last(), 'getUserById', 200);
    expect(seen.data).not.toHaveProperty('email');

    const stranger = officialClient(server.url, (await createUser(server)).token);
    await expectClientError(stranger, stranger.api.users.getUserById(admin.user.id), 'getUserById', 404);
  });
});

describe('users, changed', () => {
  it("updateUserById: PATCH /v1/users/{userId}, one's own name and picture; someone else's is refused", async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, member.token);
    const { data } = await client.api.users.updateUserById(member.user.id, {
      displayName: 'Grace Hopper',
      photoURL: 'https://pictures.example/grace.png',
    });
    expectConforms(client.last(), 'updateUserById', 200);
    expect(data).toMatchObject({
      object: 'user',
      id: member.user.id,
      displayName: 'Grace Hopper',
      photoURL: 'https://pictures.example/grace.png',
    });
    // The organization's member list shows the new name at once.
    const members = await officialClient(server.url, admin.token).api.orgs.listMembersInOrganizationById(
      organization.id,
    );
    expect(members.data.items.find((item) => item.id === member.user.id)?.user.displayName).toBe(
      'Grace Hopper',
    );

    await expectClientError(
      client,
      client.api.users.updateUserById(admin.user.id, { displayName: 'Taken Over' }),
      'updateUserById',
      403,
    );
    const stranger = officialClient(server.url, (await createUser(server)).token);
    await expectClientError(
      stranger,
      stranger.api.users.updateUserById(member.user.id, { displayName: 'Taken Over' }),
      'updateUserById',
      404,
    );
  });
});

describe('organizations', () => {
  it('listOrganizationsForAuthenticatedUser: GET /v1/orgs, page by page', async () => {
    const server = testServer();
    const owner = await createUser(server);
    const first = await createOrganization(server, { owner });
    const second = await createOrganization(server, { owner });
    const client = officialClient(server.url, owner.token);

    const all = await client.api.orgs.listOrganizationsForAuthenticatedUser();
    expectConforms(client.last(), 'listOrganizationsForAuthenticatedUser', 200);
    expect(all.data.items.map((org) => org.id).sort()).toEqual(
      [first.organization.id, second.organization.id].sort(),
    );

    const page1 = await client.api.orgs.listOrganizationsForAuthenticatedUser({ limit: 1 });
    expectConforms(client.last(), 'listOrganizationsForAuthenticatedUser', 200);
    expect(page1.data.items).toHaveLength(1);
    const next = page1.data.next?.page;
    expect(next).toBeTypeOf('string');
    const page2 = await client.api.orgs.listOrganizationsForAuthenticatedUser({ limit: 1, page: next });
    expectConforms(client.last(), 'listOrganizationsForAuthenticatedUser', 200);
    expect(page2.data.items).toHaveLength(1);
    expect(page2.data.items[0]?.id).not.toBe(page1.data.items[0]?.id);
  });

  it('getOrganizationById: GET ORG, as an admin and as a reader', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    for (const token of [admin.token, reader.token]) {
      const client = officialClient(server.url, token);
      const { data } = await client.api.orgs.getOrganizationById(organization.id);
      expectConforms(client.last(), 'getOrganizationById', 200);
      expect(data).toMatchObject({ object: 'organization', id: organization.id, title: organization.title });
    }
  });

  it('updateOrganizationById: PATCH ORG, setting and clearing fields', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const hostname = `h${unique()}`.slice(0, 32);
    const { data } = await client.api.orgs.updateOrganizationById(organization.id, {
      title: 'Renamed by the client',
      emailDomains: ['client.example.test'],
      hostname,
      defaultRole: MemberRole.Edit,
      logo: 'https://cdn.example.test/logo.png',
      sso: false,
      ai: true,
      inviteLinks: true,
    });
    expectConforms(client.last(), 'updateOrganizationById', 200);
    expect(data).toMatchObject({
      title: 'Renamed by the client',
      emailDomains: ['client.example.test'],
      hostname,
      defaultRole: 'edit',
      inviteLinks: true,
    });

    const cleared = await client.api.orgs.updateOrganizationById(organization.id, {
      defaultRole: null,
      logo: null,
      defaultContent: null,
    });
    expectConforms(client.last(), 'updateOrganizationById', 200);
    expect(cleared.data.title).toBe('Renamed by the client');
  });

  it('getOrganizationsForEmailDomain: GET /v1/email-domains/{emailDomain}/orgs', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const domain = `${unique()}.example.test`;
    const client = officialClient(server.url, admin.token);
    await client.api.orgs.updateOrganizationById(organization.id, { emailDomains: [domain] });
    const { data } = await client.api.emailDomains.getOrganizationsForEmailDomain(domain);
    expectConforms(client.last(), 'getOrganizationsForEmailDomain', 200);
    expect(data.organizations?.map((org) => org.id)).toContain(organization.id);
  });

  it('updateOrganizationMemberLastSeenAt: POST ORG/ping', async () => {
    const server = testServer();
    const { organization } = await createOrganization(server);
    const editor = await addMember(server, organization.id, 'edit');
    const client = officialClient(server.url, editor.token);
    await client.api.orgs.updateOrganizationMemberLastSeenAt(organization.id);
    expectConforms(client.last(), 'updateOrganizationMemberLastSeenAt', 200);
  });

  it('inviteUsersToOrganization: POST ORG/invites', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const tag = unique();
    const client = officialClient(server.url, admin.token);
    const { data } = await client.api.orgs.inviteUsersToOrganization(organization.id, {
      emails: [`ann.${tag}@example.test`, { email: `bob.${tag}@example.test`, role: MemberRole.Review }],
      role: MemberRole.Edit,
    });
    expectConforms(client.last(), 'inviteUsersToOrganization', 200);
    expect(data.invited).toBe(2);
    // New addresses have no user until they accept their invitation: pending, each with its role.
    expect(data.users).toEqual([]);
    const pending = await server.api(`/v1/orgs/${organization.id}/invitations`, { token: admin.token });
    expect(pending.body.items.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([
      [`ann.${tag}@example.test`, 'edit'],
      [`bob.${tag}@example.test`, 'review'],
    ]);
  });
});
