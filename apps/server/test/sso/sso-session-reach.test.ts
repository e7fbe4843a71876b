/**
 * SSO enforcement at access time, through real HTTP (`policies/session-reach.ts`): an
 * organization holding its people to single sign-on is reached by a browser session only when
 * one of its trusted identity providers opened it; otherwise 403 on REST, GraphQL and tRPC,
 * for that organization alone. Sign-ins through real OpenID providers on loopback (two, so
 * that there are two authorities), followed redirect by redirect.
 */
import { addOrganizationMember, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedirectBrowser } from '../oidc/redirect-browser';
import {
  startTestOpenIdProvider,
  type TestClient,
  type TestOpenIdProvider,
} from '../oidc/test-openid-provider';
import { TestBrowser } from '../sessions/test-browser';
import { createSite, sitePath } from '../sites/site-access-support';
import { createOrganization, createUser, type TestOrganization, type TestUser } from '../support/factories';
import { TEST_URLS } from '../support/test-domain';
import { startTestServer, type TestServer } from '../support/test-server';

const PASSWORD = 'correct horse battery staple';
const CLIENT_SECRET = 'the-client-secret-of-quire-0123456789';
const SSO_REQUIRED =
  /^Single sign-on required: .+ is reached only by signing in through its identity provider/;
const ANOTHER_PROVIDER =
  /^Session of another identity provider: .+ is not reached with a session opened through another organization's identity provider; sign in with your password/;

/** The people of the tests, as both providers know them (each test has its own). */
const ACCOUNTS = {
  dana: { email: 'dana@reach.test', email_verified: true, name: 'Dana' },
  erin: { email: 'erin@reach.test', email_verified: true, name: 'Erin' },
  fay: { email: 'fay@reach.test', email_verified: true, name: 'Fay' },
  gail: { email: 'gail@reach.test', email_verified: true, name: 'Gail' },
  hana: { email: 'hana@reach.test', email_verified: true, name: 'Hana' },
  ivan: { email: 'ivan@reach.test', email_verified: true, name: 'Ivan' },
  jill: { email: 'jill@reach.test', email_verified: true, name: 'Jill' },
  kim: { email: 'kim@reach.test', email_verified: true, name: 'Kim' },
  lou: { email: 'lou@reach.test', email_verified: true, name: 'Lou' },
  root: { email: 'root@reach.test', email_verified: true, name: 'Root' },
};
type Account = keyof typeof ACCOUNTS;

let server: TestServer;
/** Two identity providers: two authorities. */
let opA: TestOpenIdProvider;
let opB: TestOpenIdProvider;
const clients = new Map<TestOpenIdProvider, TestClient[]>();

beforeAll(async () => {
  opA = await startTestOpenIdProvider(ACCOUNTS);
  opB = await startTestOpenIdProvider(ACCOUNTS);
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1', QUIRE_TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
  await opA?.close();
  await opB?.close();
});

interface Provider {
  id: string;
  service: { startURL: string; redirectURL: string };
}

