/**
 * OpenID Connect: providers configured through real HTTP (`ORG/oidc`), and sign-ins through a
 * real OpenID provider on loopback (`oidc-provider`), following every redirect between the
 * browser, Quire and the provider: authorization code with PKCE, just-in-time provisioning,
 * and the answers that must not sign anyone in (a forged state, a forged or missing nonce, a
 * replayed callback, a reused code, a provider claiming another issuer, an unverified email,
 * a provider on an address the instance does not allow). One server and one provider.
 */
import { addOrganizationMember, oidcAuthority, SSO_ACCOUNT_BEYOND_ORGANIZATION } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { TEST_URLS } from '../support/test-domain';
import { startTestServer, type TestServer } from '../support/test-server';
import { RedirectBrowser } from './redirect-browser';
import { startTestOpenIdProvider, type TestOpenIdProvider } from './test-openid-provider';

const CLIENT_SECRET = 'the-client-secret-of-quire-0123456789';

let server: TestServer;
let op: TestOpenIdProvider;
let org: TestOrganization;
let teamId: string;
// biome-ignore lint/suspicious/noExplicitAny: presented providers are read freely
let provider: any;
// biome-ignore lint/suspicious/noExplicitAny: presented providers are read freely
let evilIssuer: any;

const providersPath = (organizationId: string) => `/v1/orgs/${organizationId}/oidc`;

beforeAll(async () => {
  op = await startTestOpenIdProvider({
    alice: { email: 'alice@corp.test', email_verified: true, name: 'Alice Liddell' },
    member: { email: 'member@corp.test', email_verified: true, name: 'Already Member' },
    unverified: { email: 'mallory@corp.test', email_verified: false, name: 'Mallory' },
    root: { email: 'root@corp.test', email_verified: true, name: 'Instance Admin' },
  });
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  org = await createOrganization(server);
  teamId = (await createTeam(server, org, { title: 'Everyone' })).id;
  const create = (body: Record<string, unknown>) =>
    server.api(providersPath(org.organization.id), { method: 'POST', token: org.admin.token, body });
  provider = (
    await create({
      label: 'Corp',
      issuer: op.issuer,
      clientId: 'quire',
      clientSecret: CLIENT_SECRET,
      defaultRole: 'edit',
      defaultTeam: teamId,
    })
  ).body;
  evilIssuer = (
    await create({
      label: 'Evil',
      issuer: `${op.issuer}/evil`,
      clientId: 'quire',
      clientSecret: CLIENT_SECRET,
    })
  ).body;
  op.configure([
    { client_id: 'quire', client_secret: CLIENT_SECRET, redirect_uris: [provider.service.redirectURL] },
  ]);
});
afterAll(async () => {
  await server?.close();
  await op?.close();
});

/** A fresh browser starting a sign-in as `account`, stopped before it comes back to Quire. */
async function callbackOf(account: string, tamper: (authorization: URL) => void = () => {}) {
  op.nextAccount = account;
  const browser = new RedirectBrowser(server.url);
  const toProvider = await browser.follow(provider.service.startURL, (url) => url.origin === op.issuer);
  tamper(toProvider.url);
  const back = await browser.follow(toProvider.url, (url) => url.pathname.endsWith('/callback'));
  expect(back.url.href.startsWith(provider.service.redirectURL)).toBe(true);
  return { browser, callback: back.url };
}

const userByEmail = (email: string) => server.services.repos.users.findByEmail(email);

