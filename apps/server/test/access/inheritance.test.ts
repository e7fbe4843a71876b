/**
 * The access model end to end through the domain's operations: default levels down the
 * collection chain, grants on collections reaching their spaces (nested several levels),
 * team grants, guests with and without grants, other organizations, and the `permissions`
 * objects of Space and Collection, which come from the same rules as the guards. An item a
 * caller may not view does not exist for them ('not_found').
 */
import { operations, SPACE_ACTIONS, type SpaceAction } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContentRef, createCollection, createNestedSpace, createSpace, grant } from '../support/content';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { createTeam, putTeamMember } from '../support/teams';
import { openTestDomain, type QuireUnderTest, type TestCaller } from '../support/test-domain';

let quire: QuireUnderTest;
let org: TestOrganization;
beforeAll(async () => {
  quire = await openTestDomain();
  org = await createOrganization(quire);
});

const space = (id: string): ContentRef => ({ kind: 'space', id });
const collection = (id: string): ContentRef => ({ kind: 'collection', id });

const getSpace = (caller: TestCaller, spaceId: string) =>
  quire.callOperation(operations.spaces.get, caller, { spaceId });
const getCollection = (caller: TestCaller, collectionId: string) =>
  quire.callOperation(operations.collections.get, caller, { collectionId });
const NOT_FOUND = { code: 'not_found' };

/** Whether the caller may view the item: they may list the users granted on it. */
const viewsGrantsOf = (caller: TestCaller, target: ContentRef) =>
  (target.kind === 'space'
    ? quire.callOperation(operations.spaces.permissions.users.list, caller, { spaceId: target.id })
    : quire.callOperation(operations.collections.permissions.users.list, caller, { collectionId: target.id })
  ).then(
    () => 'viewed',
    (error: { code?: string }) => error.code,
  );

/** Whether the caller administers the space: they may grant on it. */
const grantsOnSpace = (caller: TestMember, spaceId: string, grantee: TestMember) =>
  quire
    .callOperation(operations.spaces.permissions.invite, caller, {
      spaceId,
      role: 'read',
      users: [grantee.user.id],
    })
    .then(
      () => 'granted',
      (error: { code?: string }) => error.code,
    );

const spacePermissionsOf = (granted: readonly SpaceAction[]) =>
  Object.fromEntries(SPACE_ACTIONS.map((action) => [action, granted.includes(action)]));

describe('the permissions object of a Space', () => {
  it('differs by role: admin, editor, reader', async () => {
    const { id } = await createSpace(quire, org);
    const editor = await addMember(quire, org.organization.id, 'edit');
    const reader = await addMember(quire, org.organization.id, 'read');
    expect((await getSpace(org.admin, id)).permissions).toEqual(spacePermissionsOf(SPACE_ACTIONS));
    expect((await getSpace(editor, id)).permissions).toEqual(
      spacePermissionsOf(['view', 'access', 'comment', 'edit', 'triggerGitSync']),
    );
    expect((await getSpace(reader, id)).permissions).toEqual(spacePermissionsOf(['view', 'access']));
  });

  it('a reviewer grant on a guest', async () => {
    const { id } = await createSpace(quire, org);
    const guest = await addMember(quire, org.organization.id, null);
    await expect(getSpace(guest, id)).rejects.toMatchObject(NOT_FOUND);
    await grant(quire, org, space(id), { role: 'review', users: [guest.user.id] });
    expect((await getSpace(guest, id)).permissions).toEqual(
      spacePermissionsOf(['view', 'access', 'comment', 'edit', 'triggerGitSync', 'review', 'merge']),
    );
  });

  it('a comment grant on a guest: they view the grants, and may not change them', async () => {
    const { id } = await createSpace(quire, org);
    const guest = await addMember(quire, org.organization.id, null);
    const someone = await addMember(quire, org.organization.id, 'read');
    await grant(quire, org, space(id), { role: 'comment', users: [guest.user.id] });
    expect(await viewsGrantsOf(guest, space(id))).toBe('viewed');
    expect(await grantsOnSpace(guest, id, someone)).toBe('forbidden');
  });
});

