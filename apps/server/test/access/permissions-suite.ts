/**
 * The tests of the seven permissions routes of one kind of content (spaces or
 * collections): authentication, the permission matrix of each, their behaviour and their
 * bad input. `space-permissions.test.ts` and `collection-permissions.test.ts` run it.
 */
import { ROLES } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import {
  type CallerKind,
  expectRoles,
  type MatrixFixture,
  permissionMatrix,
} from '../support/permission-matrix';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam } from '../teams/team-fixtures';
import { type ContentRef, grant, insertCollection, insertSpace, permissionsPath } from './content-fixtures';

type Kind = ContentRef['kind'];

async function insertTarget(server: TestServer, kind: Kind, organizationId: string): Promise<ContentRef> {
  const record =
    kind === 'space'
      ? await insertSpace(server, organizationId)
      : await insertCollection(server, organizationId);
  return { kind, id: record.id };
}

/**
 * Where the guest holds a grant of 'comment' (`prepare`): every member views the content
 * (its default level inherits the organization role) and so does the guest.
 */
const viewers: Record<CallerKind, number> = expectRoles([...ROLES, 'guest'], 200);
/** Only admins may change grants; the guest with a 'comment' grant sees the content: 403. */
const adminsWithGuestGrant: Record<CallerKind, number> = expectRoles(['admin'], 204);
/** Where the guest holds no grant (`prepareTeam`), the content does not exist for them: 404. */
const adminsWithoutGuestGrant: Record<CallerKind, number> = { ...expectRoles(['admin'], 204), guest: 404 };

