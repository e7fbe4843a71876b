/**
 * Joining an organization through an invite link from the web app (`session.join`): a new
 * address is mailed an invitation with the link's role (through a real SMTP server on
 * loopback), whose acceptance makes the user, the member and a session; an existing account
 * needs its own password, and gets the one answer of every wrong password otherwise.
 */
import { operations, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { linkIn, SmtpMailbox } from '../support/smtp-mailbox';
import { startTestServer, type TestServer } from '../support/test-server';
import { TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let mailbox: SmtpMailbox;
beforeAll(async () => {
  mailbox = await SmtpMailbox.start();
  server = await startTestServer({
    QUIRE_TRUST_PROXY: 'true',
    QUIRE_SMTP_URL: mailbox.url,
    QUIRE_MAIL_FROM: 'Quire <docs@quire.example>',
  });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

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
  it('mails a new address an invitation with the link role, making no one until it is accepted', async () => {
    const { org, invite } = await inviteLink('edit');
    const browser = new TestBrowser(server);
    const joined = await browser.mutate('session.join', {
      invite,
      displayName: '  Grace Hopper ',
      email: 'Grace@Example.test',
      password: PASSWORD,
    });
    expect(joined.status).toBe(200);
    expect(joined.data).toEqual({ mailedTo: 'grace@example.test', organizationId: org.organization.id });
    // Nobody is made, nobody is signed in: the address is not shown to be theirs yet.
    expect(await server.services.repos.users.findByEmail('grace@example.test')).toBeNull();
    expect(browser.cookie).toBeUndefined();
    const invitation = await server.services.repos.invitations.findByEmail(
      org.organization.id,
      'grace@example.test',
    );
    expect(invitation).toMatchObject({ role: 'edit', sso: false, invitedBy: org.admin.user.id });

    // The address's owner opens the mail's link, chooses a name and a password, and is in.
    const mail = await mailbox.next('grace@example.test');
    const token = linkIn(mail, 'invite').pathname.split('/').at(-1)!;
    const owner = new TestBrowser(server);
    const accepted = await owner.mutate('session.acceptInvitation', {
      token,
      displayName: 'Grace Hopper',
      password: PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const user = await server.services.repos.users.findByEmail('grace@example.test');
    expect(await memberOf(org.organization.id, user!.id)).toMatchObject({ role: 'edit', disabled: false });
    const orgs = await owner.request('/v1/orgs');
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toEqual([org.organization.id]);
  });

  it('refuses a new address on an instance that sends no mail, making nothing', async () => {
    const quiet = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
    try {
      const org = await createOrganization(quiet);
      const organizationId = org.organization.id;
      await quiet.callOperation(operations.orgs.update, org.admin, { organizationId, inviteLinks: true });
      const link = await quiet.callOperation(operations.orgs.inviteLinks.create, org.admin, {
        organizationId,
        role: 'read',
      });
      const refused = await new TestBrowser(quiet).mutate('session.join', {
        invite: new URL(link.urls.app).pathname.split('/').at(-1),
        displayName: 'Nomail',
        email: 'nomail@example.test',
        password: PASSWORD,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/^This instance sends no mail/);
      expect(
        await quiet.services.repos.invitations.findByEmail(organizationId, 'nomail@example.test'),
      ).toBeNull();
      expect(await quiet.services.repos.users.findByEmail('nomail@example.test')).toBeNull();
    } finally {
      await quiet.close();
    }
  });

  it("leaves an address's pending invitation as it is, and limits the mails an address is sent", async () => {
    const { org, invite } = await inviteLink('read');
    const organizationId = org.organization.id;
    // An admin invited the address as an admin: a link's join changes neither its role nor its link.
    const invited = await server.callOperation(operations.orgs.invite, org.admin, {
      organizationId,
      emails: [{ email: 'ceo@example.test', role: 'admin' }],
    });
    const before = await server.services.repos.invitations.findByEmail(organizationId, 'ceo@example.test');
    const join = () =>
      new TestBrowser(server).mutate('session.join', {
        invite,
        displayName: 'Not The CEO',
        email: 'ceo@example.test',
        password: PASSWORD,
      });
    expect((await join()).data).toEqual({ mailedTo: 'ceo@example.test', organizationId });
    expect(await server.services.repos.invitations.findByEmail(organizationId, 'ceo@example.test')).toEqual(
      before,
    );
    expect(invited.invited).toBe(1);
    // Three joins of one address an hour (one made above); the fourth is refused, mailing nothing.
    await join();
    await join();
    const refused = await join();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many invitations asked for through invite links/);
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