describe('the permissions object of a Collection', () => {
  it('differs by role: admin, creator, reader', async () => {
    const { id } = await createCollection(quire, org);
    const creator = await addMember(quire, org.organization.id, 'create');
    const reader = await addMember(quire, org.organization.id, 'read');
    expect((await getCollection(org.admin, id)).permissions).toEqual({
      view: true,
      admin: true,
      viewInviteLinks: true,
      create: true,
    });
    expect((await getCollection(creator, id)).permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: true,
    });
    expect((await getCollection(reader, id)).permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
  });
});

describe('default levels down the chain', () => {
  let reader: TestMember;
  let editor: TestMember;
  beforeAll(async () => {
    reader = await addMember(quire, org.organization.id, 'read');
    editor = await addMember(quire, org.organization.id, 'edit');
  });

  it("a space inherits its collection's level, through several inheriting levels", async () => {
    const top = await createCollection(quire, org, { defaultLevel: 'edit' });
    const middle = await createCollection(quire, org, { parent: top.id });
    const inner = await createSpace(quire, org, { parent: middle.id });
    expect((await getSpace(reader, inner.id)).permissions.edit).toBe(true);
    expect((await getCollection(reader, middle.id)).permissions.view).toBe(true);
  });

  it('a null level up the chain hides inheriting spaces from members, not from admins', async () => {
    const top = await createCollection(quire, org, { defaultLevel: null });
    const inner = await createSpace(quire, org, { parent: top.id });
    await expect(getSpace(editor, inner.id)).rejects.toMatchObject(NOT_FOUND);
    await expect(getCollection(editor, top.id)).rejects.toMatchObject(NOT_FOUND);
    expect((await getSpace(org.admin, inner.id)).permissions.admin).toBe(true);
  });

  it("a space's own level wins over its collection's", async () => {
    const top = await createCollection(quire, org, { defaultLevel: null });
    const open = await createSpace(quire, org, { parent: top.id, defaultLevel: 'comment' });
    expect((await getSpace(reader, open.id)).permissions).toMatchObject({ comment: true, edit: false });
    // A level set on the space replaces the organization role, lower too.
    const closed = await createSpace(quire, org, { defaultLevel: 'read' });
    expect((await getSpace(editor, closed.id)).permissions).toMatchObject({ view: true, edit: false });
  });

  it('the default level never reaches guests', async () => {
    const guest = await addMember(quire, org.organization.id, null);
    const top = await createCollection(quire, org, { defaultLevel: 'edit' });
    const inner = await createSpace(quire, org, { parent: top.id });
    await expect(getSpace(guest, inner.id)).rejects.toMatchObject(NOT_FOUND);
  });
});

