/**
 * The access model end to end, through real HTTP: default levels down the collection
 * chain, grants on collections reaching their spaces (nested several levels), team grants,
 * guests with and without grants, other organizations, and the `permissions` objects of
 * Space and Collection, which come from the same rules as the guards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTeam, putTeamMember } from '../teams/team-fixtures';
import {
  adminStatus,
  grant,
  insertCollection,
  insertNestedSpace,
  insertSpace,
  viewStatus,
} from './content-fixtures';

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
});
afterAll(() => server.close());

const space = (id: string) => ({ kind: 'space' as const, id });
const collection = (id: string) => ({ kind: 'collection' as const, id });

const getSpace = (member: { token: string }, id: string) =>
  server.api(`/v1/spaces/${id}`, { token: member.token });
const getCollection = (member: { token: string }, id: string) =>
  server.api(`/v1/collections/${id}`, { token: member.token });

const NO_SPACE_PERMISSION = {
  view: false,
  access: false,
  admin: false,
  viewInviteLinks: false,
  edit: false,
  triggerGitSync: false,
  comment: false,
  merge: false,
  review: false,
  installIntegration: false,
};
const spacePermissionsOf = (granted: ReadonlyArray<keyof typeof NO_SPACE_PERMISSION>) => ({
  ...NO_SPACE_PERMISSION,
  ...Object.fromEntries(granted.map((p) => [p, true])),
});

describe('the permissions object of a Space', () => {
  it('differs by role: admin, editor, reader', async () => {
    const { id } = await insertSpace(server, org.organization.id);
    const editor = await addMember(server, org.organization.id, 'edit');
    const reader = await addMember(server, org.organization.id, 'read');
    const admin = await getSpace(org.admin, id);
    expect(admin.status).toBe(200);
    expect(admin.body.permissions).toEqual(spacePermissionsOf(Object.keys(NO_SPACE_PERMISSION) as never));
    expect((await getSpace(editor, id)).body.permissions).toEqual(
      spacePermissionsOf(['view', 'access', 'comment', 'edit', 'triggerGitSync']),
    );
    expect((await getSpace(reader, id)).body.permissions).toEqual(spacePermissionsOf(['view', 'access']));
  });

  it('a reviewer grant on a guest', async () => {
    const { id } = await insertSpace(server, org.organization.id);
    const guest = await addMember(server, org.organization.id, null);
    expect((await getSpace(guest, id)).status).toBe(404);
    await grant(server, org, space(id), { role: 'review', users: [guest.user.id] });
    const response = await getSpace(guest, id);
    expect(response.status).toBe(200);
    expect(response.body.permissions).toEqual(
      spacePermissionsOf(['view', 'access', 'comment', 'edit', 'triggerGitSync', 'review', 'merge']),
    );
  });
});

describe('the permissions object of a Collection', () => {
  it('differs by role: admin, creator, reader', async () => {
    const { id } = await insertCollection(server, org.organization.id);
    const creator = await addMember(server, org.organization.id, 'create');
    const reader = await addMember(server, org.organization.id, 'read');
    const admin = await getCollection(org.admin, id);
    expect(admin.status).toBe(200);
    expect(admin.body.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });
    expect((await getCollection(creator, id)).body.permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: true,
    });
    expect((await getCollection(reader, id)).body.permissions).toEqual({
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
    reader = await addMember(server, org.organization.id, 'read');
    editor = await addMember(server, org.organization.id, 'edit');
  });

  it("a space inherits its collection's level, through several inheriting levels", async () => {
    const top = await insertCollection(server, org.organization.id, { defaultLevel: 'edit' });
    const middle = await insertCollection(server, org.organization.id, { parentId: top.id });
    const inner = await insertSpace(server, org.organization.id, { parentId: middle.id });
    expect((await getSpace(reader, inner.id)).body.permissions.edit).toBe(true);
    expect((await getCollection(reader, middle.id)).body.permissions.view).toBe(true);
  });

  it('a null level up the chain hides inheriting spaces from members, not from admins', async () => {
    const top = await insertCollection(server, org.organization.id, { defaultLevel: null });
    const inner = await insertSpace(server, org.organization.id, { parentId: top.id });
    expect((await getSpace(editor, inner.id)).status).toBe(404);
    expect((await getCollection(editor, top.id)).status).toBe(404);
    expect((await getSpace(org.admin, inner.id)).body.permissions.admin).toBe(true);
  });

  it("a space's own level wins over its collection's", async () => {
    const top = await insertCollection(server, org.organization.id, { defaultLevel: null });
    const open = await insertSpace(server, org.organization.id, {
      parentId: top.id,
      defaultLevel: 'comment',
    });
    const response = await getSpace(reader, open.id);
    expect(response.status).toBe(200);
    expect(response.body.permissions).toMatchObject({ comment: true, edit: false });
    // A level set on the space replaces the organization role, lower too.
    const closed = await insertSpace(server, org.organization.id, { defaultLevel: 'read' });
    expect((await getSpace(editor, closed.id)).body.permissions).toMatchObject({ view: true, edit: false });
  });

  it('the default level never reaches guests', async () => {
    const guest = await addMember(server, org.organization.id, null);
    const top = await insertCollection(server, org.organization.id, { defaultLevel: 'edit' });
    const inner = await insertSpace(server, org.organization.id, { parentId: top.id });
    expect((await getSpace(guest, inner.id)).status).toBe(404);
  });
});

describe('grants on collections reach their spaces', () => {
  it('a user grant three collections up reaches the space (and the collections between)', async () => {
    const { collections, space: inner } = await insertNestedSpace(server, org.organization.id, 3);
    const guest = await addMember(server, org.organization.id, null);
    const someone = await addMember(server, org.organization.id, null);
    const [top, middle] = collections;
    expect(await viewStatus(server, guest, space(inner.id))).toBe(404);
    await grant(server, org, collection(top!.id), { role: 'admin', users: [guest.user.id] });
    expect(await viewStatus(server, guest, space(inner.id))).toBe(200);
    expect(await viewStatus(server, guest, collection(middle!.id))).toBe(200);
    expect(await adminStatus(server, guest, space(inner.id), someone)).toBe(204);
    expect((await getSpace(guest, inner.id)).body.permissions.admin).toBe(true);
  });

  it('a grant does not lower a member below the default level', async () => {
    const { collections, space: inner } = await insertNestedSpace(server, org.organization.id, 2);
    const editor = await addMember(server, org.organization.id, 'edit');
    await grant(server, org, collection(collections[0]!.id), { role: 'read', users: [editor.user.id] });
    expect((await getSpace(editor, inner.id)).body.permissions.edit).toBe(true);
  });

  it('a grant on a space does not reach its collection', async () => {
    const { collections, space: inner } = await insertNestedSpace(server, org.organization.id, 1);
    const guest = await addMember(server, org.organization.id, null);
    await grant(server, org, space(inner.id), { role: 'admin', users: [guest.user.id] });
    expect(await viewStatus(server, guest, space(inner.id))).toBe(200);
    expect(await viewStatus(server, guest, collection(collections[0]!.id))).toBe(404);
  });

  it('the strongest grant along the chain applies', async () => {
    const { collections, space: inner } = await insertNestedSpace(server, org.organization.id, 2);
    const guest = await addMember(server, org.organization.id, null);
    await grant(server, org, space(inner.id), { role: 'read', users: [guest.user.id] });
    await grant(server, org, collection(collections[0]!.id), { role: 'edit', users: [guest.user.id] });
    expect((await getSpace(guest, inner.id)).body.permissions).toMatchObject({ edit: true, review: false });
  });
});

describe('team grants', () => {
  it("a team's grant on a collection reaches its members on nested spaces, and leaves with them", async () => {
    const { collections, space: inner } = await insertNestedSpace(server, org.organization.id, 2);
    const guest = await addMember(server, org.organization.id, null);
    const outsiderOfTeam = await addMember(server, org.organization.id, null);
    const team = await createTeam(server, org, { title: 'Docs' });
    await putTeamMember(server, org, team.id, guest, 'member');
    await grant(server, org, collection(collections[0]!.id), { role: 'comment', teams: [team.id] });

    const response = await getSpace(guest, inner.id);
    expect(response.status).toBe(200);
    expect(response.body.permissions).toMatchObject({ view: true, comment: true, edit: false, admin: false });
    expect((await getSpace(outsiderOfTeam, inner.id)).status).toBe(404);
    expect(await adminStatus(server, guest, space(inner.id), outsiderOfTeam)).toBe(403);

    const removed = await server.api(
      `/v1/orgs/${org.organization.id}/teams/${team.id}/members/${guest.user.id}`,
      {
        method: 'DELETE',
        token: org.admin.token,
      },
    );
    expect(removed.status).toBe(204);
    expect((await getSpace(guest, inner.id)).status).toBe(404);
  });
});

describe('other organizations', () => {
  it('a member of another organization gets a 404 on a space, its collection and their grants, even an org admin', async () => {
    const { collections, space: inner } = await insertNestedSpace(server, org.organization.id, 1);
    const stranger = (await createOrganization(server)).admin;
    expect((await getSpace(stranger, inner.id)).status).toBe(404);
    expect((await getCollection(stranger, collections[0]!.id)).status).toBe(404);
    expect(await viewStatus(server, stranger, space(inner.id))).toBe(404);
    expect(await viewStatus(server, stranger, collection(collections[0]!.id))).toBe(404);
  });

  it('a member who leaves the organization loses their grants', async () => {
    const target = await insertSpace(server, org.organization.id);
    const guest = await addMember(server, org.organization.id, null);
    await grant(server, org, space(target.id), { role: 'edit', users: [guest.user.id] });
    expect((await getSpace(guest, target.id)).status).toBe(200);
    const left = await server.api(`/v1/orgs/${org.organization.id}/members/${guest.user.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(left.status).toBe(204);
    expect((await getSpace(guest, target.id)).status).toBe(404);
    const users = await server.api(`/v1/spaces/${target.id}/permissions/users`, { token: org.admin.token });
    expect(users.body.items).toEqual([]);
  });
});
