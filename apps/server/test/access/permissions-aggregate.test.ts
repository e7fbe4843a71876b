/**
 * `spaces.permissions.aggregate` and `collections.permissions.aggregate`: everyone who can
 * access the item, with the effective role the guards use (checked against what each person
 * gets from the item itself), the `role` filter, pages, `count`, who may ask, and how many
 * reads it takes. Its answers on the three faces: `permissions-aggregate-faces.test.ts`.
 */
import {
  collectionPermissions,
  type DefaultLevel,
  operations,
  type Role,
  spacePermissions,
} from '@quire/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentRef, createCollection, createSpace, grant } from '../support/content';
import { addMember, createOrganization, createUser, type TestMember } from '../support/factories';
import { allPages } from '../support/pages';
import { createTeam, putTeamMember } from '../support/teams';
import { openTestDomain, type QuireUnderTest, type TestCaller } from '../support/test-domain';
import { peopleAround } from './people-around';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

type Kind = ContentRef['kind'];
interface Query {
  role?: Role;
  limit?: number;
  page?: string;
}

const aggregate = (caller: TestCaller, target: ContentRef, query: Query = {}) =>
  target.kind === 'space'
    ? quire.callOperation(operations.spaces.permissions.aggregate, caller, { spaceId: target.id, ...query })
    : quire.callOperation(operations.collections.permissions.aggregate, caller, {
        collectionId: target.id,
        ...query,
      });

/** The item as the caller gets it (rejects when they may not view it). */
const itemAs = (caller: TestCaller, target: ContentRef) =>
  target.kind === 'space'
    ? quire.callOperation(operations.spaces.get, caller, { spaceId: target.id })
    : quire.callOperation(operations.collections.get, caller, { collectionId: target.id });

type Entry = Awaited<ReturnType<typeof aggregate>>['items'][number];

/** Every page of the list, with the count each page said. */
async function everyPage(caller: TestCaller, target: ContentRef, query: Query) {
  const { items, pages } = await allPages((page) =>
    aggregate(caller, target, { ...query, ...(page ? { page } : {}) }),
  );
  return { items, counts: pages.map((answer) => answer.count), pages: pages.length };
}

const rolesOf = (items: Entry[]) => Object.fromEntries(items.map((item) => [item.user.id, item.permission]));
const idsOf = (items: Entry[]) => items.map((item) => item.user.id);
const NOT_FOUND = { code: 'not_found' };

