/**
 * `GET /v1/users/{userId}` (where every User's `urls.location` points): the caller, the
 * people they may see in an organization they share (`policies/people-in-sight.ts`: every
 * member for a member, the people of what was shared with them for a guest) and, for
 * instance administrators, everyone; the email only for those who may list the members of a
 * shared organization. Anyone else gets the answer an unknown id gets. The same on REST,
 * tRPC and GraphQL.
 */
import { addOrganizationMember } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { callFace, findRoute } from '../support/faces/call-faces';
import { describeResponse, FACES, type Face } from '../support/faces/face-call';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getUser = (userId: string, token?: string) =>
  server.api(`/v1/users/${userId}`, { token: token ?? null });
const trpcGet = (path: string, input: unknown, token: string) =>
  server.api(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token });
const graphql = (query: string, token: string, variables?: Record<string, unknown>) =>
  server.api('/graphql', { method: 'POST', body: { query, variables }, token });

/** A space of `org` shared with `guest` (a read grant): what makes the people viewing it the guest's to see. */
async function shareSpaceWith(org: TestOrganization, guestId: string) {
  const space = await createSpace(server, org);
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [guestId] });
  return space;
}

describe('GET /v1/users/{userId}', () => {
  it('returns the caller as GET /v1/user does, email included', async () => {
    const { user, token } = await createUser(server, { displayName: 'Grace Hopper' });
    const response = await getUser(user.id, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual((await server.api('/v1/user', { token })).body);
    expect(response.body).toMatchObject({ displayName: 'Grace Hopper', email: user.email });
    expect(response.body.urls.location).toBe(`http://quire.test/v1/users/${user.id}`);
  });

  it('shows a member of a shared organization to a member, with the email', async () => {
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const response = await getUser(admin.user.id, reader.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: 'user',
      id: admin.user.id,
      displayName: admin.user.displayName,
      email: admin.user.email,
      urls: { location: `http://quire.test/v1/users/${admin.user.id}` },
    });
    // Guests are people one works with too: a member sees them whole.
    const guest = await addMember(server, organization.id, null);
    expect((await getUser(guest.user.id, reader.token)).body.email).toBe(guest.user.email);
  });

  it('shows members to a guest without their email (guests may not list the members)', async () => {
    const org = await createOrganization(server);
    const { organization, admin } = org;
    const guest = await addMember(server, organization.id, null);
    await shareSpaceWith(org, guest.user.id);
    const response = await getUser(admin.user.id, guest.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: admin.user.id, displayName: admin.user.displayName });
    expect(response.body).not.toHaveProperty('email');
  });

  it('shows the email when any shared organization lets the caller list its members', async () => {
    const firstOrg = await createOrganization(server);
    const { organization: first, admin } = firstOrg;
    const guest = await addMember(server, first.id, null);
    await shareSpaceWith(firstOrg, guest.user.id);
    const second = await createOrganization(server, { owner: { user: admin.user, token: admin.token } });
    expect((await getUser(admin.user.id, guest.token)).body).not.toHaveProperty('email');
    await addOrganizationMember(server.services, {
      organizationId: second.organization.id,
      user: guest.user,
      role: 'read',
    });
    expect((await getUser(admin.user.id, guest.token)).body.email).toBe(admin.user.email);
  });

  it('hides a user of another organization exactly as an unknown id', async () => {
    const { admin } = await createOrganization(server);
    const stranger = (await createOrganization(server)).admin;
    const hidden = await getUser(admin.user.id, stranger.token);
    const unknown = await getUser('no-such-user', stranger.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
    expect(hidden.body).toEqual({ error: { code: 404, message: expect.any(String), type: 'not_found' } });
  });

  it('hides everyone from a disabled member, and still shows a disabled member', async () => {
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    await server.services.repos.members.update(organization.id, reader.user.id, { disabled: true });
    expect((await getUser(admin.user.id, reader.token)).status).toBe(404);
    // The organization's members list shows a disabled member; so does this.
    const response = await getUser(reader.user.id, admin.token);
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(reader.user.email);
  });

  it('shows every user to an instance administrator, who belongs to no organization', async () => {
    const { admin } = await createOrganization(server);
    const instanceAdmin = await createUser(server, { isInstanceAdmin: true });
    const response = await getUser(admin.user.id, instanceAdmin.token);
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(admin.user.email);
  });

  it("finds the shared organization among the caller's others", async () => {
    const caller = await createUser(server);
    const lonely = await Promise.all(
      Array.from({ length: 3 }, () => createOrganization(server, { owner: caller })),
    );
    expect(lonely).toHaveLength(3);
    const org = await createOrganization(server);
    const { organization, admin } = org;
    await addOrganizationMember(server.services, {
      organizationId: organization.id,
      user: caller.user,
      role: null,
    });
    await shareSpaceWith(org, caller.user.id);
    // The shared organization is the caller's newest: the last one their memberships list.
    const memberships = await server.services.repos.members.listMembershipsOfUser(caller.user.id, {
      limit: 10,
    });
    expect(memberships.items.at(-1)?.organizationId).toBe(organization.id);
    expect((await getUser(admin.user.id, caller.token)).status).toBe(200);
  });
});

