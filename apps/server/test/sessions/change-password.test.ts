/**
 * Changing one's password in the web app (`session.changePassword`): the current password is
 * asked for (a wrong one is a failed sign-in, within its limits), every other browser of the
 * person is signed out and this one signed in again; only a signed-in browser may, with its
 * CSRF token.
 */
import { setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase of mine';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

async function personWithPassword() {
  const person = await createUser(server);
  await setUserPassword(server.services, { userId: person.user.id, password: PASSWORD });
  return person;
}

async function signedIn(email: string, password = PASSWORD): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  expect((await browser.signIn(email, password)).status).toBe(200);
  return browser;
}

describe('session.changePassword', () => {
  it('changes it given the current one: other browsers signed out, this one signed in again', async () => {
    const { user } = await personWithPassword();
    const here = await signedIn(user.email);
    const elsewhere = await signedIn(user.email);
    const oldCookie = here.cookie;

    const wrong = await here.mutate('session.changePassword', {
      currentPassword: 'not my password',
      password: NEW_PASSWORD,
    });
    // A field's error, not a 401: the web app would take a 401 for a session gone.
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.data.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'currentPassword',
    ]);
    expect((await elsewhere.query('session.current')).data).toMatchObject({ user: { id: user.id } });

    const changed = await here.mutate('session.changePassword', {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.data).toMatchObject({ user: { id: user.id }, csrfToken: expect.any(String) });
    expect(here.cookie).toBeDefined();
    expect(here.cookie).not.toBe(oldCookie);
    expect((await here.query('session.current')).data).toMatchObject({ user: { id: user.id } });
    expect((await elsewhere.query('session.current')).data).toBeNull();
    expect((await new TestBrowser(server).signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await new TestBrowser(server).signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a browser not signed in, a bearer token, a missing CSRF token and a weak password, changing nothing', async () => {
    const { user, token } = await personWithPassword();
    const input = { currentPassword: PASSWORD, password: NEW_PASSWORD };
    expect((await new TestBrowser(server).mutate('session.changePassword', input)).status).toBe(401);
    const withToken = await server.api('/trpc/session.changePassword', {
      method: 'POST',
      body: input,
      token,
    });
    expect(withToken.status).toBe(401);
    const browser = await signedIn(user.email);
    expect((await browser.mutate('session.changePassword', input, { csrf: false })).status).toBe(403);
    const weak = await browser.mutate('session.changePassword', {
      currentPassword: PASSWORD,
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.data.issues.map((issue: { field: string }) => issue.field)).toEqual(['password']);
    expect((await new TestBrowser(server).signIn(user.email, PASSWORD)).status).toBe(200);
  });
});
