/**
 * `PATCH /v1/users/{userId}` (GitBook's `updateUserById`): a person changes their own name and
 * picture, an instance administrator anyone's; the copies memberships keep of the user follow
 * at once (member lists and their search). Bad fields are a 400 naming them, nothing written.
 * The same on REST, tRPC and GraphQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/expectations';
import { addMember, createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const patchUser = (userId: string, body: unknown, token: string) =>
  server.api(`/v1/users/${userId}`, { method: 'PATCH', body, token });
const userRecord = (userId: string) => server.services.repos.users.findById(userId);

describe('PATCH /v1/users/{userId}', () => {
  it("changes one's own name and picture, and the organization's member list follows", async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'edit', { displayName: 'Ada' });
    const changed = await patchUser(
      member.user.id,
      { displayName: '  Ada Lovelace ', photoURL: 'https://pictures.example/ada.png' },
      member.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      object: 'user',
      id: member.user.id,
      displayName: 'Ada Lovelace',
      email: member.user.email,
      photoURL: 'https://pictures.example/ada.png',
      urls: { location: `http://quire.test/v1/users/${member.user.id}` },
    });
    const found = await server.api(`/v1/orgs/${organization.id}/members?search=lovelace`, {
      token: admin.token,
    });
    expect(found.body.items.map((item: { user: { displayName: string } }) => item.user.displayName)).toEqual([
      'Ada Lovelace',
    ]);
    // null removes the picture.
    const removed = await patchUser(member.user.id, { photoURL: null }, member.token);
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty('photoURL');
    expect(await userRecord(member.user.id)).not.toHaveProperty('photoURL');
    const listed = await server.api(`/v1/orgs/${organization.id}/members/${member.user.id}`, {
      token: admin.token,
    });
    expect(listed.body.user).not.toHaveProperty('photoURL');
  });

  it('is the same on tRPC and GraphQL', async () => {
    const { user, token } = await createUser(server);
    const trpc = await server.api('/trpc/users.update', {
      method: 'POST',
      body: { userId: user.id, displayName: 'By tRPC' },
      token,
    });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toMatchObject({ id: user.id, displayName: 'By tRPC' });
    const graphql = await server.api('/graphql', {
      method: 'POST',
      body: {
        query:
          'mutation($userId: String!) { usersUpdate(userId: $userId, displayName: "By GraphQL") { id displayName } }',
        variables: { userId: user.id },
      },
      token,
    });
    expect(graphql.body).toEqual({
      data: { usersUpdate: { id: expect.any(String), displayName: 'By GraphQL' } },
    });
    expect((await userRecord(user.id))?.displayName).toBe('By GraphQL');
  });

  it("lets an instance administrator change anyone's; refuses the others, writing nothing", async () => {
    const { organization, admin } = await createOrganization(server);
    const member = await addMember(server, organization.id, 'read');
    const before = await userRecord(admin.user.id);
    // A member of the same organization sees the admin, may not change them: 403.
    expect((await patchUser(admin.user.id, { displayName: 'Taken Over' }, member.token)).status).toBe(403);
    // Someone who shares no organization finds nothing, as for an unknown id: 404.
    const stranger = await createUser(server);
    expect((await patchUser(admin.user.id, { displayName: 'Taken Over' }, stranger.token)).status).toBe(404);
    expect((await patchUser('nosuchuser', { displayName: 'Taken Over' }, stranger.token)).status).toBe(404);
    expect((await server.api(`/v1/users/${admin.user.id}`, { method: 'PATCH', body: {} })).status).toBe(401);
    expect(await userRecord(admin.user.id)).toEqual(before);

    const instanceAdmin = await createUser(server, { isInstanceAdmin: true });
    const renamed = await patchUser(
      admin.user.id,
      { displayName: 'Renamed By The Instance' },
      instanceAdmin.token,
    );
    expect(renamed.status).toBe(200);
    expect((await userRecord(admin.user.id))?.displayName).toBe('Renamed By The Instance');
  });

  it('refuses no field, a name too long or empty, and a picture that is no http(s) URL, naming each', async () => {
    const { user, token } = await createUser(server);
    const before = await userRecord(user.id);
    expectFieldError(await patchUser(user.id, {}, token), 'displayName');
    expectFieldError(await patchUser(user.id, { displayName: 'x'.repeat(65) }, token), 'displayName');
    expectFieldError(await patchUser(user.id, { displayName: '   ' }, token), 'displayName');
    expectFieldError(await patchUser(user.id, { photoURL: 'javascript:alert(1)' }, token), 'photoURL');
    expectFieldError(
      await patchUser(user.id, { photoURL: `https://a.example/${'x'.repeat(2048)}` }, token),
      'photoURL',
    );
    expectFieldError(await patchUser(user.id, { email: 'other@example.test' }, token), 'email');
    expect(await userRecord(user.id)).toEqual(before);
  });
});
