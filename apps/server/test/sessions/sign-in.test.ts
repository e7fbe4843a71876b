/**
 * Signing in to the web app over tRPC (`session.*`): the cookie, the current session, signing
 * out, wrong passwords, API tokens, and cookies that must not let anyone in (forged,
 * malformed, expired, revoked).
 */
import { SESSION_IDLE_MS, setUserPassword } from '@quire/domain';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/faces/trpc/router';
import { createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { freshAddress, TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

async function personWithPassword(): Promise<TestUser> {
  const person = await createUser(server);
  await setUserPassword(server.services, { userId: person.user.id, password: PASSWORD });
  return person;
}

async function signedIn(person: TestUser): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  expect((await browser.signIn(person.user.email, PASSWORD)).status).toBe(200);
  return browser;
}

describe('signing in with a password', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and answers the user and a CSRF token', async () => {
    const person = await personWithPassword();
    const browser = new TestBrowser(server);
    const response = await browser.signIn(person.user.email.toUpperCase(), PASSWORD);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      user: {
        object: 'user',
        id: person.user.id,
        displayName: person.user.displayName,
        email: person.user.email,
        urls: { location: `http://quire.test/v1/users/${person.user.id}` },
      },
      csrfToken: expect.stringMatching(/^[\w-]{32,}$/),
    });
    expect(browser.cookie).toMatch(/^[0-9A-Za-z]+\.[\w-]{43}$/);
    const attributes = browser.lastSetCookie!.split(';').map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SESSION_IDLE_MS / 1000}`]),
    );
    // The public URL is http: a Secure cookie would never come back.
    expect(attributes).not.toContain('Secure');

    // The cookie alone authenticates, on every face.
    const me = await browser.request('/v1/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(person.user.id);
    const graphql = await browser.request('/graphql', {
      method: 'POST',
      body: { query: '{ userGet { entityId } }' },
    });
    expect(graphql.body).toEqual({ data: { userGet: { entityId: person.user.id } } });
    expect((await browser.query('user.get')).data).toMatchObject({ id: person.user.id });

    // Only the secret's hash is stored.
    const [, secret] = browser.cookie!.split('.');
    const sessions = await server.services.repos.sessions.listByUser(
      person.user.id,
      server.clock.now().toISOString(),
      { limit: 10 },
    );
    expect(sessions.items).toHaveLength(1);
    expect(JSON.stringify(sessions.items[0])).not.toContain(secret);
    expect(sessions.items[0]).toMatchObject({
      userId: person.user.id,
      userAgent: 'QuireTestBrowser/1.0',
      address: browser.address,
    });
  });

  it('answers the current session, renewing the cookie, and null when signed out', async () => {
    const person = await personWithPassword();
    const browser = await signedIn(person);
    const current = await browser.query('session.current');
    expect(current.status).toBe(200);
    expect(current.data).toEqual({
      user: expect.objectContaining({ id: person.user.id }),
      csrfToken: browser.csrfToken,
    });
    expect(current.headers.getSetCookie().join()).toContain(`quire_session=${browser.cookie}`);

    const signedOut = await browser.mutate('session.signOut');
    expect(signedOut.status).toBe(200);
    expect(signedOut.data).toEqual({ ok: true });
    expect(browser.lastSetCookie).toMatch(/^quire_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect(browser.cookie).toBeUndefined();
    expect((await browser.query('session.current')).data).toBeNull();
  });

  it('makes the old cookie worthless once signed out: revoked in the store', async () => {
    const person = await personWithPassword();
    const browser = await signedIn(person);
    const cookie = browser.cookie;
    await browser.mutate('session.signOut');
    browser.cookie = cookie;
    expect((await browser.request('/v1/user')).status).toBe(401);
    const current = await browser.query('session.current');
    expect(current.data).toBeNull();
    // A cookie that signs in no one is forgotten.
    expect(browser.cookie).toBeUndefined();
  });

  it('gives one answer to a wrong password, an unknown email and a user without a password', async () => {
    const person = await personWithPassword();
    const withoutPassword = await createUser(server);
    const browser = new TestBrowser(server);
    const answers = [
      await browser.signIn(person.user.email, 'not the right password'),
      await browser.signIn('nobody-at-all@example.test', PASSWORD),
      await browser.signIn(withoutPassword.user.email, PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({
        message: 'Wrong email or password',
        data: { code: 'UNAUTHORIZED', httpStatus: 401, domainCode: 'unauthenticated' },
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(browser.cookie).toBeUndefined();
  });

  it('refuses malformed input with a 400 naming the field, before any check', async () => {
    const browser = new TestBrowser(server);
    const refused = await browser.mutate('session.signIn', { email: 'not an email', password: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data).toMatchObject({ domainCode: 'validation', httpStatus: 400 });
    expect(refused.body.error.data.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
      'email',
      'password',
    ]);
    const tooLong = await browser.mutate('session.signIn', { email: 'a@b.test', password: 'x'.repeat(257) });
    expect(tooLong.status).toBe(400);
    const extra = await browser.mutate('session.signIn', { email: 'a@b.test', password: 'x', admin: true });
    expect(extra.body.error.data.issues).toEqual([{ field: 'admin', message: 'unknown field' }]);
    const typed = await browser.mutate('session.signIn', { email: ['a@b.test'], password: 42 });
    expect(typed.status).toBe(400);
    expect(await browser.mutate('session.signIn', 'a@b.test')).toMatchObject({ status: 400 });
    // Prototype keys are refused before anything reads the body.
    const proto = await fetch(`${server.url}/trpc/session.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.test","password":"x","__proto__":{"isInstanceAdmin":true}}',
    });
    expect(proto.status).toBe(400);
    expect(browser.cookie).toBeUndefined();
  });
});

