import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const membersPath = (orgId: string) => `/v1/orgs/${orgId}/members`;
const memberPath = (orgId: string, userId: string) => `${membersPath(orgId)}/${userId}`;
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

/** Adds members one minute apart, so that `joinedAt` orders them. */
async function addMembersInTurn(
  orgId: string,
  roles: Array<Parameters<typeof addMember>[2]>,
): Promise<TestMember[]> {
  const added: TestMember[] = [];
  for (const role of roles) {
    server.clock.advance(60_000);
    added.push(await addMember(server, orgId, role));
  }
  return added;
}

describe('GET ORG/members', () => {
  it('lists members as Member resources', async () => {
    const { organization, admin } = await createOrganization(server);
    const response = await server.api(membersPath(organization.id), { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(1);
    expect(response.body.items).toEqual([
      {
        object: 'member',
        id: admin.user.id,
        role: 'admin',
        user: {
          object: 'user',
          id: admin.user.id,
          displayName: admin.user.displayName,
          email: admin.user.email,
          urls: { location: `http://quire.test/v1/users/${admin.user.id}` },
        },
        disabled: false,
        joinedAt: admin.member.joinedAt,
        sso: false,
        spaces: 0,
        teams: 0,
      },
    ]);
  });

  it('is allowed from read up, forbidden to guests, not found outside the organization', async () => {
    const { organization } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const guest = await addMember(server, organization.id, null);
    const outsider = await createOrganization(server);
    expect((await server.api(membersPath(organization.id), { token: reader.token })).status).toBe(200);
    expectError(await server.api(membersPath(organization.id), { token: guest.token }), 403);
    expectError(await server.api(membersPath(organization.id), { token: outsider.admin.token }), 404);
  });

  it('sorts by joinedAt, newest first by default, oldest first with order=asc', async () => {
    const { organization, admin } = await createOrganization(server);
    const [a, b, c] = await addMembersInTurn(organization.id, ['read', 'edit', null]);
    const desc = await server.api(membersPath(organization.id), { token: admin.token });
    expect(ids(desc.body.items)).toEqual([c!.user.id, b!.user.id, a!.user.id, admin.user.id]);
    const asc = await server.api(`${membersPath(organization.id)}?order=asc&sort=joinedAt`, {
      token: admin.token,
    });
    expect(ids(asc.body.items)).toEqual([admin.user.id, a!.user.id, b!.user.id, c!.user.id]);
  });

  it('walks every member once through the cursor, in both orders', async () => {
    const { organization, admin } = await createOrganization(server);
    // Same joinedAt for all: the cursor's tie-breaker keeps the walk exact.
    for (let i = 0; i < 7; i++) await addMember(server, organization.id, 'read');
    for (const order of ['desc', 'asc']) {
      const walk = await walkPages(
        server,
        `${membersPath(organization.id)}?limit=3&order=${order}`,
        admin.token,
      );
      expect(walk.pages).toBe(3);
      expect(walk.items).toHaveLength(8);
      expect(new Set(ids(walk.items)).size).toBe(8);
      expect(new Set(walk.counts)).toEqual(new Set([8]));
    }
  });

  it('does not skip or repeat members while others join during the walk', async () => {
    const { organization, admin } = await createOrganization(server);
    await addMembersInTurn(organization.id, ['read', 'read', 'read', 'read']);
    const path = `${membersPath(organization.id)}?limit=2&order=asc`;
    const first = await server.api(path, { token: admin.token });
    await addMembersInTurn(organization.id, ['read']);
    const all = ids(first.body.items);
    let page: string | undefined = first.body.next?.page;
    while (page) {
      const next = await server.api(`${path}&page=${encodeURIComponent(page)}`, { token: admin.token });
      expect(next.status).toBe(200);
      all.push(...ids(next.body.items));
      page = next.body.next?.page;
    }
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
  });

  it('filters by role, "guest" meaning members without one', async () => {
    const { organization, admin } = await createOrganization(server);
    const [editor, , guest] = await addMembersInTurn(organization.id, ['edit', 'read', null]);
    const edit = await server.api(`${membersPath(organization.id)}?role=edit`, { token: admin.token });
    expect(ids(edit.body.items)).toEqual([editor!.user.id]);
    expect(edit.body.count).toBe(1);
    const guests = await server.api(`${membersPath(organization.id)}?role=guest`, { token: admin.token });
    expect(ids(guests.body.items)).toEqual([guest!.user.id]);
    expect(guests.body.items[0].role).toBeNull();
    const admins = await server.api(`${membersPath(organization.id)}?role=admin`, { token: admin.token });
    expect(ids(admins.body.items)).toEqual([admin.user.id]);
  });

  it('searches display names and emails, case-insensitively and literally', async () => {
    const { organization, admin } = await createOrganization(server);
    // With "_", which the factories' names never hold: a bare timestamp is a part of the
    // names of people made in the same millisecond (the admin's, once in a while).
    const tag = `tag_${Date.now().toString(36)}`;
    const ada = await addMember(server, organization.id, 'read', { displayName: `Ada Lovelace ${tag}` });
    const grace = await addMember(server, organization.id, 'read', {
      email: `grace.hopper.${tag}@navy.test`,
    });
    await addMember(server, organization.id, 'read', { displayName: `Alan ${tag}` });
    const search = (text: string) =>
      server.api(`${membersPath(organization.id)}?search=${encodeURIComponent(text)}`, {
        token: admin.token,
      });
    expect(ids((await search('LOVELACE')).body.items)).toEqual([ada.user.id]);
    expect(ids((await search(`HOPPER.${tag}@NAVY`)).body.items)).toEqual([grace.user.id]);
    expect((await search('lovelace')).body.count).toBe(1);
    expect((await search('.*')).body.items).toEqual([]);
    expect((await search(tag)).body.count).toBe(3);
    // An empty search is no filter.
    expect((await search('')).body.count).toBe(4);
  });

  it('sorts by lastSeenAt, listing only members seen at least once', async () => {
    const { organization, admin } = await createOrganization(server);
    const [a, b] = await addMembersInTurn(organization.id, ['read', 'read', 'read']);
    for (const member of [b!, a!]) {
      server.clock.advance(1_000);
      expect(
        (await server.api(`/v1/orgs/${organization.id}/ping`, { method: 'POST', token: member.token }))
          .status,
      ).toBe(200);
    }
    const seen = await server.api(`${membersPath(organization.id)}?sort=lastSeenAt`, { token: admin.token });
    expect(ids(seen.body.items)).toEqual([a!.user.id, b!.user.id]);
    expect(seen.body.count).toBe(2);
    const seenAsc = await server.api(`${membersPath(organization.id)}?sort=lastSeenAt&order=asc`, {
      token: admin.token,
    });
    expect(ids(seenAsc.body.items)).toEqual([b!.user.id, a!.user.id]);
    expect(seenAsc.body.items[1].lastSeenAt).toBe(server.clock.now().toISOString());
  });

  it('refuses bad parameters, naming them', async () => {
    const { organization, admin } = await createOrganization(server);
    const get = (query: string) =>
      server.api(`${membersPath(organization.id)}?${query}`, { token: admin.token });
    expectFieldError(await get('limit=0'), 'limit');
    expectFieldError(await get('limit=1001'), 'limit');
    expectFieldError(await get('role=owner'), 'role');
    expectFieldError(await get('sort=displayName'), 'sort');
    expectFieldError(await get('order=sideways'), 'order');
    expectFieldError(await get('search=' + 'x'.repeat(257)), 'search');
    expectFieldError(await get('colour=red'), 'colour');
    expect((await get('limit=1000')).status).toBe(200);
  });
});

describe('GET ORG/members/:userId', () => {
  it('shows a member to members who may list members, and to the member', async () => {
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const guest = await addMember(server, organization.id, null);
    const asReader = await server.api(memberPath(organization.id, admin.user.id), { token: reader.token });
    expect(asReader.status).toBe(200);
    expect(asReader.body).toMatchObject({ object: 'member', id: admin.user.id, role: 'admin' });
    const self = await server.api(memberPath(organization.id, guest.user.id), { token: guest.token });
    expect(self.status).toBe(200);
    expect(self.body.role).toBeNull();
    expectError(await server.api(memberPath(organization.id, admin.user.id), { token: guest.token }), 403);
  });

  it('is not found for a non-member user and for a member of another organization', async () => {
    const { organization, admin } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expectError(
      await server.api(memberPath(organization.id, outsider.admin.user.id), { token: admin.token }),
      404,
    );
    expectError(
      await server.api(memberPath(organization.id, admin.user.id), { token: outsider.admin.token }),
      404,
    );
  });
});

describe('PATCH ORG/members/:userId', () => {
  const patch = (orgId: string, userId: string, token: string | undefined, body: unknown) =>
    server.api(memberPath(orgId, userId), { method: 'PATCH', token, body });

  it('changes the role (admins); null makes a guest', async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'read');
    const promoted = await patch(organization.id, member.user.id, admin.token, { role: 'review' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ object: 'member', id: member.user.id, role: 'review' });
    const guest = await patch(organization.id, member.user.id, admin.token, { role: null });
    expect(guest.body.role).toBeNull();
    const asMember = await server.api(`/v1/orgs/${organization.id}`, { token: member.token });
    expect(asMember.body.permissions).toMatchObject({ view: true, listMembers: false });
  });

  it('is forbidden below admin, and changes nothing', async () => {
    const { organization } = await createOrganization(server);
    const creator = await addMember(server, organization.id, 'create');
    const other = await addMember(server, organization.id, 'read');
    expectError(await patch(organization.id, other.user.id, creator.token, { role: 'admin' }), 403);
    expectError(await patch(organization.id, creator.user.id, creator.token, { role: 'admin' }), 403);
    const read = await server.api(memberPath(organization.id, other.user.id), { token: creator.token });
    expect(read.body.role).toBe('read');
  });

  it('is not found for a member of another organization, and for a user who is not a member', async () => {
    const { organization, admin } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expectError(await patch(organization.id, admin.user.id, outsider.admin.token, { role: 'read' }), 404);
    expectError(await patch(organization.id, outsider.admin.user.id, admin.token, { role: 'read' }), 404);
  });

  it('refuses bad input, naming the field', async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'read');
    expectFieldError(await patch(organization.id, member.user.id, admin.token, { role: 'owner' }), 'role');
    expectFieldError(await patch(organization.id, member.user.id, admin.token, { role: 3 }), 'role');
    expectFieldError(await patch(organization.id, member.user.id, admin.token, { role: 'edit', x: 1 }), 'x');
    const read = await server.api(memberPath(organization.id, member.user.id), { token: admin.token });
    expect(read.body.role).toBe('read');
  });

  it('refuses to take the admin role from the last admin (409)', async () => {
    const { organization, admin } = await createOrganization(server);
    const refused = await patch(organization.id, admin.user.id, admin.token, { role: 'edit' });
    expectError(refused, 409);
    expect(refused.body.error.message).toMatch(/admin/);
    const read = await server.api(memberPath(organization.id, admin.user.id), { token: admin.token });
    expect(read.body.role).toBe('admin');

    const second = await addMember(server, organization.id, 'read');
    expect((await patch(organization.id, second.user.id, admin.token, { role: 'admin' })).status).toBe(200);
    const demoted = await patch(organization.id, admin.user.id, admin.token, { role: 'edit' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('edit');
    // Now `second` is the last admin.
    expectError(await patch(organization.id, second.user.id, second.token, { role: null }), 409);
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    const { organization, admin } = await createOrganization(server);
    const second = await addMember(server, organization.id, 'admin');
    const results = await Promise.all([
      patch(organization.id, second.user.id, admin.token, { role: 'read' }),
      patch(organization.id, admin.user.id, second.token, { role: 'read' }),
    ]);
    // The loser is refused as the last admin (409), or, when the winner's change landed
    // before its own authorization, as no longer an admin (403).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await server.api(`${membersPath(organization.id)}?role=admin`, { token: admin.token });
    expect(admins.body.count).toBe(1);
    const stored = await server.services.repos.organizations.findById(organization.id);
    expect(stored).toMatchObject({ memberCount: 2, adminCount: 1 });
  });
});