export function permissionsSuite(kind: Kind): void {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const getServer = () => server;

  /** The grants stored on the target (what refused calls must leave as they were). */
  const grantsOn = async (target: ContentRef) => {
    const repos = server.services.repos.contentGrants;
    const page = { limit: 1000 };
    const [users, teams] = await Promise.all([
      repos.listForTarget(target, 'user', page),
      repos.listForTarget(target, 'team', page),
    ]);
    return [...users.items, ...teams.items];
  };

  /** A target in the fixture's organization where the guest holds a grant of 'comment'. */
  const prepare = async (fixture: MatrixFixture) => {
    const target = await insertTarget(server, kind, fixture.org.organization.id);
    await grant(server, fixture.org, target, { role: 'comment', users: [fixture.members.guest.user.id] });
    return target;
  };
  const observe = (_fixture: MatrixFixture, target: ContentRef) => grantsOn(target);

  describe(`POST ${kind} permissions (invite)`, () => {
    it('requires authentication', async () => {
      const response = await server.api(`${permissionsPath({ kind, id: 'x' })}`, {
        method: 'POST',
        body: { role: 'read', users: ['u'] },
      });
      expect(response.status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare,
      observe,
      request: (f, target) => ({
        path: permissionsPath(target),
        method: 'POST',
        body: { role: 'edit', users: [f.members.read.user.id] },
      }),
      expected: adminsWithGuestGrant,
    });
  });

  describe(`GET ${kind} permissions/users`, () => {
    it('requires authentication', async () => {
      expect((await server.api(`${permissionsPath({ kind, id: 'x' })}/users`)).status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare,
      request: (_f, target) => ({ path: `${permissionsPath(target)}/users` }),
      expected: viewers,
    });
  });

  describe(`GET ${kind} permissions/teams`, () => {
    it('requires authentication', async () => {
      expect((await server.api(`${permissionsPath({ kind, id: 'x' })}/teams`)).status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare,
      request: (_f, target) => ({ path: `${permissionsPath(target)}/teams` }),
      expected: viewers,
    });
  });

  describe(`PATCH ${kind} permissions/users/{userId}`, () => {
    it('requires authentication', async () => {
      const response = await server.api(`${permissionsPath({ kind, id: 'x' })}/users/u`, {
        method: 'PATCH',
        body: { role: 'read' },
      });
      expect(response.status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare,
      observe,
      request: (f, target) => ({
        path: `${permissionsPath(target)}/users/${f.members.guest.user.id}`,
        method: 'PATCH',
        body: { role: 'review' },
      }),
      expected: adminsWithGuestGrant,
    });
  });

  describe(`DELETE ${kind} permissions/users/{userId}`, () => {
    it('requires authentication', async () => {
      const response = await server.api(`${permissionsPath({ kind, id: 'x' })}/users/u`, {
        method: 'DELETE',
      });
      expect(response.status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare,
      observe,
      request: (f, target) => ({
        path: `${permissionsPath(target)}/users/${f.members.guest.user.id}`,
        method: 'DELETE',
      }),
      expected: adminsWithGuestGrant,
    });
  });

  /** A target where a team holds a grant of 'read'. */
  const prepareTeam = async (fixture: MatrixFixture) => {
    const target = await insertTarget(server, kind, fixture.org.organization.id);
    const team = await createTeam(server, fixture.org, { title: 'Writers' });
    await grant(server, fixture.org, target, { role: 'read', teams: [team.id] });
    return { ...target, teamId: team.id as string };
  };

  describe(`PATCH ${kind} permissions/teams/{teamId}`, () => {
    it('requires authentication', async () => {
      const response = await server.api(`${permissionsPath({ kind, id: 'x' })}/teams/t`, {
        method: 'PATCH',
        body: { role: 'read' },
      });
      expect(response.status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare: prepareTeam,
      observe: (_f, target) => grantsOn(target),
      request: (_f, target) => ({
        path: `${permissionsPath(target)}/teams/${target.teamId}`,
        method: 'PATCH',
        body: { role: 'edit' },
      }),
      expected: adminsWithoutGuestGrant,
    });
  });

  describe(`DELETE ${kind} permissions/teams/{teamId}`, () => {
    it('requires authentication', async () => {
      const response = await server.api(`${permissionsPath({ kind, id: 'x' })}/teams/t`, {
        method: 'DELETE',
      });
      expect(response.status).toBe(401);
    });
    permissionMatrix(getServer, {
      prepare: prepareTeam,
      observe: (_f, target) => grantsOn(target),
      request: (_f, target) => ({
        path: `${permissionsPath(target)}/teams/${target.teamId}`,
        method: 'DELETE',
      }),
      expected: adminsWithoutGuestGrant,
    });
  });

  describe(`${kind} grants: behaviour`, () => {
    let org: TestOrganization;
    let target: ContentRef;
    beforeAll(async () => {
      org = await createOrganization(server);
    });
    const fresh = async () => {
      target = await insertTarget(server, kind, org.organization.id);
      return target;
    };

    it('invites users and teams, lists them with their roles, changes and revokes them', async () => {
      await fresh();
      const guest = await addMember(server, org.organization.id, null, { displayName: 'Gwen Guest' });
      const reader = await addMember(server, org.organization.id, 'read');
      const team = await createTeam(server, org, { title: 'Reviewers' });
      await grant(server, org, target, { role: 'edit', users: [guest.user.id, reader.user.id] });
      await grant(server, org, target, { role: 'review', teams: [team.id] });

      const users = await server.api(`${permissionsPath(target)}/users`, { token: org.admin.token });
      expect(users.status).toBe(200);
      expect(users.body.count).toBe(2);
      expect(users.body.items).toEqual([
        {
          permission: 'edit',
          user: expect.objectContaining({ object: 'user', id: guest.user.id, displayName: 'Gwen Guest' }),
        },
        { permission: 'edit', user: expect.objectContaining({ id: reader.user.id }) },
      ]);
      const teams = await server.api(`${permissionsPath(target)}/teams`, { token: reader.token });
      expect(teams.status).toBe(200);
      expect(teams.body).toMatchObject({
        count: 1,
        items: [
          {
            permission: 'review',
            team: {
              object: 'team',
              id: team.id,
              title: 'Reviewers',
              permissions: { admin: false, view: true },
            },
          },
        ],
      });

      // Change one user's role, then revoke the other's; the team's too.
      const patched = await server.api(`${permissionsPath(target)}/users/${guest.user.id}`, {
        method: 'PATCH',
        token: org.admin.token,
        body: { role: 'comment' },
      });
      expect(patched.status).toBe(204);
      expect(patched.body).toBeUndefined();
      const removed = await server.api(`${permissionsPath(target)}/users/${reader.user.id}`, {
        method: 'DELETE',
        token: org.admin.token,
      });
      expect(removed.status).toBe(204);
      const teamRemoved = await server.api(`${permissionsPath(target)}/teams/${team.id}`, {
        method: 'DELETE',
        token: org.admin.token,
      });
      expect(teamRemoved.status).toBe(204);

      const after = await server.api(`${permissionsPath(target)}/users`, { token: org.admin.token });
      expect(
        after.body.items.map((i: { permission: string; user: { id: string } }) => [i.user.id, i.permission]),
      ).toEqual([[guest.user.id, 'comment']]);
      const teamsAfter = await server.api(`${permissionsPath(target)}/teams`, { token: org.admin.token });
      expect(teamsAfter.body).toMatchObject({ items: [], count: 0 });
    });

    it('a new invitation changes the role of who already holds one', async () => {
      await fresh();
      const guest = await addMember(server, org.organization.id, null);
      await grant(server, org, target, { role: 'read', users: [guest.user.id] });
      await grant(server, org, target, { role: 'admin', users: [guest.user.id, guest.user.id] });
      const users = await server.api(`${permissionsPath(target)}/users`, { token: org.admin.token });
      expect(users.body.count).toBe(1);
      expect(users.body.items[0].permission).toBe('admin');
    });

    it('role null revokes, in an invitation and in a PATCH', async () => {
      await fresh();
      const a = await addMember(server, org.organization.id, null);
      const b = await addMember(server, org.organization.id, null);
      await grant(server, org, target, { role: 'read', users: [a.user.id, b.user.id] });
      await grant(server, org, target, { role: null, users: [a.user.id] });
      const patched = await server.api(`${permissionsPath(target)}/users/${b.user.id}`, {
        method: 'PATCH',
        token: org.admin.token,
        body: { role: null },
      });
      expect(patched.status).toBe(204);
      const users = await server.api(`${permissionsPath(target)}/users`, { token: org.admin.token });
      expect(users.body).toMatchObject({ items: [], count: 0 });
    });

    it('PATCH grants the role to a member who held none', async () => {
      await fresh();
      const guest = await addMember(server, org.organization.id, null);
      const patched = await server.api(`${permissionsPath(target)}/users/${guest.user.id}`, {
        method: 'PATCH',
        token: org.admin.token,
        body: { role: 'edit' },
      });
      expect(patched.status).toBe(204);
      const users = await server.api(`${permissionsPath(target)}/users`, { token: guest.token });
      expect(users.body.items).toMatchObject([{ permission: 'edit', user: { id: guest.user.id } }]);
    });

    it('revoking what was never granted is a 204', async () => {
      await fresh();
      for (const path of ['users/nobody', 'teams/noteam']) {
        const response = await server.api(`${permissionsPath(target)}/${path}`, {
          method: 'DELETE',
          token: org.admin.token,
        });
        expect(response.status).toBe(204);
      }
    });

    it('pages the users with a cursor', async () => {
      await fresh();
      const people = [];
      for (let i = 0; i < 3; i++) people.push(await addMember(server, org.organization.id, null));
      await grant(server, org, target, { role: 'read', users: people.map((p) => p.user.id) });
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const query = new URLSearchParams({ limit: '2', ...(page ? { page } : {}) });
        const response = await server.api(`${permissionsPath(target)}/users?${query}`, {
          token: org.admin.token,
        });
        expect(response.status).toBe(200);
        expect(response.body.count).toBe(3);
        seen.push(...response.body.items.map((i: { user: { id: string } }) => i.user.id));
        page = response.body.next?.page;
      } while (page);
      expect(seen.sort()).toEqual(people.map((p) => p.user.id).sort());
    });

    it('an unknown target is a 404', async () => {
      const list = await server.api(`${permissionsPath({ kind, id: 'no-such-thing' })}/users`, {
        token: org.admin.token,
      });
      expect(list.status).toBe(404);
      expect(list.body.error.code).toBe(404);
      const guest = await addMember(server, org.organization.id, null);
      const invite = await server.api(permissionsPath({ kind, id: 'no-such-thing' }), {
        method: 'POST',
        token: org.admin.token,
        body: { role: 'read', users: [guest.user.id] },
      });
      expect(invite.status).toBe(404);
    });

    it('a grant lets a guest see the content; revoking it hides the content again', async () => {
      await fresh();
      const guest = await addMember(server, org.organization.id, null);
      expect((await server.api(`${permissionsPath(target)}/users`, { token: guest.token })).status).toBe(404);
      await grant(server, org, target, { role: 'read', users: [guest.user.id] });
      expect((await server.api(`${permissionsPath(target)}/users`, { token: guest.token })).status).toBe(200);
      await grant(server, org, target, { role: null, users: [guest.user.id] });
      expect((await server.api(`${permissionsPath(target)}/users`, { token: guest.token })).status).toBe(404);
    });

    it('an admin grant lets a member manage the grants', async () => {
      await fresh();
      const reader = await addMember(server, org.organization.id, 'read');
      const guest = await addMember(server, org.organization.id, null);
      const invite = () =>
        server.api(permissionsPath(target), {
          method: 'POST',
          token: reader.token,
          body: { role: 'read', users: [guest.user.id] },
        });
      expect((await invite()).status).toBe(403);
      await grant(server, org, target, { role: 'admin', users: [reader.user.id] });
      expect((await invite()).status).toBe(204);
    });
  });

  describe(`${kind} grants: bad input`, () => {
    let org: TestOrganization;
    let target: ContentRef;
    beforeAll(async () => {
      org = await createOrganization(server);
      target = await insertTarget(server, kind, org.organization.id);
    });

    const invite = (body: unknown) =>
      server.api(permissionsPath(target), { method: 'POST', token: org.admin.token, body });

    it.each([
      ['no users nor teams', { role: 'read' }, 'users'],
      ['an empty list of users', { role: 'read', users: [] }, 'users'],
      ['an unknown role', { role: 'owner', users: ['x'] }, 'role'],
      ['no role', { users: ['x'] }, 'role'],
      ['a user id of the wrong type', { role: 'read', users: [42] }, 'users.0'],
      ['teams not an array', { role: 'read', teams: 'team' }, 'teams'],
      ['an unknown field', { role: 'read', users: ['x'], everyone: true }, 'everyone'],
      ['too many users', { role: 'read', users: Array.from({ length: 101 }, (_, i) => `u${i}`) }, 'users'],
    ])('refuses %s with a 400 naming it', async (_title, body, field) => {
      const response = await invite(body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.message).toContain(field);
      expect(await grantsOn(target)).toEqual([]);
    });

    it('refuses a user who is not a member of the organization, naming them, and grants nobody', async () => {
      const member = await addMember(server, org.organization.id, null);
      const stranger = (await createOrganization(server)).admin;
      const response = await invite({ role: 'read', users: [member.user.id, stranger.user.id] });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain('users.1');
      expect(response.body.error.message).toContain(stranger.user.id);
      expect(await grantsOn(target)).toEqual([]);
    });

    it('refuses a team of another organization, naming it', async () => {
      const other = await createOrganization(server);
      const foreignTeam = await createTeam(server, other, { title: 'Elsewhere' });
      const response = await invite({ role: 'read', teams: [foreignTeam.id] });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain('teams.0');
      expect(response.body.error.message).toContain(foreignTeam.id);
      expect(await grantsOn(target)).toEqual([]);
    });

    it('PATCH of a user who is not a member, or a team of another organization, is a 404', async () => {
      const stranger = (await createOrganization(server)).admin;
      const other = await createOrganization(server);
      const foreignTeam = await createTeam(server, other, { title: 'Elsewhere' });
      for (const path of [`users/${stranger.user.id}`, `teams/${foreignTeam.id}`]) {
        const response = await server.api(`${permissionsPath(target)}/${path}`, {
          method: 'PATCH',
          token: org.admin.token,
          body: { role: 'read' },
        });
        expect(response.status).toBe(404);
      }
      expect(await grantsOn(target)).toEqual([]);
    });

    it('refuses a PATCH with an unknown role or no role', async () => {
      const member = await addMember(server, org.organization.id, null);
      for (const body of [{ role: 'boss' }, {}]) {
        const response = await server.api(`${permissionsPath(target)}/users/${member.user.id}`, {
          method: 'PATCH',
          token: org.admin.token,
          body,
        });
        expect(response.status).toBe(400);
        expect(response.body.error.message).toContain('role');
      }
      expect(await grantsOn(target)).toEqual([]);
    });
  });
}