describe.each(['space', 'collection'] as const)('%ss.permissions.aggregate', (kind: Kind) => {
  const around = (levels: { parent: DefaultLevel; item: DefaultLevel }) => peopleAround(quire, kind, levels);

  it('lists everyone who can access the item with their effective role', async () => {
    const { people, target } = await around({ parent: 'inherit', item: 'inherit' });
    const answer = await aggregate(people.admin, target);
    expect(rolesOf(answer.items)).toEqual({
      [people.admin.user.id]: 'admin',
      [people.reader.user.id]: 'read',
      [people.editor.user.id]: 'edit',
      [people.creator.user.id]: 'create',
      [people.raised.user.id]: 'admin',
      [people.guestOnParent.user.id]: 'comment',
      [people.guestInTeam.user.id]: 'review',
    });
    // Oldest membership first; one page, so the count is exact.
    expect(idsOf(answer.items)).toEqual(
      [
        people.admin,
        people.reader,
        people.editor,
        people.creator,
        people.raised,
        people.guestOnParent,
        people.guestInTeam,
      ].map((person) => person.user.id),
    );
    expect(answer.count).toBe(7);
    expect(answer).not.toHaveProperty('next');
    expect(answer.items[0]).toEqual({
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
    const { people, target } = await around(levels);
    const listed = rolesOf((await everyPage(people.admin, target, {})).items);
    const permissionsOf = kind === 'space' ? spacePermissions : collectionPermissions;
    for (const [name, person] of Object.entries(people)) {
      const role = listed[person.user.id];
      if (role === undefined)
        await expect(itemAs(person, target), `${name} is not listed`).rejects.toMatchObject(NOT_FOUND);
      else
        expect((await itemAs(person, target)).permissions, `${name} is listed as ${role}`).toEqual(
          permissionsOf(role),
        );
    }
    expect(listed[people.guestAlone.user.id]).toBeUndefined();
    expect(listed[people.disabled.user.id]).toBeUndefined();
  });

  it('filters on the exact effective role', async () => {
    const { people, target } = await around({ parent: 'inherit', item: 'inherit' });
    const admins = await aggregate(people.admin, target, { role: 'admin' });
    expect(idsOf(admins.items)).toEqual([people.admin.user.id, people.raised.user.id]);
    expect(admins.count).toBe(2);
    const reviewers = await aggregate(people.admin, target, { role: 'review' });
    expect(idsOf(reviewers.items)).toEqual([people.guestInTeam.user.id]);
    await expect(aggregate(people.admin, target, { role: 'owner' as Role })).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining('role'),
    });
  });

  it('pages through everyone, each person once, with and without a filter', async () => {
    const { org, people, target } = await around({ parent: 'inherit', item: 'inherit' });
    const whole = (await aggregate(people.admin, target)).items;
    const paged = await everyPage(people.admin, target, { limit: 2 });
    expect(paged.pages).toBe(4);
    expect(paged.items).toEqual(whole);
    // Across pages, the count is the organization's memberships: an upper bound.
    const memberships = await quire.services.repos.members.count(org.organization.id, {});
    expect(memberships).toBe(9);
    expect(paged.counts).toEqual([9, 9, 9, 9]);
    const filtered = await everyPage(people.admin, target, { limit: 1, role: 'admin' });
    expect(idsOf(filtered.items)).toEqual([people.admin.user.id, people.raised.user.id]);
    expect(filtered.counts.every((count) => count === 9)).toBe(true);
  });

  it('shows emails to members and hides them from guests, who may not list the members', async () => {
    const { people, target } = await around({ parent: 'inherit', item: 'inherit' });
    const asReader = await aggregate(people.reader, target);
    expect(asReader.items.every((item) => typeof item.user.email === 'string')).toBe(true);
    const asGuest = await aggregate(people.guestOnParent, target);
    expect(asGuest.items).toHaveLength(7);
    expect(asGuest.items.some((item) => 'email' in item.user)).toBe(false);
  });

  it('refuses without a caller, and hides the item from outsiders and people without access', async () => {
    const { people, target } = await around({ parent: 'inherit', item: 'inherit' });
    await expect(aggregate(null, target)).rejects.toMatchObject({ code: 'unauthenticated' });
    const stranger = (await createOrganization(quire)).admin;
    // An instance administrator sees no organization they are not in.
    const instanceAdmin = await createUser(quire, { isInstanceAdmin: true });
    for (const caller of [stranger, people.guestAlone, people.disabled, instanceAdmin]) {
      await expect(aggregate(caller, target)).rejects.toMatchObject(NOT_FOUND);
    }
    await expect(aggregate(people.admin, { kind, id: 'no-such-item' })).rejects.toMatchObject(NOT_FOUND);
  });

  it('refuses a page that is not one of its cursors, naming page', async () => {
    const { people, target } = await around({ parent: 'inherit', item: 'inherit' });
    const forged = (tuple: unknown) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
    const pages = [
      'not-a-cursor',
      // A cursor of a list sorted by id alone, a number where a date goes, an operator.
      forged(['someid']),
      forged(['someid', 5]),
      forged(['x', { $where: '1' }]),
    ];
    for (const page of pages) {
      await expect(aggregate(people.admin, target, { page }), page).rejects.toMatchObject({
        code: 'validation',
        message: expect.stringContaining('page'),
      });
    }
  });

  it('reads no more per person: the same queries for 3 people and for 30', async () => {
    const { repos } = quire.services;
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
      const org = await createOrganization(quire);
      const parent = await createCollection(quire, org);
      const create = kind === 'space' ? createSpace : createCollection;
      const item = await create(quire, org, { parent: parent.id });
      const team = await createTeam(quire, org, { title: 'Team' });
      for (let i = 1; i < people; i++) {
        const member = await addMember(quire, org.organization.id, i % 2 ? 'read' : null);
        await putTeamMember(quire, org, team.id, member, 'member');
      }
      await grant(quire, org, { kind, id: item.id }, { role: 'edit', teams: [team.id] });
      const spies = watched.map(([repository, method]) => vi.spyOn(repos[repository], method as never));
      try {
        expect((await aggregate(org.admin, { kind, id: item.id })).items).toHaveLength(people);
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
    const org = await createOrganization(quire);
    const organizationId = org.organization.id;
    const space = await createSpace(quire, org, { defaultLevel: null });
    // 5,200 guests (who get nothing from a restricted space), then one person with a grant.
    const now = quire.clock.now().toISOString();
    const guests = Array.from({ length: 5200 }, (_, i) => ({
      id: quire.services.ids.newId(),
      displayName: `Guest ${i}`,
      email: `guest-${i}-${organizationId.toLowerCase()}@example.test`,
      isInstanceAdmin: false,
      createdAt: now,
    }));
    for (let i = 0; i < guests.length; i += 400) {
      await Promise.all(
        guests.slice(i, i + 400).map(async (user) => {
          await quire.services.repos.users.insert(user);
          await quire.services.repos.members.insert({
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
    quire.clock.advance(1000);
    const latecomer: TestMember = await addMember(quire, organizationId, null);
    const target: ContentRef = { kind: 'space', id: space.id };
    await grant(quire, org, target, { role: 'read', users: [latecomer.user.id] });

    const first = await aggregate(org.admin, target, { limit: 10 });
    // The admin comes first; the budget ends the page before the latecomer is reached.
    expect(idsOf(first.items)).toEqual([org.admin.user.id]);
    expect(first.next?.page).toEqual(expect.any(String));
    const everyone = await everyPage(org.admin, target, { limit: 10 });
    expect(rolesOf(everyone.items)).toEqual({ [org.admin.user.id]: 'admin', [latecomer.user.id]: 'read' });
  });
});