/** An active OpenID provider of the organization, at `op` (configured there as a client). */
async function addProvider(org: TestOrganization, op: TestOpenIdProvider): Promise<Provider> {
  const created = await server.api(`/v1/orgs/${org.organization.id}/oidc`, {
    method: 'POST',
    token: org.admin.token,
    body: { label: 'Corp', issuer: op.issuer, clientId: 'quire', clientSecret: CLIENT_SECRET },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const list = clients.get(op) ?? [];
  list.push({
    client_id: 'quire',
    client_secret: CLIENT_SECRET,
    redirect_uris: [created.body.service.redirectURL],
  });
  clients.set(op, list);
  op.configure([{ ...list[0]!, redirect_uris: list.flatMap((client) => client.redirect_uris) }]);
  return created.body;
}

async function enforcing(): Promise<TestOrganization> {
  const org = await createOrganization(server);
  await server.services.repos.organizations.update(org.organization.id, { sso: true });
  return org;
}

async function person(account: Account, options: { isInstanceAdmin?: boolean } = {}): Promise<TestUser> {
  const made = await createUser(server, { email: ACCOUNTS[account].email, ...options });
  await setUserPassword(server.services, { userId: made.user.id, password: PASSWORD });
  return made;
}

async function join(org: TestOrganization, who: TestUser, role: 'read' | 'create' = 'create') {
  await addOrganizationMember(server.services, { organizationId: org.organization.id, user: who.user, role });
}

async function signInWithPassword(who: TestUser): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  const signedIn = await browser.signIn(who.user.email, PASSWORD);
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return browser;
}

/** A browser signed in through the provider (redirect by redirect), holding its session cookie. */
async function signInThrough(
  provider: Provider,
  op: TestOpenIdProvider,
  account: Account,
): Promise<TestBrowser> {
  op.nextAccount = account;
  const redirects = new RedirectBrowser(server.url);
  const landed = await redirects.follow(provider.service.startURL);
  expect(landed.url.origin, JSON.stringify(landed.body)).toBe(TEST_URLS.app);
  const browser = new TestBrowser(server);
  browser.cookie = redirects.cookie(new URL(TEST_URLS.api).hostname, 'quire_session');
  expect(browser.cookie).toBeDefined();
  browser.csrfToken = ((await browser.query('session.current')).data as { csrfToken: string }).csrfToken;
  return browser;
}

/** The organization read on the three faces: their statuses, and the refusal's message of each. */
async function readOnEveryFace(browser: TestBrowser, org: TestOrganization) {
  const organizationId = org.organization.id;
  const rest = await browser.request(`/v1/orgs/${organizationId}`);
  const graphql = await browser.request('/graphql', {
    method: 'POST',
    body: { query: `{ orgsGet(organizationId: "${organizationId}") { id } }` },
  });
  const trpc = await browser.query('orgs.get', { organizationId });
  return {
    rest: rest.status,
    graphql: graphql.body.errors?.[0]?.extensions?.httpStatus ?? (graphql.body.data ? 200 : graphql.status),
    trpc: trpc.status,
    messages: [rest.body.error?.message, graphql.body.errors?.[0]?.message, trpc.body.error?.message],
  };
}

async function expectReached(browser: TestBrowser, org: TestOrganization) {
  const faces = await readOnEveryFace(browser, org);
  expect(faces, JSON.stringify(faces.messages)).toMatchObject({ rest: 200, graphql: 200, trpc: 200 });
}

async function expectHeld(browser: TestBrowser, org: TestOrganization, refusal = SSO_REQUIRED) {
  const faces = await readOnEveryFace(browser, org);
  expect(faces).toMatchObject({ rest: 403, graphql: 403, trpc: 403 });
  for (const message of faces.messages) expect(message).toMatch(refusal);
  expect(faces.messages[0]).toContain(org.organization.title);
}

/** A space created in the organization on the three faces: the statuses, and its spaces after. */
async function createSpaceOnEveryFace(browser: TestBrowser, org: TestOrganization) {
  const organizationId = org.organization.id;
  const rest = await browser.request(`/v1/orgs/${organizationId}/spaces`, {
    method: 'POST',
    body: { title: 'By REST' },
  });
  const trpc = await browser.mutate('spaces.create', { organizationId, title: 'By tRPC' });
  const graphql = await browser.request('/graphql', {
    method: 'POST',
    body: {
      query: `mutation { spacesCreate(organizationId: "${organizationId}", title: "By GraphQL") { id } }`,
    },
  });
  return {
    statuses: [rest.status, trpc.status, graphql.body.errors?.[0]?.extensions?.httpStatus ?? graphql.status],
    messages: [rest.body.error?.message, trpc.body.error?.message, graphql.body.errors?.[0]?.message],
  };
}

async function spacesOf(org: TestOrganization): Promise<number> {
  return (await server.api(`/v1/orgs/${org.organization.id}/spaces`, { token: org.admin.token })).body.count;
}

describe('an organization enforcing single sign-on, reached by a browser session', () => {
  it("refuses a password session on every face, writing nothing, and lets it reach the person's other organizations", async () => {
    const a = await enforcing();
    await addProvider(a, opA);
    const b = await createOrganization(server);
    const dana = await person('dana');
    await join(a, dana);
    await join(b, dana);
    // B does not trust A's provider: her password is not refused at sign-in (it reaches B).
    const browser = await signInWithPassword(dana);

    await expectReached(browser, b);
    await expectHeld(browser, a);

    // Its spaces, and writes: refused before anything is written, on the three faces.
    const space = await server.api(`/v1/orgs/${a.organization.id}/spaces`, {
      method: 'POST',
      token: a.admin.token,
      body: { title: 'Handbook' },
    });
    expect((await browser.request(`/v1/spaces/${space.body.id}`)).status).toBe(403);
    // Its OpenAPI specifications and jobs too; its unpublished site shows her no member preview.
    const spec = await server.api(`/v1/orgs/${a.organization.id}/openapi`, {
      method: 'POST',
      token: a.admin.token,
      body: {
        slug: 'api',
        source: { text: '{"openapi":"3.0.0","info":{"title":"API","version":"1"},"paths":{}}' },
      },
    });
    expect(spec.status, JSON.stringify(spec.body)).toBe(201);
    expect((await browser.request(`/v1/orgs/${a.organization.id}/openapi/api`)).status).toBe(403);
    expect((await browser.request(`/v1/jobs/${spec.body.job}`)).status).toBe(403);
    const site = await createSite(server, a, {});
    expect((await browser.request(`${sitePath(a, site.id)}/published`)).status).toBe(404);
    expect((await server.api(`${sitePath(a, site.id)}/published`, { token: dana.token })).status).toBe(200);
    const before = await spacesOf(a);
    const rest = await browser.request(`/v1/orgs/${a.organization.id}/spaces`, {
      method: 'POST',
      body: { title: 'By REST' },
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({
      error: { code: 403, message: expect.stringMatching(SSO_REQUIRED), type: 'forbidden' },
    });
    const trpc = await browser.mutate('spaces.create', {
      organizationId: a.organization.id,
      title: 'By tRPC',
    });
    expect(trpc.status).toBe(403);
    expect(trpc.body.error).toMatchObject({ data: { code: 'FORBIDDEN', domainCode: 'forbidden' } });
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: {
        query: `mutation { spacesCreate(organizationId: "${a.organization.id}", title: "By GraphQL") { id } }`,
      },
    });
    expect(graphql.body.errors[0]).toMatchObject({
      message: expect.stringMatching(SSO_REQUIRED),
      extensions: { code: 'forbidden', httpStatus: 403 },
    });
    expect(await spacesOf(a)).toBe(before);
    // The same writes in B go through.
    expect(
      (
        await browser.request(`/v1/orgs/${b.organization.id}/spaces`, {
          method: 'POST',
          body: { title: 'B' },
        })
      ).status,
    ).toBe(201);

    // What the web app's page offers instead: A's providers, which answer anyone.
    const entries = await browser.query('orgs.sso.list', { organizationId: a.organization.id });
    expect(entries.status).toBe(200);
    expect((entries.data as { items: unknown[] }).items).toHaveLength(1);

    // The listing shows both: Dana is a member of A; entering it is what is refused.
    const listed = await browser.request('/v1/orgs');
    expect(listed.body.items.map((org: { id: string }) => org.id).sort()).toEqual(
      [a.organization.id, b.organization.id].sort(),
    );

    // Her API token is a bearer token: it reaches A (as GitBook's do under enforced SSO).
    expect((await server.api(`/v1/orgs/${a.organization.id}`, { token: dana.token })).status).toBe(200);
  });

  it('lets a session its provider opened reach it', async () => {
    const a = await enforcing();
    const provider = await addProvider(a, opA);
    const erin = await person('erin');
    await join(a, erin);
    // Held at sign-in (unchanged): A's provider speaks for her.
    expect((await new TestBrowser(server).signIn(erin.user.email, PASSWORD)).status).toBe(403);
    const browser = await signInThrough(provider, opA, 'erin');
    await expectReached(browser, a);
  });

  it("refuses a session another authority's provider opened, from the request after the organization stops trusting it", async () => {
    // A trusts both authorities at first, so C's provider (authority b) may sign Fay in.
    const a = await enforcing();
    await addProvider(a, opA);
    const aTrustsB = await addProvider(a, opB);
    const c = await createOrganization(server);
    const cProvider = await addProvider(c, opB);
    const fay = await person('fay');
    await join(a, fay);
    await join(c, fay);
    const browser = await signInThrough(cProvider, opB, 'fay');
    await expectReached(browser, a);
    await expectReached(browser, c);

    const removed = await server.api(`/v1/orgs/${a.organization.id}/oidc/${aTrustsB.id}`, {
      method: 'DELETE',
      token: a.admin.token,
    });
    expect(removed.status).toBe(204);
    await expectHeld(browser, a);
    await expectReached(browser, c);
  });

  it('holds a password session opened before the organization turned enforcement on', async () => {
    const d = await createOrganization(server);
    await addProvider(d, opA);
    const gail = await person('gail');
    await join(d, gail, 'read');
    const browser = await signInWithPassword(gail);
    await expectReached(browser, d);

    const patched = await server.api(`/v1/orgs/${d.organization.id}`, {
      method: 'PATCH',
      token: d.admin.token,
      body: { sso: true },
    });
    expect(patched.status).toBe(200);
    await expectHeld(browser, d);
  });

  it("shows its people to a session it refuses no more than its content (users.get), and to its provider's session", async () => {
    const a = await enforcing();
    const provider = await addProvider(a, opA);
    const lou = await person('lou');
    await join(a, lou);
    await join(await createOrganization(server), lou);
    // The organization's admin is someone only `a` shares with Lou.
    const seen = async (browser: TestBrowser) => [
      (await browser.request(`/v1/users/${a.admin.user.id}`)).status,
      (await browser.query('users.get', { userId: a.admin.user.id })).status,
    ];
    expect(await seen(await signInWithPassword(lou))).toEqual([404, 404]);
    expect(await seen(await signInThrough(provider, opA, 'lou'))).toEqual([200, 200]);
  });

  it('lets an instance administrator with a password session in (the instance stays reachable)', async () => {
    const a = await enforcing();
    await addProvider(a, opA);
    const root = await person('root', { isInstanceAdmin: true });
    await addOrganizationMember(server.services, {
      organizationId: a.organization.id,
      user: root.user,
      role: 'admin',
      sso: true,
    });
    await expectReached(await signInWithPassword(root), a);
  });
});

describe('a session opened through a provider, in organizations that do not trust it', () => {
  it("signs in a member of an organization that does not trust the provider; that organization refuses the session on every face, writing nothing, and is reached with the person's password", async () => {
    const a = await enforcing();
    const provider = await addProvider(a, opA);
    const b = await createOrganization(server);
    const hana = await person('hana');
    await join(a, hana);
    await join(b, hana);

    // Through A's provider (refused before: B does not trust it): the session reaches A, not B.
    const browser = await signInThrough(provider, opA, 'hana');
    await expectReached(browser, a);
    await expectHeld(browser, b, ANOTHER_PROVIDER);
    const before = await spacesOf(b);
    const written = await createSpaceOnEveryFace(browser, b);
    expect(written.statuses).toEqual([403, 403, 403]);
    for (const message of written.messages) expect(message).toMatch(ANOTHER_PROVIDER);
    expect(await spacesOf(b)).toBe(before);
    const refused = await browser.request(`/v1/orgs/${b.organization.id}`);
    expect(refused.body).toEqual({
      error: { code: 403, message: expect.stringMatching(ANOTHER_PROVIDER), type: 'forbidden' },
    });
    expect(refused.body.error.message).toContain('(or through its own identity provider)');
    // Its spaces too; the listing still lists both (entering B is what is refused).
    const space = await server.api(`/v1/orgs/${b.organization.id}/spaces`, {
      method: 'POST',
      token: b.admin.token,
      body: { title: 'Handbook' },
    });
    expect((await browser.request(`/v1/spaces/${space.body.id}`)).status).toBe(403);
    const listed = await browser.request('/v1/orgs');
    expect(listed.body.items.map((org: { id: string }) => org.id).sort()).toEqual(
      [a.organization.id, b.organization.id].sort(),
    );
    // A's writes go through.
    expect((await createSpaceOnEveryFace(browser, a)).statuses).toEqual([201, 200, 200]);

    // Her password session: not refused at sign-in; reaches B, not A (as before).
    const withPassword = await signInWithPassword(hana);
    await expectReached(withPassword, b);
    await expectHeld(withPassword, a);

    // Her notifications: those of an organization the session does not reach name nothing of it.
    await server.services.repos.reviewNotifications.insertMany(
      [a, b].map((org, index) => ({
        id: `notification-${org.organization.id}`,
        userId: hana.user.id,
        organizationId: org.organization.id,
        kind: 'review_requested' as const,
        actorId: org.admin.user.id,
        spaceId: 'space-1',
        changeRequestId: `change-${index}`,
        changeRequestNumber: index + 1,
        changeRequestSubject: `Subject in ${org.organization.title}`,
        read: false,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      })),
    );
    const subjects = async (browser: TestBrowser) => {
      const listed = await browser.request('/v1/user/notifications');
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return Object.fromEntries(
        listed.body.items.map(
          (item: { id: string; changeRequest: { subject: string }; actor: { displayName: string } }) => [
            item.id.replace('notification-', ''),
            [item.changeRequest.subject, item.actor.displayName !== ''],
          ],
        ),
      );
    };
    expect(await subjects(browser)).toEqual({
      [a.organization.id]: [`Subject in ${a.organization.title}`, true],
      [b.organization.id]: ['', false],
    });
    expect(await subjects(withPassword)).toEqual({
      [a.organization.id]: ['', false],
      [b.organization.id]: [`Subject in ${b.organization.title}`, true],
    });
  });

  it('reaches every organization of the person trusting the same authority', async () => {
    const a = await enforcing();
    const provider = await addProvider(a, opA);
    const c = await createOrganization(server);
    await addProvider(c, opA);
    const ivan = await person('ivan');
    await join(a, ivan);
    await join(c, ivan);
    const browser = await signInThrough(provider, opA, 'ivan');
    await expectReached(browser, a);
    await expectReached(browser, c);
  });

  it('refuses to create an organization the session would not reach, writing nothing; with the password, created', async () => {
    const a = await enforcing();
    const provider = await addProvider(a, opA);
    const jill = await person('jill');
    await join(a, jill);
    // A member of an organization without single sign-on too: her password is not refused.
    await join(await createOrganization(server), jill);
    const browser = await signInThrough(provider, opA, 'jill');
    const organizationsOf = async () =>
      (await server.services.repos.members.listMembershipsOfUser(jill.user.id, { limit: 100 })).items.length;
    const before = await organizationsOf();
    const rest = await browser.request('/v1/orgs', { method: 'POST', body: { title: 'By REST' } });
    const trpc = await browser.mutate('orgs.create', { title: 'By tRPC' });
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: { query: 'mutation { orgsCreate(title: "By GraphQL") { id } }' },
    });
    expect([rest.status, trpc.status, graphql.body.errors?.[0]?.extensions?.httpStatus]).toEqual([
      403, 403, 403,
    ]);
    for (const message of [
      rest.body.error?.message,
      trpc.body.error?.message,
      graphql.body.errors?.[0]?.message,
    ])
      expect(message).toMatch(
        /^Session of another identity provider: an organization created with a session an identity provider opened/,
      );
    expect(await organizationsOf()).toBe(before);

    const withPassword = await signInWithPassword(jill);
    const created = await withPassword.request('/v1/orgs', {
      method: 'POST',
      body: { title: 'Jill and co' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expectReached(withPassword, { organization: created.body } as TestOrganization);
  });
});

describe('an API token created from a browser session (`policies/token-issuing.ts`)', () => {
  /** `user.tokens.create` on the three faces: the statuses and the refusals' messages. */
  async function createTokenOnEveryFace(browser: TestBrowser) {
    const rest = await browser.request('/v1/user/tokens', { method: 'POST', body: { name: 'By REST' } });
    const trpc = await browser.mutate('user.tokens.create', { name: 'By tRPC' });
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: { query: 'mutation { userTokensCreate(name: "By GraphQL") { id } }' },
    });
    return {
      statuses: [
        rest.status,
        trpc.status,
        graphql.body.errors?.[0]?.extensions?.httpStatus ?? graphql.status,
      ],
      messages: [rest.body.error?.message, trpc.body.error?.message, graphql.body.errors?.[0]?.message],
    };
  }

  it('is refused to a session a provider opened and to a password session an organization of the person refuses, writing nothing; created once no organization holds the person', async () => {
    const a = await enforcing();
    const provider = await addProvider(a, opA);
    const kim = await person('kim');
    await join(a, kim);
    await join(await createOrganization(server), kim);
    const tokensOf = () => server.services.repos.apiTokens.countByUser(kim.user.id);
    const before = await tokensOf();

    // Rule 3: the provider's session reaches `a`, but its token would reach the other too.
    const throughProvider = await createTokenOnEveryFace(await signInThrough(provider, opA, 'kim'));
    expect(throughProvider.statuses).toEqual([403, 403, 403]);
    for (const message of throughProvider.messages)
      expect(message).toMatch(
        /^Session of another identity provider: a token reaches every organization of yours/,
      );

    // Rule 4: `a` refuses the password session, so no token is made with it either.
    const withPassword = await signInWithPassword(kim);
    const refused = await createTokenOnEveryFace(withPassword);
    expect(refused.statuses).toEqual([403, 403, 403]);
    for (const message of refused.messages) {
      expect(message).toMatch(/^Single sign-on required: .+ is reached only through its identity provider/);
      expect(message).toContain(a.organization.title);
    }
    expect(await tokensOf()).toBe(before);

    // Once `a` stops holding its people, the password session reaches everything: created.
    await server.services.repos.organizations.update(a.organization.id, { sso: false });
    const created = await createTokenOnEveryFace(withPassword);
    expect(created.statuses, JSON.stringify(created.messages)).toEqual([201, 200, 200]);
    expect(await tokensOf()).toBe(before + 3);
  });
});
