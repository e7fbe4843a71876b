/**
 * `GET /v1/spaces/{spaceId}/permissions/aggregate` and `GET /v1/collections/{id}/...`:
 * everyone who can access the item, with the effective role the guards use (checked
 * against what each person gets from GET on the item), the `role` filter, pages, `count`,
 * who may ask, and the same answers on tRPC and GraphQL.
 */
import {
  type CollectionRecord,
  collectionPermissions,
  type DefaultLevel,
  type Role,
  type SpaceRecord,
  spacePermissions,
} from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addMember,
  createOrganization,
  createUser,
  type TestMember,
  type TestOrganization,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam, putTeamMember } from '../teams/team-fixtures';
import { type ContentRef, grant, insertCollection, insertSpace } from './content-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Kind = ContentRef['kind'];

const itemPath = (target: ContentRef) =>
  `/v1/${target.kind === 'space' ? 'spaces' : 'collections'}/${target.id}`;

const aggregate = (
  caller: { token: string },
  target: ContentRef,
  query: Record<string, string | number> = {},
) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return server.api(`${itemPath(target)}/permissions/aggregate?${search}`, { token: caller.token });
};

interface Entry {
  permission: Role;
  user: { id: string; email?: string };
}

/** Every page of the list, checking that each page but the last says there is a next one. */
async function allPages(
  caller: { token: string },
  target: ContentRef,
  query: Record<string, string | number>,
) {
  const items: Entry[] = [];
  const counts: number[] = [];
  let page: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const response = await aggregate(caller, target, { ...query, ...(page ? { page } : {}) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    items.push(...response.body.items);
    counts.push(response.body.count);
    page = response.body.next?.page;
    if (!page) return { items, counts, pages: pages + 1 };
  }
  throw new Error('more than 100 pages');
}

const rolesOf = (items: Entry[]) => Object.fromEntries(items.map((item) => [item.user.id, item.permission]));

async function insertItem(
  kind: Kind,
  organizationId: string,
  options: { parentId?: string; defaultLevel?: DefaultLevel },
): Promise<SpaceRecord | CollectionRecord> {
  return kind === 'space'
    ? insertSpace(server, organizationId, options)
    : insertCollection(server, organizationId, options);
}

/**
 * An organization where every rule shows: org roles, a level that opens or restricts,
 * guests reached by a user grant on the parent or a team grant on the item, a grant that
 * raises a reader, a disabled member, a guest reached by nothing.
 */
async function peopleAround(kind: Kind, levels: { parent: DefaultLevel; item: DefaultLevel }) {
  const org = await createOrganization(server);
  const organizationId = org.organization.id;
  const people = {
    admin: org.admin as TestMember,
    reader: await addMember(server, organizationId, 'read'),
    editor: await addMember(server, organizationId, 'edit'),
    creator: await addMember(server, organizationId, 'create'),
    raised: await addMember(server, organizationId, 'read'),
    guestOnParent: await addMember(server, organizationId, null),
    guestInTeam: await addMember(server, organizationId, null),
    guestAlone: await addMember(server, organizationId, null),
    disabled: await addMember(server, organizationId, 'edit'),
  };
  const parent = await insertCollection(server, organizationId, { defaultLevel: levels.parent });
  const item = await insertItem(kind, organizationId, { parentId: parent.id, defaultLevel: levels.item });
  const target: ContentRef = { kind, id: item.id };
  const team = await createTeam(server, org, { title: 'Reviewers' });
  await putTeamMember(server, org, team.id, people.guestInTeam, 'member');
  await grant(
    server,
    org,
    { kind: 'collection', id: parent.id },
    { role: 'comment', users: [people.guestOnParent.user.id] },
  );
  await grant(server, org, target, { role: 'review', teams: [team.id] });
  await grant(server, org, target, { role: 'admin', users: [people.raised.user.id] });
  await grant(server, org, target, { role: 'admin', users: [people.disabled.user.id] });
  await server.services.repos.members.update(organizationId, people.disabled.user.id, { disabled: true });
  return { org, people, target };
}

describe.each(['space', 'collection'] as const)('GET /v1/%ss/{id}/permissions/aggregate', (kind) => {
  it('lists everyone who can access the item with their effective role', async () => {
    const { people, target } = await peopleAround(kind, { parent: 'inherit', item: 'inherit' });
    const response = await aggregate(people.admin, target);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(rolesOf(response.body.items)).toEqual({
      [people.admin.user.id]: 'admin',
      [people.reader.user.id]: 'read',
      [people.editor.user.id]: 'edit',
      [people.creator.user.id]: 'create',
      [people.raised.user.id]: 'admin',
      [people.guestOnParent.user.id]: 'comment',
      [people.guestInTeam.user.id]: 'review',
    });
    // Oldest membership first; one page, so the count is exact.
    expect(response.body.items.map((item: Entry) => item.user.id)).toEqual([
      people.admin.user.id,
      people.reader.user.id,
      people.editor.user.id,
      people.creator.user.id,
      people.raised.user.id,
      people.guestOnParent.user.id,
      people.guestInTeam.user.id,
    ]);
    expect(response.body.count).toBe(7);
    expect(response.body).not.toHaveProperty('next');
    expect(response.body.items[0]).toEqual({
      permission: 'admin',
      user: {
        object: 'user',
        id: people.admin.user.id,
        displayName: people.admin.user.displayName,
        email: people.admin.user.email,
        urls: { location: `http://quire.test/v1/users/${people.admin.user.id}` },
      },
    });
  });

  it.each([
    ['a level that opens the item to members', { parent: 'edit', item: 'inherit' }],
    ['a level that restricts the item', { parent: 'inherit', item: null }],
    ['a restricted parent and an item level of its own', { parent: null, item: 'read' }],
  ] as const)('gives each person the role the guard gives them (%s)', async (_title, levels) => {
    const { people, target } = await peopleAround(kind, levels);
    const listed = rolesOf((await allPages(people.admin, target, {})).items);
    const permissionsOf = kind === 'space' ? spacePermissions : collectionPermissions;
    for (const [name, person] of Object.entries(people)) {
      const response = await server.api(itemPath(target), { token: person.token });
      const role = listed[person.user.id];
      if (role === undefined) expect(response.status, `${name} is not listed`).toBe(404);
      else {
        expect(response.status, `${name} is listed as ${role}`).toBe(200);
        expect(response.body.permissions, `${name} is listed as ${role}`).toEqual(permissionsOf(role));
      }
    }
    expect(listed[people.guestAlone.user.id]).toBeUndefined();
    expect(listed[people.disabled.user.id]).toBeUndefined();
  });

  it('filters on the exact effective role', async () => {
    const { people, target } = await peopleAround(kind, { parent: 'inherit', item: 'inherit' });
    const admins = await aggregate(people.admin, target, { role: 'admin' });
    expect(admins.body.items.map((item: Entry) => item.user.id)).toEqual([
      people.admin.user.id,
      people.raised.user.id,
    ]);
    expect(admins.body.count).toBe(2);
    const reviewers = await aggregate(people.admin, target, { role: 'review' });
    expect(reviewers.body.items.map((item: Entry) => item.user.id)).toEqual([people.guestInTeam.user.id]);
    const bad = await aggregate(people.admin, target, { role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('role');
  });

  it('pages through everyone, each person once, with and without a filter', async () => {
    const { org, people, target } = await peopleAround(kind, { parent: 'inherit', item: 'inherit' });
    const whole = (await aggregate(people.admin, target)).body.items as Entry[];
    const paged = await allPages(people.admin, target, { limit: 2 });
    expect(paged.pages).toBe(4);
    expect(paged.items).toEqual(whole);
    // Across pages, the count is the organization's memberships: an upper bound.
    const memberships = await server.services.repos.members.count(org.organization.id, {});
    expect(memberships).toBe(9);
    expect(paged.counts).toEqual([9, 9, 9, 9]);
    const filtered = await allPages(people.admin, target, { limit: 1, role: 'admin' });
    expect(filtered.items.map((item) => item.user.id)).toEqual([people.admin.user.id, people.raised.user.id]);
    expect(filtered.counts.every((count) => count === 9)).toBe(true);
  });

  it('shows emails to members and hides them from guests, who may not list the members', async () => {
    const { people, target } = await peopleAround(kind, { parent: 'inherit', item: 'inherit' });
    const asReader = await aggregate(people.reader, target);
    expect(asReader.status).toBe(200);
    expect(asReader.body.items.every((item: Entry) => typeof item.user.email === 'string')).toBe(true);
    const asGuest = await aggregate(people.guestOnParent, target);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.items).toHaveLength(7);
    expect(asGuest.body.items.some((item: Entry) => 'email' in item.user)).toBe(false);
  });

  it('refuses without a token (401), and hides the item from outsiders and people without access (404)', async () => {
    const { people, target } = await peopleAround(kind, { parent: 'inherit', item: 'inherit' });
    const anonymous = await server.api(`${itemPath(target)}/permissions/aggregate`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe(401);
    const stranger = (await createOrganization(server)).admin;
    const outsider = await aggregate(stranger, target);
    expect(outsider.status).toBe(404);
    expect(outsider.body.error.code).toBe(404);
    expect((await aggregate(people.guestAlone, target)).status).toBe(404);
    expect((await aggregate(people.disabled, target)).status).toBe(404);
    expect((await aggregate(people.admin, { kind, id: 'no-such-item' })).status).toBe(404);
    // An instance administrator sees no organization they are not in.
    expect((await aggregate(await createUser(server, { isInstanceAdmin: true }), target)).status).toBe(404);
  });

  it('refuses a page that is not one of its cursors with a 400', async () => {
    const { people, target } = await peopleAround(kind, { parent: 'inherit', item: 'inherit' });
    const forged = (tuple: unknown) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
    const pages = [
      'not-a-cursor',
      // A cursor of a list sorted by id alone, a number where a date goes, an operator.
      forged(['someid']),
      forged(['someid', 5]),
      forged(['x', { $where: '1' }]),
    ];
    for (const page of pages) {
      const response = await aggregate(people.admin, target, { page });
      expect(response.status, page).toBe(400);
      expect(response.body.error.message).toContain('page');
    }
  });

  it('reads no more per person: the same queries for 3 people and for 30', async () => {
    const { repos } = server.services;
    const watched = [
      ['members', 'find'],
      ['members', 'findMany'],
      ['members', 'findForUser'],
      ['members', 'list'],
      ['users', 'findByIds'],
      ['contentGrants', 'findForPrincipals'],
      ['contentGrants', 'listForTarget'],
      ['teams', 'listMembershipsOfUser'],
      ['collections', 'findByIds'],
    ] as const;
    const readsFor = async (people: number) => {
      const org = await createOrganization(server);
      const parent = await insertCollection(server, org.organization.id);
      const item = await insertItem(kind, org.organization.id, {
        parentId: parent.id,
        defaultLevel: 'inherit',
      });
      const team = await createTeam(server, org, { title: 'Team' });
      for (let i = 1; i < people; i++) {
        const member = await addMember(server, org.organization.id, i % 2 ? 'read' : null);
        await putTeamMember(server, org, team.id, member, 'member');
      }
      await grant(server, org, { kind, id: item.id }, { role: 'edit', teams: [team.id] });
      const spies = watched.map(([repository, method]) => vi.spyOn(repos[repository], method as never));
      try {
        const response = await aggregate(org.admin, { kind, id: item.id });
        expect(response.body.items).toHaveLength(people);
        return Object.fromEntries(
          watched.map(([repository, method], i) => [`${repository}.${method}`, spies[i]!.mock.calls.length]),
        );
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    };
    const few = await readsFor(3);
    expect(await readsFor(30)).toEqual(few);
    expect(few['users.findByIds']).toBe(1);
    expect(few['contentGrants.findForPrincipals']).toBe(0);
  });
});

describe('a space few people can access among many members', () => {
  it('returns shorter pages with a next cursor past the scan budget, and still lists everyone', async () => {
    const org: TestOrganization = await createOrganization(server);
    const organizationId = org.organization.id;
    const space = await insertSpace(server, organizationId, { defaultLevel: null });
    // 5,200 guests (who get nothing from a restricted space), then one person with a grant.
    const now = server.clock.now().toISOString();
    const guests = Array.from({ length: 5200 }, (_, i) => ({
      id: server.services.ids.newId(),
      displayName: `Guest ${i}`,
      email: `guest-${i}-${organizationId.toLowerCase()}@example.test`,
      isInstanceAdmin: false,
      createdAt: now,
    }));
    for (let i = 0; i < guests.length; i += 400) {
      await Promise.all(
        guests.slice(i, i + 400).map(async (user) => {
          await server.services.repos.users.insert(user);
          await server.services.repos.members.insert({
            organizationId,
            userId: user.id,
            role: null,
            disabled: false,
            sso: false,
            joinedAt: now,
            user: { displayName: user.displayName, email: user.email },
            teamIds: [],
            ownedTeamIds: [],
          });
        }),
      );
    }
    server.clock.advance(1000);
    const latecomer = await addMember(server, organizationId, null);
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [latecomer.user.id] });

    const first = await aggregate(org.admin, { kind: 'space', id: space.id }, { limit: 10 });
    expect(first.status).toBe(200);
    // The admin comes first; the budget ends the page before the latecomer is reached.
    expect(first.body.items.map((item: Entry) => item.user.id)).toEqual([org.admin.user.id]);
    expect(first.body.next?.page).toEqual(expect.any(String));
    const everyone = await allPages(org.admin, { kind: 'space', id: space.id }, { limit: 10 });
    expect(rolesOf(everyone.items)).toEqual({ [org.admin.user.id]: 'admin', [latecomer.user.id]: 'read' });
  });
});

describe('the aggregate on tRPC and GraphQL', () => {
  it('answers as REST does, filter and pages included', async () => {
    const { people, target } = await peopleAround('space', { parent: 'inherit', item: 'inherit' });
    const rest = await aggregate(people.admin, target, { role: 'admin' });
    const input = { spaceId: target.id, role: 'admin' };
    const trpc = await server.api(
      `/trpc/spaces.permissions.aggregate?input=${encodeURIComponent(JSON.stringify(input))}`,
      { token: people.admin.token },
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);

    const gql = await server.api('/graphql', {
      method: 'POST',
      token: people.admin.token,
      body: {
        query: `query($id: String!) {
          spacesPermissionsAggregate(spaceId: $id, role: admin, first: 1) {
            totalCount
            pageInfo { hasNextPage }
            edges { node { permission user { entityId email } } }
          }
        }`,
        variables: { id: target.id },
      },
    });
    expect(gql.status, JSON.stringify(gql.body)).toBe(200);
    expect(gql.body.data.spacesPermissionsAggregate).toEqual({
      totalCount: 9,
      pageInfo: { hasNextPage: true },
      edges: [
        {
          node: {
            permission: 'admin',
            user: { entityId: people.admin.user.id, email: people.admin.user.email },
          },
        },
      ],
    });

    const stranger = (await createOrganization(server)).admin;
    const refused = await server.api(
      `/trpc/spaces.permissions.aggregate?input=${encodeURIComponent(JSON.stringify(input))}`,
      { token: stranger.token },
    );
    expect(refused.status).toBe(404);
  });
});
