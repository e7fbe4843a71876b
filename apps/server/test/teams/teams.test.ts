/**
 * Teams of an organization through real HTTP: list, create (PUT), get, rename (PATCH) and
 * delete, with the permissions of organization roles and team owners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization } from '../support/factories';
import { createTeam, putTeamMember } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const teamsPath = (organizationId: string) => `/v1/orgs/${organizationId}/teams`;
const teamPath = (organizationId: string, teamId: string) => `${teamsPath(organizationId)}/${teamId}`;

describe('GET /v1/orgs/:organizationId/teams', () => {
  it('lists teams in creation order with the Team shape', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const createdAt = server.clock.now().toISOString();
    const first = await createTeam(server, org, { title: 'Writers', members: [reader.user.id] });
    const second = await createTeam(server, org, { title: 'Reviewers' });

    const response = await server.api(teamsPath(org.organization.id), { token: org.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    expect(response.body.next).toBeUndefined();
    expect(response.body.items.map((t: { id: string }) => t.id)).toEqual([first.id, second.id]);
    expect(response.body.items[0]).toEqual({
      object: 'team',
      id: first.id,
      title: 'Writers',
      members: 1,
      spaces: 0,
      createdAt,
      permissions: { admin: true, view: true },
      urls: {
        location: `http://quire.test/v1/orgs/${org.organization.id}/teams/${first.id}`,
        app: `http://app.quire.test/o/${org.organization.id}/teams/${first.id}`,
      },
    });
  });

  it('computes permissions per caller: admin, read member, team owner', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'read');
    const reader = await addMember(server, org.organization.id, 'read');
    const owned = await createTeam(server, org, { title: 'Owned' });
    const other = await createTeam(server, org, { title: 'Other' });
    await putTeamMember(server, org, owned.id, owner, 'owner');
    await putTeamMember(server, org, other.id, reader, 'member');

    const permissionsOf = async (token: string) => {
      const response = await server.api(teamsPath(org.organization.id), { token });
      expect(response.status).toBe(200);
      return Object.fromEntries(
        response.body.items.map((t: { title: string; permissions: unknown }) => [t.title, t.permissions]),
      );
    };
    expect(await permissionsOf(org.admin.token)).toEqual({
      Owned: { admin: true, view: true },
      Other: { admin: true, view: true },
    });
    expect(await permissionsOf(reader.token)).toEqual({
      Owned: { admin: false, view: true },
      Other: { admin: false, view: true },
    });
    expect(await permissionsOf(owner.token)).toEqual({
      Owned: { admin: true, view: true },
      Other: { admin: false, view: true },
    });
  });

  it('filters by title, case-insensitively and literally', async () => {
    const org = await createOrganization(server);
    await createTeam(server, org, { title: 'Backend Team' });
    await createTeam(server, org, { title: 'backend.ops' });
    await createTeam(server, org, { title: 'Frontend' });
    const titles = async (title: string) => {
      const response = await server.api(
        `${teamsPath(org.organization.id)}?title=${encodeURIComponent(title)}`,
        {
          token: org.admin.token,
        },
      );
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(response.body.items.length);
      return response.body.items.map((t: { title: string }) => t.title);
    };
    expect(await titles('BACKEND')).toEqual(['Backend Team', 'backend.ops']);
    expect(await titles('d.o')).toEqual(['backend.ops']);
    expect(await titles('.*')).toEqual([]);
    expect(await titles('')).toHaveLength(3);
  });

  it('filters by owner: the teams that member can manage', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'edit');
    const plain = await addMember(server, org.organization.id, 'edit');
    const a = await createTeam(server, org, { title: 'A' });
    await createTeam(server, org, { title: 'B' });
    await putTeamMember(server, org, a.id, owner, 'owner');
    const outsider = (await createOrganization(server)).admin;

    const idsFor = async (userId: string) => {
      const response = await server.api(`${teamsPath(org.organization.id)}?owner=${userId}`, {
        token: plain.token,
      });
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(response.body.items.length);
      return response.body.items.map((t: { title: string }) => t.title);
    };
    expect(await idsFor(owner.user.id)).toEqual(['A']);
    expect(await idsFor(org.admin.user.id)).toEqual(['A', 'B']);
    expect(await idsFor(plain.user.id)).toEqual([]);
    expect(await idsFor(outsider.user.id)).toEqual([]);
  });

  it('pages with limit and next, counting every team', async () => {
    const org = await createOrganization(server);
    for (let i = 0; i < 5; i++) await createTeam(server, org, { title: `Team ${i}` });
    const { items, counts, pages } = await walkPages(
      server,
      `${teamsPath(org.organization.id)}?limit=2`,
      org.admin.token,
    );
    expect(pages).toBe(3);
    expect(counts).toEqual([5, 5, 5]);
    expect(items.map((t) => t.title)).toEqual(['Team 0', 'Team 1', 'Team 2', 'Team 3', 'Team 4']);
  });

  it('refuses limit 0, limit 1001 and unknown parameters, naming them', async () => {
    const org = await createOrganization(server);
    const path = teamsPath(org.organization.id);
    expectFieldError(await server.api(`${path}?limit=0`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?limit=1001`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?colour=red`, { token: org.admin.token }), 'colour');
    expectFieldError(
      await server.api(`${path}?title=${'x'.repeat(65)}`, { token: org.admin.token }),
      'title',
    );
  });
});

describe('PUT /v1/orgs/:organizationId/teams', () => {
  it('creates a team with members of the organization (201), duplicates counted once', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const b = await addMember(server, org.organization.id, null);
    const response = await server.api(teamsPath(org.organization.id), {
      method: 'PUT',
      token: org.admin.token,
      body: { title: '  Docs  ', members: [a.user.id, b.user.id, a.user.id] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ object: 'team', title: 'Docs', members: 2, spaces: 0 });
    expect(response.body.permissions).toEqual({ admin: true, view: true });

    const members = await server.api(`${teamPath(org.organization.id, response.body.id)}/members`, {
      token: org.admin.token,
    });
    expect(members.body.items.map((m: { organization: { id: string } }) => m.organization.id).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
    expect(members.body.items.every((m: { team: { role: string } }) => m.team.role === 'member')).toBe(true);
  });

  it('refuses a member id that is not a member of the organization, naming it, and creates nothing', async () => {
    const org = await createOrganization(server);
    const a = await addMember(server, org.organization.id, 'read');
    const stranger = (await createOrganization(server)).admin;
    const response = await server.api(teamsPath(org.organization.id), {
      method: 'PUT',
      token: org.admin.token,
      body: { title: 'T', members: [a.user.id, stranger.user.id] },
    });
    expectFieldError(response, 'members.1');
    expect(response.body.error.message).toContain(stranger.user.id);
    const list = await server.api(teamsPath(org.organization.id), { token: org.admin.token });
    expect(list.body.count).toBe(0);
  });

  it('refuses bad titles and unknown fields, naming the field', async () => {
    const org = await createOrganization(server);
    const put = (body: unknown) =>
      server.api(teamsPath(org.organization.id), { method: 'PUT', token: org.admin.token, body });
    expectFieldError(await put({}), 'title');
    expectFieldError(await put({ title: '' }), 'title');
    expectFieldError(await put({ title: '   ' }), 'title');
    expectFieldError(await put({ title: 'x'.repeat(65) }), 'title');
    expectFieldError(await put({ title: 42 }), 'title');
    expectFieldError(await put({ title: 'T', members: 'abc' }), 'members');
    expectFieldError(await put({ title: 'T', colour: 'red' }), 'colour');
    expect((await put({ title: 'x'.repeat(64) })).status).toBe(201);
  });

  it('is refused to a team owner who is not an organization admin (403), creating nothing', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'create');
    const team = await createTeam(server, org, { title: 'Owned' });
    await putTeamMember(server, org, team.id, owner, 'owner');
    const response = await server.api(teamsPath(org.organization.id), {
      method: 'PUT',
      token: owner.token,
      body: { title: 'Mine' },
    });
    expectError(response, 403);
    const list = await server.api(teamsPath(org.organization.id), { token: org.admin.token });
    expect(list.body.count).toBe(1);
  });
});

describe('GET /v1/orgs/:organizationId/teams/:teamId', () => {
  it('answers the team, with permissions for the caller', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T', members: [reader.user.id] });
    const asAdmin = await server.api(teamPath(org.organization.id, team.id), { token: org.admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(team);
    const asReader = await server.api(teamPath(org.organization.id, team.id), { token: reader.token });
    expect(asReader.body.permissions).toEqual({ admin: false, view: true });
  });

  it('lets a guest see the teams they are in, and only those', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    const theirs = await createTeam(server, org, { title: 'Theirs', members: [guest.user.id] });
    const other = await createTeam(server, org, { title: 'Other' });
    const mine = await server.api(teamPath(org.organization.id, theirs.id), { token: guest.token });
    expect(mine.status).toBe(200);
    expect(mine.body.permissions).toEqual({ admin: false, view: true });
    expectError(await server.api(teamPath(org.organization.id, other.id), { token: guest.token }), 403);
  });

  it('is not found for a missing team, a team of another organization, or an outsider', async () => {
    const org = await createOrganization(server);
    const elsewhere = await createOrganization(server);
    const foreignTeam = await createTeam(server, elsewhere, { title: 'Foreign' });
    const team = await createTeam(server, org, { title: 'T' });
    expectError(await server.api(teamPath(org.organization.id, 'nope'), { token: org.admin.token }), 404);
    expectError(
      await server.api(teamPath(org.organization.id, foreignTeam.id), { token: org.admin.token }),
      404,
    );
    expectError(
      await server.api(teamPath(org.organization.id, team.id), { token: elsewhere.admin.token }),
      404,
    );
  });
});

describe('PATCH /v1/orgs/:organizationId/teams/:teamId', () => {
  it('renames the team for an admin and for a team owner, not for a team member', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'read');
    const otherAdmin = await addMember(server, org.organization.id, 'admin');
    const plain = await addMember(server, org.organization.id, 'edit');
    const team = await createTeam(server, org, { title: 'Before', members: [plain.user.id] });
    await putTeamMember(server, org, team.id, owner, 'owner');
    const patch = (token: string, title: string) =>
      server.api(teamPath(org.organization.id, team.id), { method: 'PATCH', token, body: { title } });

    const byOwner = await patch(owner.token, 'By owner');
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    expect(byOwner.body).toMatchObject({
      title: 'By owner',
      members: 2,
      permissions: { admin: true, view: true },
    });
    expect((await patch(otherAdmin.token, 'By admin')).body.title).toBe('By admin');

    expectError(await patch(plain.token, 'By member'), 403);
    const after = await server.api(teamPath(org.organization.id, team.id), { token: org.admin.token });
    expect(after.body.title).toBe('By admin');
  });

  it('refuses a missing, empty or too long title and unknown fields, changing nothing', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'Kept' });
    const patch = (body: unknown) =>
      server.api(teamPath(org.organization.id, team.id), { method: 'PATCH', token: org.admin.token, body });
    expectFieldError(await patch({}), 'title');
    expectFieldError(await patch({ title: '' }), 'title');
    expectFieldError(await patch({ title: 'x'.repeat(65) }), 'title');
    expectFieldError(await patch({ title: null }), 'title');
    expectFieldError(await patch({ title: 'New', members: [] }), 'members');
    const after = await server.api(teamPath(org.organization.id, team.id), { token: org.admin.token });
    expect(after.body.title).toBe('Kept');
  });

  it('is not found for a missing team and for an outsider', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'T' });
    const outsider = (await createOrganization(server)).admin;
    const patch = (token: string, teamId: string) =>
      server.api(teamPath(org.organization.id, teamId), { method: 'PATCH', token, body: { title: 'U' } });
    expectError(await patch(org.admin.token, 'missing'), 404);
    expectError(await patch(outsider.token, team.id), 404);
  });
});

describe('DELETE /v1/orgs/:organizationId/teams/:teamId', () => {
  it('deletes the team and its memberships; deleting again succeeds (204)', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'read');
    const team = await createTeam(server, org, { title: 'T' });
    await putTeamMember(server, org, team.id, owner, 'owner');
    const path = teamPath(org.organization.id, team.id);

    const first = await server.api(path, { method: 'DELETE', token: org.admin.token });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    expectError(await server.api(path, { token: org.admin.token }), 404);
    expect(await server.services.repos.teams.ownsAnyTeam(org.organization.id, owner.user.id)).toBe(false);
    expect((await server.api(path, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
    expect(
      (
        await server.api(teamPath(org.organization.id, 'never-was'), {
          method: 'DELETE',
          token: org.admin.token,
        })
      ).status,
    ).toBe(204);
  });

  it('is refused to the team owner (403): deleting a team is for organization admins', async () => {
    const org = await createOrganization(server);
    const owner = await addMember(server, org.organization.id, 'create');
    const team = await createTeam(server, org, { title: 'T' });
    await putTeamMember(server, org, team.id, owner, 'owner');
    expectError(
      await server.api(teamPath(org.organization.id, team.id), { method: 'DELETE', token: owner.token }),
      403,
    );
    expect((await server.api(teamPath(org.organization.id, team.id), { token: owner.token })).status).toBe(
      200,
    );
  });

  it('is not found for an outsider, even for a missing team', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'T' });
    const outsider = (await createOrganization(server)).admin;
    expectError(
      await server.api(teamPath(org.organization.id, team.id), { method: 'DELETE', token: outsider.token }),
      404,
    );
    expectError(
      await server.api(teamPath(org.organization.id, 'missing'), { method: 'DELETE', token: outsider.token }),
      404,
    );
    expect(
      (await server.api(teamPath(org.organization.id, team.id), { token: org.admin.token })).status,
    ).toBe(200);
  });
});
