/**
 * A user's sessions in their settings: `user.sessions.list` and `user.sessions.revoke` on the
 * three faces (REST: GET /v1/user/sessions, DELETE /v1/user/sessions/{sessionId}), the
 * current one marked; and an administrator setting a password, which signs the user out.
 */
import { operations, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFace, findRoute } from '../support/faces/call-faces';
import { FACES, type Face } from '../support/faces/face-call';
import { createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

async function personWithPassword(overrides: { isInstanceAdmin?: boolean } = {}): Promise<TestUser> {
  const person = await createUser(server, overrides);
  await setUserPassword(server.services, { userId: person.user.id, password: PASSWORD });
  return person;
}

async function browsersOf(person: TestUser, count: number): Promise<TestBrowser[]> {
  const browsers: TestBrowser[] = [];
  for (let i = 0; i < count; i++) {
    const browser = new TestBrowser(server);
    expect((await browser.signIn(person.user.email, PASSWORD)).status).toBe(200);
    browsers.push(browser);
  }
  return browsers;
}

const sessionIdOf = (browser: TestBrowser) => browser.cookie!.split('.')[0]!;

const SESSION_FIELDS = 'object id current createdAt lastSeenAt expiresAt userAgent address';

/** The caller's sessions as a face lists them (GraphQL's connection read whole, every field). */
async function listOn(face: Face, token: string): Promise<{ status: number; items: unknown[] }> {
  if (face !== 'graphql') {
    const listed = await callFace(server, face, { route: listRoute, input: {}, token });
    return { status: listed.status, items: (listed.data as { items: unknown[] }).items };
  }
  const listed = await server.api('/graphql', {
    method: 'POST',
    token,
    body: { query: `{ userSessionsList { totalCount edges { node { ${SESSION_FIELDS} } } } }` },
  });
  const connection = listed.body.data.userSessionsList;
  expect(connection.totalCount).toBe(connection.edges.length);
  const items = connection.edges.map(({ node }: { node: Record<string, unknown> }) =>
    Object.fromEntries(Object.entries(node).filter(([, value]) => value !== null)),
  );
  return { status: listed.status, items };
}

const listRoute = findRoute('GET /v1/user/sessions')!;
const revokeRoute = findRoute('DELETE /v1/user/sessions/:sessionId')!;

describe('user.sessions.list', () => {
  for (const face of FACES) {
    it(`lists the caller's sessions on ${face}, oldest first, never a secret`, async () => {
      const person = await personWithPassword();
      const browsers = await browsersOf(person, 2);
      await browsersOf(await personWithPassword(), 1);
      const listed = await listOn(face, person.token);
      expect(listed.status).toBe(200);
      const items = listed.items;
      expect(items).toEqual(
        browsers.map((browser) => ({
          object: 'session',
          id: sessionIdOf(browser),
          current: false,
          createdAt: expect.any(String),
          lastSeenAt: expect.any(String),
          expiresAt: expect.any(String),
          userAgent: 'QuireTestBrowser/1.0',
          address: browser.address,
        })),
      );
      expect(JSON.stringify(items)).not.toContain(browsers[0]!.cookie!.split('.')[1]);
    });
  }

  it('marks the session the request came with as current, on every face', async () => {
    const person = await personWithPassword();
    const [other, browser] = await browsersOf(person, 2);
    const currentOf = (items: Array<{ id: string; current: boolean }>) =>
      items.filter((item) => item.current).map((item) => item.id);
    const rest = await browser!.request('/v1/user/sessions');
    expect(currentOf(rest.body.items)).toEqual([sessionIdOf(browser!)]);
    const trpc = await browser!.query('user.sessions.list', {});
    expect(currentOf((trpc.data as { items: Array<{ id: string; current: boolean }> }).items)).toEqual([
      sessionIdOf(browser!),
    ]);
    const graphql = await browser!.request('/graphql', {
      method: 'POST',
      body: { query: '{ userSessionsList { edges { node { id current } } } }' },
    });
    const nodes = graphql.body.data.userSessionsList.edges.map((edge: { node: unknown }) => edge.node);
    expect(currentOf(nodes)).toEqual([sessionIdOf(browser!)]);
    expect(currentOf((await other!.request('/v1/user/sessions')).body.items)).toEqual([sessionIdOf(other!)]);
  });

  it('leaves out expired sessions', async () => {
    const person = await personWithPassword();
    await browsersOf(person, 1);
    server.clock.advanceDays(31);
    const listed = await server.api('/v1/user/sessions', { token: person.token });
    expect(listed.body).toEqual({ items: [], count: 0 });
  });
});

describe('user.sessions.revoke', () => {
  for (const face of FACES) {
    it(`signs one browser out on ${face}; another user's session is 404 and stays`, async () => {
      const person = await personWithPassword();
      const [kept, revoked] = await browsersOf(person, 2);
      const [stranger] = await browsersOf(await personWithPassword(), 1);
      const call = (sessionId: string) =>
        callFace(server, face, { route: revokeRoute, input: { sessionId }, token: person.token });

      const refused = await call(sessionIdOf(stranger!));
      expect(refused.status).toBe(404);
      expect(refused.error).toMatchObject({ code: 'not_found', message: 'Session not found' });
      expect((await stranger!.request('/v1/user')).status).toBe(200);
      expect((await call('no-such-session')).status).toBe(404);

      expect((await call(sessionIdOf(revoked!))).status).toBe(face === 'rest' ? 204 : 200);
      expect((await revoked!.request('/v1/user')).status).toBe(401);
      expect((await kept!.request('/v1/user')).status).toBe(200);
      // Gone: revoking it again is a 404 like any unknown id.
      expect((await call(sessionIdOf(revoked!))).status).toBe(404);
    });
  }

  it('signs the current browser out too, with its CSRF token', async () => {
    const person = await personWithPassword();
    const [browser] = await browsersOf(person, 1);
    const refused = await browser!.request(`/v1/user/sessions/${sessionIdOf(browser!)}`, {
      method: 'DELETE',
      csrf: false,
    });
    expect(refused.status).toBe(403);
    const revoked = await browser!.request(`/v1/user/sessions/${sessionIdOf(browser!)}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    expect((await browser!.request('/v1/user')).status).toBe(401);
  });
});

describe('an administrator setting a password', () => {
  it('sets it (POST /admin/users/{userId}/password) and revokes every session of the user', async () => {
    const admin = await createUser(server, { isInstanceAdmin: true });
    const person = await personWithPassword();
    const browsers = await browsersOf(person, 2);
    const response = await server.api(`/admin/users/${person.user.id}/password`, {
      method: 'POST',
      token: admin.token,
      body: { password: 'a brand new password' },
    });
    expect(response.status).toBe(204);
    for (const browser of browsers) expect((await browser.request('/v1/user')).status).toBe(401);
    // API tokens are not sessions: they keep working.
    expect((await server.api('/v1/user', { token: person.token })).status).toBe(200);
    expect((await new TestBrowser(server).signIn(person.user.email, PASSWORD)).status).toBe(401);
    expect((await new TestBrowser(server).signIn(person.user.email, 'a brand new password')).status).toBe(
      200,
    );
  });

  it('refuses a password of under 10 or over 256 characters, an unknown user, and non-administrators', async () => {
    const admin = await createUser(server, { isInstanceAdmin: true });
    const person = await createUser(server);
    const set = (userId: string, password: unknown, token = admin.token) =>
      server.api(`/admin/users/${userId}/password`, { method: 'POST', token, body: { password } });
    const short = await set(person.user.id, 'too short');
    expect(short.status).toBe(400);
    expect(short.body.error.issues).toEqual([{ field: 'password', message: 'at least 10 characters' }]);
    expect((await set(person.user.id, 'x'.repeat(257))).status).toBe(400);
    expect((await set(person.user.id, 'x'.repeat(256))).status).toBe(204);
    expect((await set('no-such-user', 'long enough password')).status).toBe(404);
    expect((await set(person.user.id, 'long enough password', person.token)).status).toBe(403);
    // Through the operation too, as tRPC and GraphQL run it.
    await expect(
      server.callOperation(operations.admin.users.setPassword, admin, {
        userId: person.user.id,
        password: 'short',
      }),
    ).rejects.toMatchObject({ code: 'validation' });
  });
});
