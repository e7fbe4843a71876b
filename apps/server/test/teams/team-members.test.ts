/**
 * Members of a team through real HTTP: the list with roles, the bulk update (add, remove,
 * roles), putting one member with a role, removing one, and what leaving the organization
 * does to team memberships.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { createTeam, putTeamMember } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const teamPath = (organizationId: string, teamId: string) => `/v1/orgs/${organizationId}/teams/${teamId}`;
const membersPath = (organizationId: string, teamId: string) => `${teamPath(organizationId, teamId)}/members`;
const memberPath = (organizationId: string, teamId: string, userId: string) =>
  `${membersPath(organizationId, teamId)}/${userId}`;

/** The team's members as `{userId: role}`, read through the API as the organization's admin. */
async function rolesIn(org: TestOrganization, teamId: string): Promise<Record<string, string>> {
  const response = await server.api(membersPath(org.organization.id, teamId), { token: org.admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Object.fromEntries(
    response.body.items.map((item: { organization: { id: string }; team: { role: string } }) => [
      item.organization.id,
      item.team.role,
    ]),
  );
}

describe('GET /v1/orgs/:organizationId/teams/:teamId/members', () => {
  it('lists members with their organization membership, team role and permissions', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read', { displayName: 'Rea Der' });
    const team = await createTeam(server, org, { title: 'T', members: [reader.user.id] });
    // Members are listed in the order they joined the team.
    server.clock.advance(1000);
    await putTeamMember(server, org, team.id, org.admin, 'owner');

    const response = await server.api(membersPath(org.organization.id, team.id), { token: reader.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    const [first, second] = response.body.items;
    expect(first).toMatchObject({
      organization: {
        object: 'member',
        id: reader.user.id,
        role: 'read',
        user: { object: 'user', id: reader.user.id, displayName: 'Rea Der' },
        teams: 1,
      },
      team: { role: 'member' },
      permissions: { view: true },
    });
    expect(second).toMatchObject({
      organization: { id: org.admin.user.id, role: 'admin' },
      team: { role: 'owner' },
    });
  });

  it("shows a guest in the team their teammates' names, not their emails", async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const reader = await addMember(server, org.organization.id, 'read', { displayName: 'Rea Der' });
    const team = await createTeam(server, org, { title: 'T', members: [guest.user.id, reader.user.id] });
    const asGuest = await server.api(membersPath(org.organization.id, team.id), { token: guest.token });
    expect(asGuest.status, JSON.stringify(asGuest.body)).toBe(200);
    const users = asGuest.body.items.map(
      (item: { organization: { user: object } }) => item.organization.user,
    );
    expect(users).toContainEqual(expect.objectContaining({ id: reader.user.id, displayName: 'Rea Der' }));
    for (const user of users) expect(user).not.toHaveProperty('email');
    const asAdmin = await server.api(membersPath(org.organization.id, team.id), { token: org.admin.token });
    expect(
      asAdmin.body.items.map(
        (item: { organization: { user: { email?: string } } }) => item.organization.user.email,
      ),
    ).toEqual(expect.arrayContaining([guest.user.email, reader.user.email]));
  });

  it('pages, and refuses limit 0 and 1001', async () => {
    const org = await createOrganization(server);
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await addMember(server, org.organization.id, 'read'));
    const team = await createTeam(server, org, { title: 'T', members: people.map((p) => p.user.id) });
    const path = membersPath(org.organization.id, team.id);
    const { items, counts, pages } = await walkPages(server, `${path}?limit=2`, org.admin.token);
    expect(pages).toBe(3);
    expect(counts).toEqual([5, 5, 5]);
    expect(new Set(items.map((i) => i.organization.id)).size).toBe(5);
    expectFieldError(await server.api(`${path}?limit=0`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?limit=1001`, { token: org.admin.token }), 'limit');
  });

  it('is not found for an outsider and for a missing team', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'T' });
    const outsider = (await createOrganization(server)).admin;
    expectError(await server.api(membersPath(org.organization.id, team.id), { token: outsider.token }), 404);
    expectError(
      await server.api(membersPath(org.organization.id, 'missing'), { token: org.admin.token }),
      404,
    );
  });
});

describe('PUT /v1/orgs/:organizationId/teams/:teamId/members', () => {
  it('adds by id or email, removes, sets roles; someone both added and removed is removed', async () => {
    const org = await createOrganization(server);
    const [a, b, c, d] = await Promise.all(
      [0, 1, 2, 3].map(() => addMember(server, org.organization.id, 'read')),
    );
    const team = await createTeam(server, org, { title: 'T', members: [a!.user.id, b!.user.id] });
    const response = await server.api(membersPath(org.organization.id, team.id), {
      method: 'PUT',
      token: org.admin.token,
      body: {
        add: [c!.user.email.toUpperCase(), d!.user.id],
        remove: [a!.user.id, d!.user.email, 'not-anyone', 'nobody@example.test'],
        memberships: { [b!.user.id]: { role: 'owner' } },
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(await rolesIn(org, team.id)).toEqual({ [b!.user.id]: 'owner', [c!.user.id]: 'member' });
    const read = await server.api(teamPath(org.organization.id, team.id), { token: org.admin.token });
    expect(read.body.members).toBe(2);
  });

  it('keeps the role of a member added again', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T' });
    await putTeamMember(server, org, team.id, a, 'owner');
    const response = await server.api(membersPath(org.organization.id, team.id), {
      method: 'PUT',
      token: org.admin.token,
      body: { add: [a.user.id] },
    });
    expect(response.status).toBe(204);
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'owner' });
  });

  it('refuses non-members and bad roles, naming the field, and changes nothing', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const b = await addMember(server, org.organization.id, 'read');
    const stranger = (await createOrganization(server)).admin;
    const team = await createTeam(server, org, { title: 'T', members: [a.user.id] });
    const put = (body: unknown) =>
      server.api(membersPath(org.organization.id, team.id), { method: 'PUT', token: org.admin.token, body });

    expectFieldError(await put({ add: [b.user.id, stranger.user.id], remove: [a.user.id] }), 'add.1');
    expectFieldError(
      await put({ add: [b.user.id], memberships: { [stranger.user.email]: { role: 'owner' } } }),
      `memberships.${stranger.user.email}`,
    );
    expectFieldError(
      await put({ memberships: { [a.user.id]: { role: 'boss' } } }),
      `memberships.${a.user.id}.role`,
    );
    expectFieldError(
      await put({ memberships: { [a.user.id]: { role: 'owner', extra: 1 } } }),
      `memberships.${a.user.id}.extra`,
    );
    expectFieldError(await put({ add: 'abc' }), 'add');
    expectFieldError(await put({ add: [''] }), 'add.0');
    expectFieldError(await put({ invite: [] }), 'invite');
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'member' });
  });

  it('lets a team owner manage the members of their team only', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'read');
    const newcomer = await addMember(server, org.organization.id, 'read');
    const mine = await createTeam(server, org, { title: 'Mine' });
    const other = await createTeam(server, org, { title: 'Other' });
    await putTeamMember(server, org, mine.id, owner, 'owner');

    const allowed = await server.api(membersPath(org.organization.id, mine.id), {
      method: 'PUT',
      token: owner.token,
      body: { add: [newcomer.user.id] },
    });
    expect(allowed.status).toBe(204);
    expect(await rolesIn(org, mine.id)).toEqual({ [owner.user.id]: 'owner', [newcomer.user.id]: 'member' });

    const refused = await server.api(membersPath(org.organization.id, other.id), {
      method: 'PUT',
      token: owner.token,
      body: { add: [newcomer.user.id] },
    });
    expectError(refused, 403);
    expect(await rolesIn(org, other.id)).toEqual({});
  });
});

describe('PUT /v1/orgs/:organizationId/teams/:teamId/members/:userId', () => {
  it('adds a member (as member by default), then changes their role', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'comment');
    const team = await createTeam(server, org, { title: 'T' });
    const path = memberPath(org.organization.id, team.id, a.user.id);

    expect((await server.api(path, { method: 'PUT', token: org.admin.token })).status).toBe(204);
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'member' });
    expect(
      (await server.api(path, { method: 'PUT', token: org.admin.token, body: { role: 'owner' } })).status,
    ).toBe(204);
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'owner' });
    // Without a role, a present member keeps theirs; the count does not move.
    expect((await server.api(path, { method: 'PUT', token: org.admin.token, body: {} })).status).toBe(204);
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'owner' });
    const read = await server.api(teamPath(org.organization.id, team.id), { token: a.token });
    expect(read.body).toMatchObject({ members: 1, permissions: { admin: true, view: true } });
  });

  it('makes the new owner able to manage the team, and shows ownTeam on the organization', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const b = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T' });
    await putTeamMember(server, org, team.id, a, 'owner');
    const byOwner = await server.api(memberPath(org.organization.id, team.id, b.user.id), {
      method: 'PUT',
      token: a.token,
      body: { role: 'owner' },
    });
    expect(byOwner.status).toBe(204);
    const organization = await server.api(`/v1/orgs/${org.organization.id}`, { token: b.token });
    expect(organization.body.permissions.ownTeam).toBe(true);
  });

  it('refuses a bad role and a user who is not a member of the organization, changing nothing', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const stranger = (await createOrganization(server)).admin;
    const team = await createTeam(server, org, { title: 'T' });
    const put = (userId: string, body: unknown) =>
      server.api(memberPath(org.organization.id, team.id, userId), {
        method: 'PUT',
        token: org.admin.token,
        body,
      });
    expectFieldError(await put(a.user.id, { role: 'admin' }), 'role');
    expectFieldError(await put(a.user.id, { role: 'owner', title: 'x' }), 'title');
    expectFieldError(await put(stranger.user.id, { role: 'owner' }), 'userId');
    expect(await rolesIn(org, team.id)).toEqual({});
  });

  it('is refused to a plain team member (403) and not found for an outsider', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'edit');
    const team = await createTeam(server, org, { title: 'T', members: [a.user.id] });
    const outsider = (await createOrganization(server)).admin;
    const path = memberPath(org.organization.id, team.id, a.user.id);
    expectError(await server.api(path, { method: 'PUT', token: a.token, body: { role: 'owner' } }), 403);
    expectError(
      await server.api(path, { method: 'PUT', token: outsider.token, body: { role: 'owner' } }),
      404,
    );
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'member' });
  });
});

describe('DELETE /v1/orgs/:organizationId/teams/:teamId/members/:userId', () => {
  it('removes a member; removing again, or someone never in the team, succeeds (204)', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const b = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T', members: [a.user.id, b.user.id] });
    const path = memberPath(org.organization.id, team.id, a.user.id);
    const first = await server.api(path, { method: 'DELETE', token: org.admin.token });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    expect((await server.api(path, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
    expect(
      (
        await server.api(memberPath(org.organization.id, team.id, 'nobody'), {
          method: 'DELETE',
          token: org.admin.token,
        })
      ).status,
    ).toBe(204);
    expect(await rolesIn(org, team.id)).toEqual({ [b.user.id]: 'member' });
    const read = await server.api(teamPath(org.organization.id, team.id), { token: org.admin.token });
    expect(read.body.members).toBe(1);
  });

  it('is refused to a plain team member (403), changing nothing; not found for an outsider', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'create');
    const b = await addMember(server, org.organization.id, 'create');
    const team = await createTeam(server, org, { title: 'T', members: [a.user.id, b.user.id] });
    const outsider = (await createOrganization(server)).admin;
    const path = memberPath(org.organization.id, team.id, b.user.id);
    expectError(await server.api(path, { method: 'DELETE', token: a.token }), 403);
    expectError(await server.api(path, { method: 'DELETE', token: outsider.token }), 404);
    expect(await rolesIn(org, team.id)).toEqual({ [a.user.id]: 'member', [b.user.id]: 'member' });
  });
});

describe('leaving the organization', () => {
  it('removes the person from every team of the organization', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const first = await createTeam(server, org, { title: 'First', members: [a.user.id] });
    const second = await createTeam(server, org, { title: 'Second' });
    await putTeamMember(server, org, second.id, a, 'owner');
    const removed = await server.api(`/v1/orgs/${org.organization.id}/members/${a.user.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(removed.status).toBe(204);
    expect(await rolesIn(org, first.id)).toEqual({});
    expect(await rolesIn(org, second.id)).toEqual({});
    const teams = await server.api(`/v1/orgs/${org.organization.id}/teams`, { token: org.admin.token });
    expect(teams.body.items.map((t: { members: number }) => t.members)).toEqual([0, 0]);
    expect(await server.services.repos.teams.ownsAnyTeam(org.organization.id, a.user.id)).toBe(false);
  });
});