describe('signing in with an API token', () => {
  it("starts a session for the token's user", async () => {
    const person = await createUser(server);
    const browser = new TestBrowser(server);
    const response = await browser.mutate('session.signInWithToken', { token: person.token });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ user: { id: person.user.id }, csrfToken: expect.any(String) });
    expect(browser.cookie).toBeDefined();
    expect((await browser.request('/v1/user')).body.id).toBe(person.user.id);
  });

  it('refuses an unknown or revoked token, and counts it as a failed authentication', async () => {
    const limited = await startTestServer({ QUIRE_TRUST_PROXY: 'true', QUIRE_AUTH_FAILURE_LIMIT: '2' });
    try {
      const person = await createUser(limited);
      const browser = new TestBrowser(limited);
      const unknown = await browser.mutate('session.signInWithToken', { token: 'quire_not-a-token-at-all' });
      expect(unknown.status).toBe(401);
      expect(unknown.body.error.data.domainCode).toBe('unauthenticated');
      await limited.services.repos.apiTokens.revoke(
        (await limited.services.repos.apiTokens.listByUser(person.user.id, { limit: 1 })).items[0]!.id,
        limited.clock.now().toISOString(),
      );
      expect((await browser.mutate('session.signInWithToken', { token: person.token })).status).toBe(401);
      // Two failures spent the address's budget: refused whatever it sends now.
      expect((await browser.mutate('session.signInWithToken', { token: person.token })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('cookies that sign in no one', () => {
  it('refuses forged, malformed, expired and revoked cookies as no caller (401)', async () => {
    const person = await personWithPassword();
    const valid = await signedIn(person);
    const [id] = valid.cookie!.split('.');
    const forgedCookies = [
      `${id}.${'A'.repeat(43)}`,
      'garbage',
      `${id}.`,
      `.${valid.cookie!.split('.')[1]}`,
      // Another session's id with this session's secret.
      `0000000000000000000.${valid.cookie!.split('.')[1]}`,
      `${valid.cookie}%00`,
      '',
    ];
    for (const cookie of forgedCookies) {
      const browser = new TestBrowser(server);
      browser.cookie = cookie;
      const response = await browser.request('/v1/user');
      expect(response.status, cookie).toBe(401);
      expect(response.body).toEqual({
        error: { code: 401, message: expect.any(String), type: 'unauthenticated' },
      });
    }

    // Expired: idle for longer than the idle expiry.
    const idle = await signedIn(person);
    server.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await idle.request('/v1/user')).status).toBe(401);
    expect((await valid.request('/v1/user')).status).toBe(401);
  });

  it('keeps a session that is used alive: the idle expiry slides, written at most once a minute', async () => {
    const person = await personWithPassword();
    const browser = await signedIn(person);
    const stored = async () => {
      const [id] = browser.cookie!.split('.');
      return server.services.repos.sessions.findById(id!);
    };
    const first = await stored();
    server.clock.advance(30_000);
    expect((await browser.request('/v1/user')).status).toBe(200);
    expect((await stored())!.lastSeenAt).toBe(first!.lastSeenAt);
    for (let day = 0; day < 3; day++) {
      server.clock.advance(SESSION_IDLE_MS - 60_000);
      expect((await browser.request('/v1/user')).status).toBe(200);
    }
    expect(Date.parse((await stored())!.expiresAt)).toBe(server.clock.now().getTime() + SESSION_IDLE_MS);
  });

  it('charges the address for a forged cookie, but nothing for a browser without one signing in', async () => {
    const limited = await startTestServer({ QUIRE_TRUST_PROXY: 'true', QUIRE_AUTH_FAILURE_LIMIT: '2' });
    try {
      const person = await createUser(limited);
      await setUserPassword(limited.services, { userId: person.user.id, password: PASSWORD });
      const browser = new TestBrowser(limited);
      // Asking whether signed in, and signing in, cost a browser without a cookie nothing.
      for (let i = 0; i < 3; i++) expect((await browser.query('session.current')).data).toBeNull();
      expect((await browser.signIn(person.user.email, PASSWORD)).status).toBe(200);

      const forger = new TestBrowser(limited);
      forger.cookie = 'abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
      expect((await forger.request('/v1/user')).status).toBe(401);
      forger.cookie = 'abc.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
      expect((await forger.request('/v1/user')).status).toBe(401);
      forger.cookie = undefined;
      expect((await forger.query('session.current')).status).toBe(429);
      // Another address is not affected.
      expect((await browser.request('/v1/user')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lets a bearer token win over the cookie', async () => {
    const person = await personWithPassword();
    const other = await createUser(server);
    const browser = await signedIn(person);
    const response = await browser.request('/v1/user', {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(response.body.id).toBe(other.user.id);
    // A bearer request has no session: `current` is null, and the cookie is left alone.
    const current = await browser.query('session.current', undefined, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(current.data).toBeNull();
    expect(current.headers.getSetCookie()).toEqual([]);
    const bad = await browser.request('/v1/user', { headers: { authorization: 'Bearer quire_wrong' } });
    expect(bad.status).toBe(401);
  });
});

describe('the official tRPC client, typed by AppRouter', () => {
  it('signs in, reads the session, changes something with the CSRF token, and signs out', async () => {
    const person = await personWithPassword();
    const address = freshAddress();
    let cookie: string | undefined;
    let csrfToken: string | undefined;
    const trpc = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${server.url}/trpc`,
          headers: () => ({
            'x-forwarded-for': address,
            ...(cookie ? { cookie: `quire_session=${cookie}` } : {}),
            ...(csrfToken ? { 'x-quire-csrf': csrfToken } : {}),
          }),
          // A browser keeps the cookie it is given; Node's fetch does not.
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            for (const set of response.headers.getSetCookie()) {
              const value = /^quire_session=([^;]*)/.exec(set)?.[1];
              if (value !== undefined) cookie = value === '' ? undefined : value;
            }
            return response;
          },
        }),
      ],
    });
    expect(await trpc.session.current.query()).toBeNull();
    const wrong = await trpc.session.signIn
      .mutate({ email: person.user.email, password: 'nope' })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(TRPCClientError);
    expect((wrong as TRPCClientError<AppRouter>).data).toMatchObject({
      httpStatus: 401,
      domainCode: 'unauthenticated',
    });

    const signedIn = await trpc.session.signIn.mutate({ email: person.user.email, password: PASSWORD });
    expect(signedIn.user.id).toBe(person.user.id);
    expect(cookie).toBeDefined();
    const current = await trpc.session.current.query();
    expect(current?.csrfToken).toBe(signedIn.csrfToken);

    // A change without the token is refused; with it, it goes through.
    const forged = await trpc.user.tokens.revoke.mutate({ tokenId: 'none' }).catch((e) => e);
    expect((forged as TRPCClientError<AppRouter>).data).toMatchObject({ httpStatus: 403 });
    csrfToken = signedIn.csrfToken;
    expect(await trpc.user.tokens.revoke.mutate({ tokenId: 'none' })).toBeNull();
    const sessions = await trpc.user.sessions.list.query({});
    expect(sessions.items.filter((session) => session.current)).toHaveLength(1);

    expect(await trpc.session.signOut.mutate()).toEqual({ ok: true });
    expect(cookie).toBeUndefined();
    expect(await trpc.session.current.query()).toBeNull();
  });
});