describe('DELETE ORG/members/:userId', () => {
  const remove = (orgId: string, userId: string, token: string | undefined) =>
    server.api(memberPath(orgId, userId), { method: 'DELETE', token });

  it('lets admins remove members', async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'edit');
    const response = await remove(organization.id, member.user.id, admin.token);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expectError(await server.api(memberPath(organization.id, member.user.id), { token: admin.token }), 404);
    expect((await server.api(membersPath(organization.id), { token: admin.token })).body.count).toBe(1);
    // The former member no longer sees the organization.
    expectError(await server.api(`/v1/orgs/${organization.id}`, { token: member.token }), 404);
    expect((await server.api('/v1/orgs', { token: member.token })).body.count).toBe(0);
    const stored = await server.services.repos.organizations.findById(organization.id);
    expect(stored).toMatchObject({ memberCount: 1, adminCount: 1 });
  });

  it('keeps one admin when two admins leave at once', async () => {
    const { organization, admin } = await createOrganization(server);
    const second = await addMember(server, organization.id, 'admin');
    const results = await Promise.all([
      remove(organization.id, admin.user.id, admin.token),
      remove(organization.id, second.user.id, second.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    const stored = await server.services.repos.organizations.findById(organization.id);
    expect(stored).toMatchObject({ memberCount: 1, adminCount: 1 });
  });

  it('answers 204 when the user is not a member', async () => {
    const { organization, admin } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expect((await remove(organization.id, outsider.admin.user.id, admin.token)).status).toBe(204);
    expect((await remove(organization.id, 'nobody', admin.token)).status).toBe(204);
  });

  it('lets anyone leave, but forbids removing others below admin', async () => {
    const { organization, admin } = await createOrganization(server);
    const creator = await addMember(server, organization.id, 'create');
    const guest = await addMember(server, organization.id, null);
    expectError(await remove(organization.id, guest.user.id, creator.token), 403);
    expectError(await remove(organization.id, admin.user.id, creator.token), 403);
    expect(
      (await server.api(memberPath(organization.id, guest.user.id), { token: admin.token })).status,
    ).toBe(200);
    expect((await remove(organization.id, guest.user.id, guest.token)).status).toBe(204);
    expectError(await server.api(memberPath(organization.id, guest.user.id), { token: admin.token }), 404);
  });

  it('is not found for a member of another organization', async () => {
    const { organization, admin } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expectError(await remove(organization.id, admin.user.id, outsider.admin.token), 404);
    expect(
      (await server.api(memberPath(organization.id, admin.user.id), { token: admin.token })).status,
    ).toBe(200);
  });

  it('keeps the last admin (409) until another admin exists', async () => {
    const { organization, admin } = await createOrganization(server);
    expectError(await remove(organization.id, admin.user.id, admin.token), 409);
    expect(
      (await server.api(memberPath(organization.id, admin.user.id), { token: admin.token })).status,
    ).toBe(200);
    const second = await addMember(server, organization.id, 'admin');
    expect((await remove(organization.id, admin.user.id, admin.token)).status).toBe(204);
    expectError(await remove(organization.id, second.user.id, second.token), 409);
  });

  it("removes the member from the organization's teams", async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'read');
    const team = await server.api(`/v1/orgs/${organization.id}/teams`, {
      method: 'PUT',
      token: admin.token,
      body: { title: 'Writers', members: [member.user.id] },
    });
    expect(team.status, JSON.stringify(team.body)).toBeLessThan(300);
    expect((await remove(organization.id, member.user.id, admin.token)).status).toBe(204);
    const after = await server.api(`/v1/orgs/${organization.id}/teams/${team.body.id}`, {
      token: admin.token,
    });
    expect(after.body.members).toBe(0);
  });
});

