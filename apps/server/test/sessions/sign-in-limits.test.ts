/**
 * Failed password sign-ins are limited per account and per address: 10 per 15 minutes each,
 * then 429 with Retry-After whatever the password (the right one included); successes do
 * not count. Each test signs in from addresses of its own (the server trusts X-Forwarded-For).
 */
import { setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES } from '../../src/http/rate-limits';
import { createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { TestBrowser } from './test-browser';

const PASSWORD = 'correct horse battery staple';
const LIMIT = SIGN_IN_FAILURES.perWindow;

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

const expectRateLimited = (response: Awaited<ReturnType<TestBrowser['signIn']>>) => {
  expect(response.status).toBe(429);
  expect(response.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'rate_limited' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURES.windowSeconds);
  expect(response.headers.getSetCookie()).toEqual([]);
};

describe('failed sign-ins', () => {
  it('are limited per account, from any address, the right password refused too once spent', async () => {
    const person = await personWithPassword();
    for (let i = 0; i < LIMIT; i++) {
      // A new address each time: only the account's budget is spent.
      const attempt = await new TestBrowser(server).signIn(person.user.email, `wrong password ${i}`);
      expect(attempt.status).toBe(401);
    }
    const refused = await new TestBrowser(server).signIn(person.user.email, PASSWORD);
    expectRateLimited(refused);
    expect(refused.body.error.message).toContain('this account');
    // Another account is not affected.
    const other = await personWithPassword();
    expect((await new TestBrowser(server).signIn(other.user.email, PASSWORD)).status).toBe(200);
  });

  it('are limited for an unknown email exactly as for an account', async () => {
    const email = 'nobody-here@example.test';
    for (let i = 0; i < LIMIT; i++) {
      expect((await new TestBrowser(server).signIn(email, PASSWORD)).status).toBe(401);
    }
    expectRateLimited(await new TestBrowser(server).signIn(email, PASSWORD));
  });

  it('are limited per address, whatever the accounts tried', async () => {
    const browser = new TestBrowser(server);
    for (let i = 0; i < LIMIT; i++) {
      expect((await browser.signIn(`guess-${i}@example.test`, PASSWORD)).status).toBe(401);
    }
    const person = await personWithPassword();
    const refused = await browser.signIn(person.user.email, PASSWORD);
    expectRateLimited(refused);
    expect(refused.body.error.message).toContain('this address');
    // The account itself was not charged: from elsewhere it signs in.
    expect((await new TestBrowser(server).signIn(person.user.email, PASSWORD)).status).toBe(200);
  });

  it('do not count successes', async () => {
    const person = await personWithPassword();
    const browser = new TestBrowser(server);
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await browser.signIn(person.user.email, 'wrong password')).status).toBe(401);
    }
    for (let i = 0; i < 3; i++) expect((await browser.signIn(person.user.email, PASSWORD)).status).toBe(200);
    // Nine failures and three successes: one failure still fits, the next is refused.
    expect((await browser.signIn(person.user.email, 'wrong password')).status).toBe(401);
    expectRateLimited(await browser.signIn(person.user.email, PASSWORD));
  });
});
