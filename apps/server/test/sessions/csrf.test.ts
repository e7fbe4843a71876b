/**
 * Cross-site request forgery: a request the session cookie authenticates that may change
 * something (not GET, HEAD, OPTIONS) must carry the session's CSRF token as `x-quire-csrf`,
 * else 403 in GitBook's error shape and nothing runs, on every face. Bearer tokens need none.
 */
import { setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';
const CSRF_MESSAGE = /CSRF token/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

async function signedInAdmin(): Promise<{ browser: TestBrowser; org: TestOrganization }> {
  const org = await createOrganization(server);
  await setUserPassword(server.services, { userId: org.admin.user.id, password: PASSWORD });
  const browser = new TestBrowser(server);
  expect((await browser.signIn(org.admin.user.email, PASSWORD)).status).toBe(200);
  return { browser, org };
}

const titleOf = async (organizationId: string) =>
  (await server.services.repos.organizations.findById(organizationId))?.title;

describe('a cookie-authenticated change', () => {
  it('without the CSRF header is refused with 403 on REST, and nothing is written', async () => {
    const { browser, org } = await signedInAdmin();
    const before = await titleOf(org.organization.id);
    for (const csrf of [false, 'not-the-token', '']) {
      const response = await browser.request(`/v1/orgs/${org.organization.id}`, {
        method: 'PATCH',
        body: { title: 'Forged' },
        csrf,
      });
      expect(response.status, String(csrf)).toBe(403);
      expect(response.body).toEqual({
        error: { code: 403, message: expect.stringMatching(CSRF_MESSAGE), type: 'forbidden' },
      });
    }
    expect(await titleOf(org.organization.id)).toBe(before);
  });

  it('without the CSRF header is refused on tRPC and GraphQL too, and nothing is written', async () => {
    const { browser, org } = await signedInAdmin();
    const before = await titleOf(org.organization.id);
    const trpc = await browser.mutate(
      'orgs.update',
      { organizationId: org.organization.id, title: 'Forged' },
      { csrf: false },
    );
    expect(trpc.status).toBe(403);
    expect(trpc.body.error).toMatchObject({
      message: expect.stringMatching(CSRF_MESSAGE),
      data: { code: 'FORBIDDEN', httpStatus: 403, domainCode: 'forbidden' },
    });
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: {
        query: `mutation { orgsUpdate(organizationId: "${org.organization.id}", title: "Forged") { title } }`,
      },
      csrf: false,
    });
    expect(graphql.status).toBe(403);
    expect(graphql.body.errors[0]).toMatchObject({
      message: expect.stringMatching(CSRF_MESSAGE),
      extensions: { code: 'forbidden', httpStatus: 403 },
    });
    // Signing out is a change too: the session survives a forged sign-out.
    const signOut = await browser.mutate('session.signOut', undefined, { csrf: false });
    expect(signOut.status).toBe(403);
    expect((await browser.query('session.current')).data).not.toBeNull();
    expect(await titleOf(org.organization.id)).toBe(before);
  });

  it('with the CSRF header goes through on every face', async () => {
    const { browser, org } = await signedInAdmin();
    const organizationId = org.organization.id;
    const rest = await browser.request(`/v1/orgs/${organizationId}`, {
      method: 'PATCH',
      body: { title: 'By REST' },
    });
    expect(rest.status).toBe(200);
    expect(await titleOf(organizationId)).toBe('By REST');
    const trpc = await browser.mutate('orgs.update', { organizationId, title: 'By tRPC' });
    expect(trpc.status).toBe(200);
    expect(await titleOf(organizationId)).toBe('By tRPC');
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: {
        query: `mutation { orgsUpdate(organizationId: "${organizationId}", title: "By GraphQL") { title } }`,
      },
    });
    expect(graphql.body).toEqual({ data: { orgsUpdate: { title: 'By GraphQL' } } });
  });

  it('needs no CSRF header to read (GET)', async () => {
    const { browser, org } = await signedInAdmin();
    expect((await browser.request(`/v1/orgs/${org.organization.id}`, { csrf: false })).status).toBe(200);
    expect((await browser.query('orgs.list', {}, { csrf: false })).status).toBe(200);
  });

  it("does not accept another session's CSRF token", async () => {
    const first = await signedInAdmin();
    const second = await signedInAdmin();
    const response = await first.browser.request(`/v1/orgs/${first.org.organization.id}`, {
      method: 'PATCH',
      body: { title: 'Forged' },
      csrf: second.browser.csrfToken!,
    });
    expect(response.status).toBe(403);
  });
});

describe('a bearer token', () => {
  it('needs no CSRF header, even with a session cookie beside it', async () => {
    const { browser, org } = await signedInAdmin();
    const response = await browser.request(`/v1/orgs/${org.organization.id}`, {
      method: 'PATCH',
      body: { title: 'By token' },
      csrf: false,
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(response.status).toBe(200);
    const plain = await server.api(`/v1/orgs/${org.organization.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: 'By token alone' },
    });
    expect(plain.status).toBe(200);
  });
});