describe('users.get for a guest: only the people of what was shared with them', () => {
  const found = findRoute('GET /v1/users/:userId');
  if (!found) throw new Error('no route GET /v1/users/:userId');
  const route = found;

  /**
   * A guest of space A (restricted: its default level gives members nothing), a reader who
   * may view A through a grant, and a reader who may not view it.
   */
  async function guestOfSpaceA() {
    const org = await createOrganization(server);
    const organizationId = org.organization.id;
    const guest = await addMember(server, organizationId, null, { displayName: 'Gus Guest' });
    const colleague = await addMember(server, organizationId, 'read', { displayName: 'Cora Colleague' });
    const unseen = await addMember(server, organizationId, 'read', { displayName: 'Una Unseen' });
    const spaceA = await createSpace(server, org, { defaultLevel: null });
    await grant(server, org, { kind: 'space', id: spaceA.id }, { role: 'read', users: [guest.user.id] });
    await grant(server, org, { kind: 'space', id: spaceA.id }, { role: 'read', users: [colleague.user.id] });
    return { org, guest, colleague, unseen };
  }

  /**
   * What `face` shows the caller of a user: the status it means (`callFace`), and the user's
   * id, name and email (null: not shown), asked for by name on GraphQL.
   */
  async function userOn(face: Face, userId: string, token: string) {
    const response = await callFace(server, face, { route, input: { userId }, token });
    if (face !== 'graphql' || response.status !== 200) return response;
    const query = 'query($id: String!) { usersGet(userId: $id) { id: entityId displayName email } }';
    const named = await graphql(query, token, { id: userId });
    return { ...response, data: named.body.data.usersGet };
  }

  for (const face of FACES) {
    it(`shows a viewer of space A, 404s a member who may not view it, the guest themselves whole (${face})`, async () => {
      const { guest, colleague, unseen } = await guestOfSpaceA();
      const ask = (userId: string) => userOn(face, userId, guest.token);

      const seen = await ask(colleague.user.id);
      expect(seen.status, describeResponse(seen)).toBe(200);
      expect(seen.data).toMatchObject({ id: colleague.user.id, displayName: 'Cora Colleague' });
      expect(JSON.stringify(seen.data)).not.toContain(colleague.user.email);

      const hidden = await ask(unseen.user.id);
      const unknown = await ask('no-such-user');
      expect(hidden.status, describeResponse(hidden)).toBe(404);
      expect(hidden.error).toEqual(unknown.error);
      expect(JSON.stringify(hidden.body)).not.toContain('Una Unseen');

      const self = await ask(guest.user.id);
      expect(self.status, describeResponse(self)).toBe(200);
      expect(self.data).toMatchObject({
        id: guest.user.id,
        displayName: 'Gus Guest',
        email: guest.user.email,
      });
    });
  }

  it('still shows the whole organization to its members', async () => {
    const { org, unseen } = await guestOfSpaceA();
    const member = await addMember(server, org.organization.id, 'read');
    const response = await getUser(unseen.user.id, member.token);
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(unseen.user.email);
  });

  it('shows the viewers of a space below a collection shared with the guest, and no other', async () => {
    const org = await createOrganization(server);
    const organizationId = org.organization.id;
    const guest = await addMember(server, organizationId, null);
    const inner = await addMember(server, organizationId, 'read');
    const unseen = await addMember(server, organizationId, 'read');
    const shared = await createCollection(server, org, { defaultLevel: null });
    const below = await createSpace(server, org, { parent: shared.id });
    await grant(server, org, { kind: 'collection', id: shared.id }, { role: 'read', users: [guest.user.id] });
    // `inner` may view the space below, not the collection itself.
    await grant(server, org, { kind: 'space', id: below.id }, { role: 'read', users: [inner.user.id] });
    expect((await getUser(inner.user.id, guest.token)).status).toBe(200);
    expect((await getUser(unseen.user.id, guest.token)).status).toBe(404);
  });

  it("shows a guest the people of their teams, as the team's member list does", async () => {
    const org = await createOrganization(server);
    const organizationId = org.organization.id;
    const guest = await addMember(server, organizationId, null);
    const teammate = await addMember(server, organizationId, 'read');
    const other = await addMember(server, organizationId, 'read');
    expect((await getUser(teammate.user.id, guest.token)).status).toBe(404);
    await createTeam(server, org, { title: 'Crew', members: [guest.user.id, teammate.user.id] });
    expect((await getUser(teammate.user.id, guest.token)).status).toBe(200);
    expect((await getUser(other.user.id, guest.token)).status).toBe(404);
  });

  it('hides a disabled member from a guest who shares a space with them', async () => {
    const { org, guest, colleague } = await guestOfSpaceA();
    await server.services.repos.members.update(org.organization.id, colleague.user.id, { disabled: true });
    expect((await getUser(colleague.user.id, guest.token)).status).toBe(404);
  });
});