describe('OpenID Connect providers (ORG/oidc)', () => {
  it('creates a provider whose secret is sealed: never returned, never stored as sent', async () => {
    expect(provider).toMatchObject({
      object: 'oidc-provider',
      label: 'Corp',
      issuer: op.issuer,
      clientId: 'quire',
      hasClientSecret: true,
      scopes: ['openid', 'email', 'profile'],
      defaultRole: 'edit',
      defaultTeam: { id: teamId },
      status: 'active',
      service: {
        redirectURL: `${TEST_URLS.api}/oidc/${provider.id}/callback`,
        startURL: `${TEST_URLS.api}/oidc/${provider.id}/start`,
      },
      urls: { location: `${TEST_URLS.api}${providersPath(org.organization.id)}/${provider.id}` },
    });
    const listed = await server.api(providersPath(org.organization.id), { token: org.admin.token });
    expect(listed.body.count).toBe(2);
    expect(JSON.stringify(listed.body)).not.toContain(CLIENT_SECRET);
    const stored = await server.services.repos.oidcProviders.findById(org.organization.id, provider.id);
    expect(JSON.stringify(stored)).not.toContain(CLIENT_SECRET);
    expect(server.services.secrets.unseal(stored!.sealedClientSecret!)).toBe(CLIENT_SECRET);
  });

  it('is pending until issuer, client id and secret are set; updates, then deletes', async () => {
    const path = providersPath(org.organization.id);
    const created = await server.api(path, {
      method: 'POST',
      token: org.admin.token,
      body: { label: 'Later' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      hasClientSecret: false,
      issuer: '',
      clientId: '',
    });
    const at = `${path}/${created.body.id}`;
    const updated = await server.api(at, {
      method: 'PATCH',
      token: org.admin.token,
      body: {
        issuer: 'https://idp.example.com',
        clientId: 'c',
        clientSecret: 's',
        scopes: ['openid', 'email'],
      },
    });
    expect(updated.body).toMatchObject({
      status: 'active',
      hasClientSecret: true,
      scopes: ['openid', 'email'],
    });
    expect((await server.api(at, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
    expectError(await server.api(at, { token: org.admin.token }), 404);
  });

  it('forgets the default team when the team is deleted', async () => {
    const doomed = await createTeam(server, org, { title: 'Doomed' });
    const created = await server.api(providersPath(org.organization.id), {
      method: 'POST',
      token: org.admin.token,
      body: { label: 'Team test', defaultTeam: doomed.id },
    });
    expect(created.body.defaultTeam).toMatchObject({ id: doomed.id });
    await server.api(`/v1/orgs/${org.organization.id}/teams/${doomed.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    const stored = await server.services.repos.oidcProviders.findById(org.organization.id, created.body.id);
    expect(stored?.defaultTeam).toBeUndefined();
    await server.api(`${providersPath(org.organization.id)}/${created.body.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
  });

  it('refuses bad fields with a 400 naming them, writing nothing', async () => {
    const path = providersPath(org.organization.id);
    const post = (body: Record<string, unknown>) =>
      server.api(path, { method: 'POST', token: org.admin.token, body: { label: 'Bad', ...body } });
    expectFieldError(await post({ issuer: 'javascript:alert(1)' }), 'issuer');
    expectFieldError(await post({ issuer: 'https://idp.example.com/?x=1' }), 'issuer');
    expectFieldError(await post({ issuer: 'https://user:pw@idp.example.com' }), 'issuer');
    expectFieldError(await post({ scopes: ['email'] }), 'scopes');
    expectFieldError(await post({ scopes: ['openid', 'a b'] }), 'scopes.1');
    expectFieldError(await post({ clientId: 'with space' }), 'clientId');
    expectFieldError(await post({ defaultTeam: 'no-such-team' }), 'defaultTeam');
    expectFieldError(await post({ clientSecret: 'x'.repeat(1025) }), 'clientSecret');
    const listed = await server.api(path, { token: org.admin.token });
    expect(listed.body.count).toBe(2);
  });
});

describe('signing in through an OpenID provider', () => {
  it('makes a first-time person a member with the default role and team, signed in where they started', async () => {
    op.nextAccount = 'alice';
    const browser = new RedirectBrowser(server.url);
    const landing = await browser.follow(
      `${provider.service.startURL}?returnTo=${encodeURIComponent('/o/x?tab=1')}`,
    );
    expect(landing.url.href).toBe(`${TEST_URLS.app}/o/x?tab=1`);
    const user = await userByEmail('alice@corp.test');
    expect(user).toMatchObject({ displayName: 'Alice Liddell' });
    const member = await server.services.repos.members.find(org.organization.id, user!.id);
    expect(member?.role).toBe('edit');
    const inTeam = await server.api(`/v1/orgs/${org.organization.id}/teams/${teamId}/members`, {
      token: org.admin.token,
    });
    expect(JSON.stringify(inTeam.body.items)).toContain(user!.id);
    // The session cookie signs the browser in.
    const me = await fetch(`${server.url}/v1/user`, {
      headers: { cookie: `quire_session=${browser.cookie('quire.test', 'quire_session')}` },
    });
    expect(((await me.json()) as { id: string }).id).toBe(user!.id);
  });

  it('signs an existing member in as that member', async () => {
    const existing = await addMember(server, org.organization.id, 'review', { email: 'member@corp.test' });
    const { browser, callback } = await callbackOf('member');
    const landing = await browser.follow(callback);
    expect(landing.url.href).toBe(`${TEST_URLS.app}/`);
    const member = await server.services.repos.members.find(org.organization.id, existing.user.id);
    expect(member?.role).toBe('review');
    // The session says which provider opened it (it reaches only the organizations trusting
    // that provider's authority: policies/session-reach.ts).
    const sessions = await server.services.repos.sessions.listByUser(
      existing.user.id,
      server.services.clock.now().toISOString(),
      {
        limit: 10,
      },
    );
    expect(sessions.items.map((session) => session.openedThrough)).toEqual([
      { organizationId: org.organization.id, authority: oidcAuthority(op.issuer) },
    ]);
  });

  it("refuses to sign in as an instance administrator who is a member: the organization's admins run its provider", async () => {
    const root = await createUser(server, { email: 'root@corp.test', isInstanceAdmin: true });
    await addOrganizationMember(server.services, {
      organizationId: org.organization.id,
      user: root.user,
      role: 'read',
    });
    const { browser, callback } = await callbackOf('root');
    const refused = await browser.follow(callback);
    expectError(refused, 403);
    expect(refused.body.error.message).toBe(SSO_ACCOUNT_BEYOND_ORGANIZATION);
    expect(browser.cookie('quire.test', 'quire_session')).toBeUndefined();
    expect(await server.services.repos.sessions.countByUser(root.user.id, new Date().toISOString())).toBe(0);
  });

  it('refuses a forged state, then a replayed callback, then a reused code', async () => {
    const { browser, callback } = await callbackOf('alice');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    expectError(await browser.follow(forged), 400);
    // A browser (which asks for HTML) is told why on a page, with the same status.
    const page = await fetch(`${server.url}${forged.pathname}${forged.search}`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Sign-in failed');
    expect((await browser.follow(callback)).url.origin).toBe(TEST_URLS.app);
    // The same callback again: its sign-in was taken.
    expectError(await browser.follow(callback), 400);
    // The used code with the state of a new sign-in: the provider refuses the code.
    const second = await callbackOf('alice');
    const reused = new URL(second.callback);
    reused.searchParams.set('code', callback.searchParams.get('code')!);
    const refused = await second.browser.follow(reused);
    expectError(refused, 401);
    expect(second.browser.cookie('quire.test', 'quire_session')).toBeUndefined();
  });

  it('refuses a callback opened in another browser (login CSRF), leaving the sign-in to its own', async () => {
    const { browser, callback } = await callbackOf('alice');
    const victim = new RedirectBrowser(server.url);
    const refused = await victim.follow(callback);
    expectError(refused, 400);
    expect(refused.body.error.message).toContain('another browser');
    expect(victim.cookie('quire.test', 'quire_session')).toBeUndefined();
    expect((await browser.follow(callback)).url.origin).toBe(TEST_URLS.app);
    expect(browser.cookie('quire.test', 'quire_oidc')).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one sent, or has none', async () => {
    for (const tamper of [
      (url: URL) => url.searchParams.set('nonce', 'a-nonce-of-the-attacker'),
      (url: URL) => url.searchParams.delete('nonce'),
    ]) {
      const { browser, callback } = await callbackOf('alice', tamper);
      const refused = await browser.follow(callback);
      expectError(refused, 401);
      expect(refused.body.error.message).toContain('nonce');
      expect(browser.cookie('quire.test', 'quire_session')).toBeUndefined();
    }
  });

  it('refuses an email the provider has not verified, making no one', async () => {
    const { browser, callback } = await callbackOf('unverified');
    const refused = await browser.follow(callback);
    expectError(refused, 403);
    expect(refused.body.error.message).toContain('not verified');
    expect(await userByEmail('mallory@corp.test')).toBeNull();
  });

  it('refuses a provider that claims another issuer, and one at an address the instance does not allow', async () => {
    const browser = new RedirectBrowser(server.url);
    const evil = await browser.follow(evilIssuer.service.startURL);
    expectError(evil, 502);
    const elsewhere = await server.api(providersPath(org.organization.id), {
      method: 'POST',
      token: org.admin.token,
      body: { label: 'Loopback', issuer: 'http://127.0.0.2:9', clientId: 'quire', clientSecret: 's' },
    });
    const refused = await browser.follow(elsewhere.body.service.startURL);
    expectError(refused, 502);
    expect(refused.body.error.message).toContain('private');
  });

  it('refuses a return path of another site, an unknown provider and a pending one', async () => {
    const browser = new RedirectBrowser(server.url);
    for (const returnTo of ['//evil.test/x', '/\\evil.test', 'https://evil.test/', '/\tx'])
      expectError(
        await browser.follow(`${provider.service.startURL}?returnTo=${encodeURIComponent(returnTo)}`),
        400,
      );
    expectError(await browser.follow(`${TEST_URLS.api}/oidc/no-such-provider/start`), 404);
    const pending = await server.api(providersPath(org.organization.id), {
      method: 'POST',
      token: org.admin.token,
      body: { label: 'Pending' },
    });
    expectError(await browser.follow(pending.body.service.startURL), 404);
  });
});
