/**
 * Joining an organization through an invite link from the web app (`session.join`): a new
 * person gets a user, a password, the link's role and a session; an existing account needs
 * its own password, and gets the one answer of every wrong password otherwise.
 */
import { operations, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

/** An organization whose admin made an invite link with the role; the link's token, from its URL. */
async function inviteLink(
  role: 'read' | 'edit' | null = 'edit',
): Promise<{ org: TestOrganization; invite: string }> {
  const org = await createOrganization(server);
  const organizationId = org.organization.id;
  await server.callOperation(operations.orgs.update, org.admin, { organizationId, inviteLinks: true });
  const link = await server.callOperation(operations.orgs.inviteLinks.create, org.admin, {
    organizationId,
    role,
  });
  const url = new URL(link.urls.app);
  expect(url.pathname).toMatch(new RegExp(`^/invite/${organizationId}/[\\w-]+$`));
  return { org, invite: url.pathname.split('/').at(-1)! };
}

const memberOf = (organizationId: string, userId: string) =>
  server.services.repos.members.find(organizationId, userId);

describe('joining through an invite link', () => {
  it('makes a new user with the password, a member with the link role, signed in', async () => {
    const { org, invite } = await inviteLink('edit');
    const browser = new TestBrowser(server);
    const joined = await browser.mutate('session.join', {
      invite,
      displayName: '  Grace Hopper ',
      email: 'Grace@Example.test',
      password: PASSWORD,
    });
    expect(joined.status).toBe(200);
    expect(joined.data).toEqual({
      user: expect.objectContaining({ displayName: 'Grace Hopper', email: 'grace@example.test' }),
      csrfToken: expect.any(String),
      organizationId: org.organization.id,
    });
    const { user } = joined.data as { user: { id: string } };
    expect(await memberOf(org.organization.id, user.id)).toMatchObject({ role: 'edit', disabled: false });
    // Signed in: the cookie works, and lands in the organization.
    const orgs = await browser.request('/v1/orgs');
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toEqual([org.organization.id]);
    // And the password signs in from another browser.
    expect((await new TestBrowser(server).signIn('grace@example.test', PASSWORD)).status).toBe(200);
  });

  it('lets an existing account join with its own password, keeping its name', async () => {
    const { org, invite } = await inviteLink(null);
    const person = await createUser(server, { displayName: 'Ada' });
    await setUserPassword(server.services, { userId: person.user.id, password: PASSWORD });
    const joined = await new TestBrowser(server).mutate('session.join', {
      invite,
      displayName: 'Someone Else',
      email: person.user.email,
      password: PASSWORD,
    });
    expect(joined.status).toBe(200);
    expect(joined.data).toMatchObject({ user: { id: person.user.id, displayName: 'Ada' } });
    expect(await memberOf(org.organization.id, person.user.id)).toMatchObject({ role: null });
  });

  it('refuses an existing account without its password, or without any, as a wrong password', async () => {
    const { org, invite } = await inviteLink('edit');
    const withPassword = await createUser(server);
    await setUserPassword(server.services, { userId: withPassword.user.id, password: PASSWORD });
    const withoutPassword = await createUser(server);
    for (const email of [withPassword.user.email, withoutPassword.user.email]) {
      const browser = new TestBrowser(server);
      const refused = await browser.mutate('session.join', {
        invite,
        displayName: 'Mallory',
        email,
        password: 'a guessed password',
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toBe('Wrong email or password');
      expect(browser.cookie).toBeUndefined();
    }
    expect(await memberOf(org.organization.id, withPassword.user.id)).toBeNull();
    expect(await memberOf(org.organization.id, withoutPassword.user.id)).toBeNull();
    // The account kept no password of Mallory's.
    const stolen = await new TestBrowser(server).signIn(withoutPassword.user.email, 'a guessed password');
    expect(stolen.status).toBe(401);
  });

  it('leaves a member as they are: role kept, a disabled member still disabled', async () => {
    const { org, invite } = await inviteLink('edit');
    const member = await addMember(server, org.organization.id, 'read');
    const disabled = await addMember(server, org.organization.id, 'read');
    // No operation disables a member yet: the repository does, as SCIM or an admin screen would.
    await server.services.repos.members.update(org.organization.id, disabled.user.id, { disabled: true });
    for (const person of [member, disabled]) {
      await setUserPassword(server.services, { userId: person.user.id, password: PASSWORD });
      const joined = await new TestBrowser(server).mutate('session.join', {
        invite,
        displayName: 'Member',
        email: person.user.email,
        password: PASSWORD,
      });
      expect(joined.status).toBe(200);
    }
    expect(await memberOf(org.organization.id, member.user.id)).toMatchObject({
      role: 'read',
      disabled: false,
    });
    expect(await memberOf(org.organization.id, disabled.user.id)).toMatchObject({
      role: 'read',
      disabled: true,
    });
  });

  it('answers 404 for a link that is not there (wrong token, deleted link)', async () => {
    const { org, invite } = await inviteLink();
    const browser = new TestBrowser(server);
    const join = (token: string) =>
      browser.mutate('session.join', {
        invite: token,
        displayName: 'Nobody',
        email: 'no1@example.test',
        password: PASSWORD,
      });
    const unknown = await join('not-a-link');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Invite link not found');
    const [link] = (
      await server.callOperation(operations.orgs.inviteLinks.list, org.admin, {
        organizationId: org.organization.id,
      })
    ).items;
    await server.callOperation(operations.orgs.inviteLinks.remove, org.admin, {
      organizationId: org.organization.id,
      inviteId: link!.id,
    });
    expect((await join(invite)).status).toBe(404);
    expect(await server.services.repos.users.findByEmail('no1@example.test')).toBeNull();
  });

  it('answers 403 when the organization turned invite links off, making no user', async () => {
    const { org, invite } = await inviteLink();
    await server.callOperation(operations.orgs.update, org.admin, {
      organizationId: org.organization.id,
      inviteLinks: false,
    });
    const refused = await new TestBrowser(server).mutate('session.join', {
      invite,
      displayName: 'Late',
      email: 'late@example.test',
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.domainCode).toBe('forbidden');
    expect(await server.services.repos.users.findByEmail('late@example.test')).toBeNull();
  });

  it('refuses a short password, a bad email and a missing name with a 400 naming each', async () => {
    const { invite } = await inviteLink();
    const refused = await new TestBrowser(server).mutate('session.join', {
      invite,
      displayName: '',
      email: 'nope',
      password: 'short',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
      'displayName',
      'email',
      'password',
    ]);
  });
});