describe('POST ORG/members/:userId/sso', () => {
  const enable = (orgId: string, userId: string, token: string | undefined) =>
    server.api(`${memberPath(orgId, userId)}/sso`, { method: 'POST', token });

  it('makes a member an SSO member (admins)', async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'edit');
    const response = await enable(organization.id, member.user.id, admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ object: 'member', id: member.user.id, sso: true, role: 'edit' });
  });

  it('is forbidden below admin, not found outside, and for non-members', async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'create');
    const outsider = await createOrganization(server);
    expectError(await enable(organization.id, member.user.id, member.token), 403);
    expectError(await enable(organization.id, member.user.id, outsider.admin.token), 404);
    expectError(await enable(organization.id, outsider.admin.user.id, admin.token), 404);
    const read = await server.api(memberPath(organization.id, member.user.id), { token: admin.token });
    expect(read.body.sso).toBe(false);
  });
});

describe('GET ORG/members/:userId/teams', () => {
  const teamsPath = (orgId: string, userId: string) => `${memberPath(orgId, userId)}/teams`;
  const createTeam = async (orgId: string, token: string, title: string, members: string[]) => {
    const response = await server.api(`/v1/orgs/${orgId}/teams`, {
      method: 'PUT',
      token,
      body: { title, members },
    });
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body as { id: string };
  };

  it("lists the member's teams with their role, filtered by title; the member counts them", async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'read');
    const docs = await createTeam(organization.id, admin.token, 'Docs Writers', [member.user.id]);
    const ops = await createTeam(organization.id, admin.token, 'Operations', [member.user.id]);
    await createTeam(organization.id, admin.token, 'Elsewhere', []);

    const all = await server.api(teamsPath(organization.id, member.user.id), { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.items.map((item: { team: { id: string } }) => item.team.id)).toEqual([docs.id, ops.id]);
    expect(all.body.items[0]).toMatchObject({
      team: { object: 'team', title: 'Docs Writers' },
      member: { role: 'member' },
    });

    const filtered = await server.api(`${teamsPath(organization.id, member.user.id)}?title=WRITER`, {
      token: member.token,
    });
    expect(filtered.body.items.map((item: { team: { id: string } }) => item.team.id)).toEqual([docs.id]);

    const asMember = await server.api(memberPath(organization.id, member.user.id), { token: admin.token });
    expect(asMember.body.teams).toBe(2);
    const listed = await server.api(`${membersPath(organization.id)}?role=read`, { token: admin.token });
    expect(listed.body.items[0].teams).toBe(2);
  });

  it('is forbidden to guests for others, not found outside the organization or for non-members', async () => {
    const { organization, admin } = await createOrganization(server);
    const guest = await addMember(server, organization.id, null);
    const outsider = await createOrganization(server);
    expectError(await server.api(teamsPath(organization.id, admin.user.id), { token: guest.token }), 403);
    expect((await server.api(teamsPath(organization.id, guest.user.id), { token: guest.token })).status).toBe(
      200,
    );
    expectError(
      await server.api(teamsPath(organization.id, admin.user.id), { token: outsider.admin.token }),
      404,
    );
    expectError(
      await server.api(teamsPath(organization.id, outsider.admin.user.id), { token: admin.token }),
      404,
    );
  });

  it('refuses bad parameters', async () => {
    const { organization, admin } = await createOrganization(server);
    const get = (query: string) =>
      server.api(`${teamsPath(organization.id, admin.user.id)}?${query}`, { token: admin.token });
    expectFieldError(await get('limit=0'), 'limit');
    expectFieldError(await get('limit=1001'), 'limit');
    expectFieldError(await get('title=' + 'x'.repeat(65)), 'title');
    expectFieldError(await get('kind=all'), 'kind');
  });
});
