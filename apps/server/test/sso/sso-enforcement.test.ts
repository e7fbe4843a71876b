/**
 * SSO enforcement through real HTTP: a person held to single sign-on (a member of an
 * organization whose `sso` setting is on, or an SSO member through `POST ORG/members/{userId}/sso`)
 * is refused the web app's password and token sign-ins with a message the sign-in screen shows;
 * instance administrators are not held; API tokens keep working as bearer tokens.
 */
import { addOrganizationMember, operations, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../sessions/test-browser';
import { addMember, createOrganization, createUser, type TestMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

const PASSWORD = 'correct horse battery staple';
const SSO_REFUSAL = /^Single sign-on required: members of .+ sign in through its identity provider/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

async function withPassword(person: Pick<TestMember, 'user'>): Promise<void> {
  await setUserPassword(server.services, { userId: person.user.id, password: PASSWORD });
}

async function expectRefused(person: TestMember | { user: TestMember['user']; token: string }) {
  const browser = new TestBrowser(server);
  const byPassword = await browser.signIn(person.user.email, PASSWORD);
  expect(byPassword.status).toBe(403);
  expect(byPassword.body.error).toMatchObject({
    message: expect.stringMatching(SSO_REFUSAL),
    data: { code: 'FORBIDDEN', domainCode: 'forbidden' },
  });
  const byToken = await browser.mutate('session.signInWithToken', { token: person.token });
  expect(byToken.status).toBe(403);
  expect(byToken.body.error.message).toMatch(SSO_REFUSAL);
  // No session was given.
  expect(browser.cookie).toBeUndefined();
  expect((await browser.query('session.current')).data).toBeNull();
}

/** The guard is one for both credentials: the token (no password hashing) stands for both. */
async function expectSignsIn(person: { token: string }) {
  const browser = new TestBrowser(server);
  const signedIn = await browser.mutate('session.signInWithToken', { token: person.token });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(browser.cookie).toBeDefined();
}

/** An active SAML provider of the organization, signing with `certificate`. */
let providers = 0;
async function addSamlProvider(organizationId: string, certificate: string): Promise<void> {
  await server.services.repos.samlProviders.insert({
    id: `enforcing${++providers}`,
    organizationId,
    label: 'Corp',
    entityID: 'https://idp.corp.test/saml',
    certificate: `-----BEGIN CERTIFICATE-----\n${certificate}\n-----END CERTIFICATE-----`,
    ssoURL: 'https://idp.corp.test/sso',
    defaultRole: 'read',
    status: 'active',
    createdAt: new Date().toISOString(),
  });
}

describe('SSO enforcement of password and token sign-ins', () => {
  it("refuses the members of an organization whose sso setting is on, with the screen's message", async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'edit');
    await withPassword(member);
    await expectSignsIn(member);
    const patched = await server.api(`/v1/orgs/${org.organization.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { sso: true },
    });
    expect(patched.status).toBe(200);
    await expectRefused(member);
    // The API token still works as a bearer token on the API.
    expect((await server.api(`/v1/orgs/${org.organization.id}`, { token: member.token })).status).toBe(200);
  });

  it('refuses an SSO member (POST ORG/members/{userId}/sso) in an organization that does not enforce it', async () => {
    const org = await createOrganization(server);
    const member = await addMember(server, org.organization.id, 'read');
    await withPassword(member);
    const made = await server.api(`/v1/orgs/${org.organization.id}/members/${member.user.id}/sso`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ object: 'member', sso: true });
    await expectRefused(member);
  });

  it('lets instance administrators and people of other organizations in', async () => {
    const enforcing = await createOrganization(server);
    await server.services.repos.organizations.update(enforcing.organization.id, { sso: true });
    const administrator = await createUser(server, { isInstanceAdmin: true });
    await addOrganizationMember(server.services, {
      organizationId: enforcing.organization.id,
      user: administrator.user,
      role: 'admin',
      sso: true,
    });
    await expectSignsIn(administrator);

    const other = await createOrganization(server);
    const outsider = await addMember(server, other.organization.id, 'admin');
    await expectSignsIn(outsider);
  });

  it("holds a member of other organizations only when they trust the enforcing organization's provider", async () => {
    // Its provider could not sign them in otherwise (`provider-speaks-for.ts`): holding them
    // would leave them no way in.
    const enforcing = await createOrganization(server);
    await server.services.repos.organizations.update(enforcing.organization.id, { sso: true });
    await addSamlProvider(enforcing.organization.id, 'MIIBcorp');
    const elsewhere = await createOrganization(server);
    const person = await addMember(server, elsewhere.organization.id, 'edit');
    await addOrganizationMember(server.services, {
      organizationId: enforcing.organization.id,
      user: person.user,
      role: 'read',
    });
    await withPassword(person);
    await expectSignsIn(person);
    await addSamlProvider(elsewhere.organization.id, 'MIIBcorp');
    await expectRefused(person);
  });

  it('lets a disabled member of an enforcing organization in (that membership opens nothing)', async () => {
    const org = await createOrganization(server);
    await server.services.repos.organizations.update(org.organization.id, { sso: true });
    const member = await addMember(server, org.organization.id, 'read');
    await server.services.repos.members.update(org.organization.id, member.user.id, { disabled: true });
    await expectSignsIn(member);
  });

  it('refuses joining an enforcing organization through an invite link with a password, writing nothing', async () => {
    const org = await createOrganization(server);
    const organizationId = org.organization.id;
    await server.callOperation(operations.orgs.update, org.admin, {
      organizationId,
      inviteLinks: true,
      sso: true,
    });
    const link = await server.callOperation(operations.orgs.inviteLinks.create, org.admin, {
      organizationId,
      role: 'read',
    });
    const email = `joiner-${Date.now().toString(36)}@example.test`;
    const browser = new TestBrowser(server);
    const joined = await browser.mutate('session.join', {
      invite: new URL(link.urls.app).pathname.split('/').at(-1),
      displayName: 'Joiner',
      email,
      password: PASSWORD,
    });
    expect(joined.status).toBe(403);
    expect(joined.body.error.message).toMatch(
      /^Single sign-on required: people join .+ through its identity provider/,
    );
    expect(browser.cookie).toBeUndefined();
    expect(await server.services.repos.users.findByEmail(email)).toBeNull();
  });
});
