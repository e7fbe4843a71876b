/**
 * The REST routes of the grants on one kind of content (spaces or collections): their
 * behaviour and their bad input. `space-permissions.test.ts` and
 * `collection-permissions.test.ts` run it; who may call each route is the permission
 * matrix's (`test/permissions/content-permissions.matrix.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentRef, createCollection, createSpace, grant } from '../support/content';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';

type Kind = ContentRef['kind'];

const permissionsPath = (target: ContentRef): string =>
  `/v1/${target.kind === 'space' ? 'spaces' : 'collections'}/${target.id}/permissions`;

async function createTarget(server: TestServer, kind: Kind, org: TestOrganization): Promise<ContentRef> {
  const create = kind === 'space' ? createSpace : createCollection;
  return { kind, id: (await create(server, org)).id };
}

export function permissionsSuite(kind: Kind): void {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

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

  describe(`${kind} grants: behaviour`, () => {
    let org: TestOrganization;
    let target: ContentRef;
    beforeAll(async () => {
      org = await createOrganization(server);
    });
    const fresh = async () => {
      target = await createTarget(server, kind, org);
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
      target = await createTarget(server, kind, org);
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
