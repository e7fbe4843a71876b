import { MAX_LIVE_OWN_TOKENS, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../sessions/test-browser';
import { createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

describe('GET /v1/user/tokens', () => {
  it("lists the caller's own tokens only, without secrets", async () => {
    const me = await createUser(server);
    await createUser(server);
    const response = await server.api('/v1/user/tokens', { token: me.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(1);
    expect(response.body.items[0]).toMatchObject({ object: 'api-token', user: me.user.id, name: 'test' });
    expect(JSON.stringify(response.body)).not.toContain(me.token);
  });
});

describe('DELETE /v1/user/tokens/{tokenId}', () => {
  it("revokes the caller's own token", async () => {
    const me = await createUser(server);
    const tokenId = (await server.api('/v1/user/tokens', { token: me.token })).body.items[0].id;
    const response = await server.api(`/v1/user/tokens/${tokenId}`, { method: 'DELETE', token: me.token });
    expect(response.status).toBe(204);
    expect((await server.api('/v1/user', { token: me.token })).status).toBe(401);
  });

  it("answers 204 to someone else's token and leaves it valid", async () => {
    const me = await createUser(server);
    const other = await createUser(server);
    const otherTokenId = (await server.api('/v1/user/tokens', { token: other.token })).body.items[0].id;
    const response = await server.api(`/v1/user/tokens/${otherTokenId}`, {
      method: 'DELETE',
      token: me.token,
    });
    expect(response.status).toBe(204);
    expect((await server.api('/v1/user', { token: other.token })).status).toBe(200);
  });
});

const PASSWORD = 'correct horse battery staple';

/** A person signed in to the web app with their password, and their browser. */
async function signedIn(): Promise<{ me: TestUser; browser: TestBrowser }> {
  const me = await createUser(server);
  await setUserPassword(server.services, { userId: me.user.id, password: PASSWORD });
  const browser = new TestBrowser(server);
  expect((await browser.signIn(me.user.email, PASSWORD)).status).toBe(200);
  return { me, browser };
}

describe('POST /v1/user/tokens', () => {
  it('creates a token from a signed-in browser, shown once, that authenticates as the person (on the three faces)', async () => {
    const { me, browser } = await signedIn();
    const created = await browser.request('/v1/user/tokens', {
      method: 'POST',
      body: { name: '  CI deploys ' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ object: 'api-token', user: me.user.id, name: 'CI deploys' });
    expect(created.body.token).toMatch(/^quire_/);
    expect(created.body.preview).toBe(created.body.token.slice(0, 10));
    const asToken = await server.api('/v1/user', { token: created.body.token });
    expect(asToken.status).toBe(200);
    expect(asToken.body.id).toBe(me.user.id);
    // Listed, never with its secret.
    const list = await browser.request('/v1/user/tokens');
    expect(list.body.items.map((token: { name: string }) => token.name)).toContain('CI deploys');
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);

    const trpc = await browser.mutate('user.tokens.create', { name: 'By tRPC' });
    expect(trpc.status).toBe(200);
    expect((await server.api('/v1/user', { token: (trpc.data as { token: string }).token })).status).toBe(
      200,
    );
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: { query: 'mutation { userTokensCreate(name: "By GraphQL") { token name } }' },
    });
    expect(graphql.body.data.userTokensCreate.name).toBe('By GraphQL');
    expect((await server.api('/v1/user', { token: graphql.body.data.userTokensCreate.token })).status).toBe(
      200,
    );
  });

  it('is refused to an API token and to a cookie without the CSRF token, writing nothing', async () => {
    const { me, browser } = await signedIn();
    const before = await server.services.repos.apiTokens.countByUser(me.user.id);
    const withToken = await server.api('/v1/user/tokens', {
      method: 'POST',
      token: me.token,
      body: { name: 'x' },
    });
    expect(withToken.status).toBe(403);
    expect(withToken.body.error.message).toMatch(
      /^API tokens are created from a browser signed in with your password/,
    );
    const forged = await browser.request('/v1/user/tokens', {
      method: 'POST',
      body: { name: 'x' },
      csrf: false,
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error.message).toMatch(/CSRF token/);
    expect(await server.services.repos.apiTokens.countByUser(me.user.id)).toBe(before);
  });

  it('is refused to a session opened with an API token, which ends when that token is revoked', async () => {
    const me = await createUser(server);
    const browser = new TestBrowser(server);
    const signedInWithToken = await browser.mutate('session.signInWithToken', { token: me.token });
    expect(signedInWithToken.status).toBe(200);
    browser.csrfToken = (signedInWithToken.data as { csrfToken: string }).csrfToken;
    const before = await server.services.repos.apiTokens.countByUser(me.user.id);
    const refused = await browser.request('/v1/user/tokens', { method: 'POST', body: { name: 'successor' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/not with another token or a session one opened/);
    expect(await server.services.repos.apiTokens.countByUser(me.user.id)).toBe(before);

    // The session stands for the token: revoking a leaked token ends what it opened.
    expect((await browser.request('/v1/user')).status).toBe(200);
    const tokenId = (await server.api('/v1/user/tokens', { token: me.token })).body.items[0].id;
    await server.api(`/v1/user/tokens/${tokenId}`, { method: 'DELETE', token: me.token });
    expect((await browser.request('/v1/user')).status).toBe(401);
    expect((await browser.query('session.current')).data).toBeNull();
  });

  it('refuses a name that is empty or past 64 characters, naming the field', async () => {
    const { browser } = await signedIn();
    for (const name of ['', '   ', 'x'.repeat(65), 42, undefined]) {
      const response = await browser.request('/v1/user/tokens', { method: 'POST', body: { name } });
      expect(response.status, String(name)).toBe(400);
      expect(response.body.error.message).toMatch(/name/);
    }
  });

  it('refuses a token past the number a person may have in use, until one is revoked', async () => {
    const { me, browser } = await signedIn();
    // The factory's token counts: the person holds one already.
    for (let made = 1; made < MAX_LIVE_OWN_TOKENS; made++) {
      const created = await browser.request('/v1/user/tokens', {
        method: 'POST',
        body: { name: `t${made}` },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const refused = await browser.request('/v1/user/tokens', { method: 'POST', body: { name: 'one more' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/revoke one you no longer need first/);
    const first = (await browser.request('/v1/user/tokens')).body.items[0];
    expect((await browser.request(`/v1/user/tokens/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(
      (await browser.request('/v1/user/tokens', { method: 'POST', body: { name: 'one more' } })).status,
    ).toBe(201);
    expect(await server.services.repos.apiTokens.countByUser(me.user.id)).toBe(MAX_LIVE_OWN_TOKENS + 1);
  });
});