describe('grants on collections reach their spaces', () => {
  it('a user grant three collections up reaches the space (and the collections between)', async () => {
    const { collections, space: inner } = await createNestedSpace(quire, org, 3);
    const guest = await addMember(quire, org.organization.id, null);
    const someone = await addMember(quire, org.organization.id, null);
    const [top, middle] = collections;
    expect(await viewsGrantsOf(guest, space(inner.id))).toBe('not_found');
    await grant(quire, org, collection(top!.id), { role: 'admin', users: [guest.user.id] });
    expect(await viewsGrantsOf(guest, space(inner.id))).toBe('viewed');
    expect(await viewsGrantsOf(guest, collection(middle!.id))).toBe('viewed');
    expect(await grantsOnSpace(guest, inner.id, someone)).toBe('granted');
    expect((await getSpace(guest, inner.id)).permissions.admin).toBe(true);
  });

  it('a grant does not lower a member below the default level', async () => {
    const { collections, space: inner } = await createNestedSpace(quire, org, 2);
    const editor = await addMember(quire, org.organization.id, 'edit');
    await grant(quire, org, collection(collections[0]!.id), { role: 'read', users: [editor.user.id] });
    expect((await getSpace(editor, inner.id)).permissions.edit).toBe(true);
  });

  it('a grant on a space does not reach its collection', async () => {
    const { collections, space: inner } = await createNestedSpace(quire, org, 1);
    const guest = await addMember(quire, org.organization.id, null);
    await grant(quire, org, space(inner.id), { role: 'admin', users: [guest.user.id] });
    expect(await viewsGrantsOf(guest, space(inner.id))).toBe('viewed');
    expect(await viewsGrantsOf(guest, collection(collections[0]!.id))).toBe('not_found');
  });

  it('the strongest grant along the chain applies', async () => {
    const { collections, space: inner } = await createNestedSpace(quire, org, 2);
    const guest = await addMember(quire, org.organization.id, null);
    await grant(quire, org, space(inner.id), { role: 'read', users: [guest.user.id] });
    await grant(quire, org, collection(collections[0]!.id), { role: 'edit', users: [guest.user.id] });
    expect((await getSpace(guest, inner.id)).permissions).toMatchObject({ edit: true, review: false });
  });
});

describe('team grants', () => {
  it("a team's grant on a collection reaches its members on nested spaces, and leaves with them", async () => {
    const { collections, space: inner } = await createNestedSpace(quire, org, 2);
    const guest = await addMember(quire, org.organization.id, null);
    const outsiderOfTeam = await addMember(quire, org.organization.id, null);
    const team = await createTeam(quire, org, { title: 'Docs' });
    await putTeamMember(quire, org, team.id, guest, 'member');
    await grant(quire, org, collection(collections[0]!.id), { role: 'comment', teams: [team.id] });

    expect((await getSpace(guest, inner.id)).permissions).toMatchObject({
      view: true,
      comment: true,
      edit: false,
      admin: false,
    });
    await expect(getSpace(outsiderOfTeam, inner.id)).rejects.toMatchObject(NOT_FOUND);
    expect(await grantsOnSpace(guest, inner.id, outsiderOfTeam)).toBe('forbidden');

    await quire.callOperation(operations.orgs.teams.members.remove, org.admin, {
      organizationId: org.organization.id,
      teamId: team.id,
      userId: guest.user.id,
    });
    await expect(getSpace(guest, inner.id)).rejects.toMatchObject(NOT_FOUND);
  });
});

describe('other organizations', () => {
  it('a member of another organization gets not_found on a space, its collection and their grants, even an org admin', async () => {
    const { collections, space: inner } = await createNestedSpace(quire, org, 1);
    const stranger = (await createOrganization(quire)).admin;
    await expect(getSpace(stranger, inner.id)).rejects.toMatchObject(NOT_FOUND);
    await expect(getCollection(stranger, collections[0]!.id)).rejects.toMatchObject(NOT_FOUND);
    expect(await viewsGrantsOf(stranger, space(inner.id))).toBe('not_found');
    expect(await viewsGrantsOf(stranger, collection(collections[0]!.id))).toBe('not_found');
  });

  it('a member who leaves the organization loses their grants', async () => {
    const target = await createSpace(quire, org);
    const guest = await addMember(quire, org.organization.id, null);
    await grant(quire, org, space(target.id), { role: 'edit', users: [guest.user.id] });
    expect((await getSpace(guest, target.id)).id).toBe(target.id);
    await quire.callOperation(operations.orgs.members.remove, org.admin, {
      organizationId: org.organization.id,
      userId: guest.user.id,
    });
    await expect(getSpace(guest, target.id)).rejects.toMatchObject(NOT_FOUND);
    const users = await quire.callOperation(operations.spaces.permissions.users.list, org.admin, {
      spaceId: target.id,
    });
    expect(users.items).toEqual([]);
  });
});