describe('users.get on tRPC and GraphQL', () => {
  it('answers as REST does, and hides the same users', async () => {
    const org = await createOrganization(server);
    const { organization, admin } = org;
    const guest = await addMember(server, organization.id, null);
    await shareSpaceWith(org, guest.user.id);
    const stranger = (await createOrganization(server)).admin;
    const rest = await getUser(admin.user.id, guest.token);

    const trpc = await trpcGet('users.get', { userId: admin.user.id }, guest.token);
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);
    const refused = await trpcGet('users.get', { userId: admin.user.id }, stranger.token);
    expect(refused.status).toBe(404);

    const query =
      'query($id: String!) { usersGet(userId: $id) { entityId displayName email urls { location } } }';
    const gql = await graphql(query, guest.token, { id: admin.user.id });
    expect(gql.body.data.usersGet).toEqual({
      entityId: admin.user.id,
      displayName: admin.user.displayName,
      email: null,
      urls: rest.body.urls,
    });
    const hidden = await graphql(query, stranger.token, { id: admin.user.id });
    expect(hidden.body.errors[0].extensions).toMatchObject({ code: 'not_found', httpStatus: 404 });
  });

  it('is a Relay node: node(id:) loads a User through the same rule', async () => {
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const stranger = (await createOrganization(server)).admin;
    const found = await graphql('query($id: String!) { usersGet(userId: $id) { id } }', reader.token, {
      id: admin.user.id,
    });
    const globalId = found.body.data.usersGet.id;
    const node = 'query($id: ID!) { node(id: $id) { __typename ... on User { entityId email } } }';
    const seen = await graphql(node, reader.token, { id: globalId });
    expect(seen.body.data.node).toEqual({
      __typename: 'User',
      entityId: admin.user.id,
      email: admin.user.email,
    });
    const hidden = await graphql(node, stranger.token, { id: globalId });
    expect(hidden.body.data.node).toBeNull();
    // AdminUser resources also say `object: "user"`: each node still resolves to its own type.
    const operator = await createUser(server, { isInstanceAdmin: true });
    const asAdmin = await graphql(
      'query($id: String!) { adminUsersGet(userId: $id) { id } }',
      operator.token,
      { id: admin.user.id },
    );
    const adminNode = await graphql(
      'query($id: ID!) { node(id: $id) { __typename ... on AdminUser { entityId isInstanceAdmin } } }',
      operator.token,
      { id: asAdmin.body.data.adminUsersGet.id },
    );
    expect(adminNode.body.data.node).toEqual({
      __typename: 'AdminUser',
      entityId: admin.user.id,
      isInstanceAdmin: false,
    });
  });
});
