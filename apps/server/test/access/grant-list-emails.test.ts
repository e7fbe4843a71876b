/**
 * Who sees whose email in the lists of grants: members who may list the organization's
 * members see them; a guest who holds a grant sees names and pictures only, as on
 * `GET /v1/users/{userId}` (the members list is where emails are, and guests may not read it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { grant, insertSpace, permissionsPath } from './content-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET .../permissions/users', () => {
  it('shows emails to members and hides them from a guest holding a grant', async () => {
    const org = await createOrganization(server);
    const reader = await addMember(server, org.organization.id, 'read');
    const guest = await addMember(server, org.organization.id, null);
    const space = await insertSpace(server, org.organization.id);
    const target = { kind: 'space' as const, id: space.id };
    await grant(server, org, target, { role: 'comment', users: [guest.user.id, reader.user.id] });

    const asReader = await server.api(`${permissionsPath(target)}/users`, { token: reader.token });
    expect(asReader.status).toBe(200);
    expect(asReader.body.items.map((item: { user: { email?: string } }) => item.user.email).sort()).toEqual(
      [guest.user.email, reader.user.email].sort(),
    );

    const asGuest = await server.api(`${permissionsPath(target)}/users`, { token: guest.token });
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.items).toHaveLength(2);
    for (const item of asGuest.body.items) {
      expect(item.user.email).toBeUndefined();
      expect(item.user.displayName).toEqual(expect.any(String));
    }
  });
});
