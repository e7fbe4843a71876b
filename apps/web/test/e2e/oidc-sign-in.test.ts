// @vitest-environment node
/**
 * Signing in through an organization's OpenID provider in a real Chromium: the browser
 * starts at the provider's start URL, goes to a real OpenID provider on loopback
 * (`oidc-provider`, which signs the test's account in at once), comes back to Quire's
 * callback and lands, signed in, on the organization's screen it started for.
 *
 * The server's public and app URLs are its real address here (a port chosen before it
 * starts), as a browser must reach the callback the provider sends it to.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from '../../../server/test/oidc/test-openid-provider';
import { createOrganization } from '../../../server/test/support/factories';
import type { TestServer } from '../../../server/test/support/test-server';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { startReachableServer } from './support/reachable-server';

let op: TestOpenIdProvider;
let server: TestServer;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  op = await startTestOpenIdProvider({
    ada: { email: 'ada@corp.test', email_verified: true, name: 'Ada Lovelace' },
  });
  [server, browser] = await Promise.all([startReachableServer(), launchChromium()]);
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await op?.close();
});

describe('signing in through OpenID Connect', () => {
  it('goes to the provider and back, and lands signed in on the organization', async () => {
    const org = await createOrganization(server, { title: 'Corp Handbook' });
    const created = await server.api(`/v1/orgs/${org.organization.id}/oidc`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        label: 'Corp',
        issuer: op.issuer,
        clientId: 'quire',
        clientSecret: 'the-secret-0123',
        defaultRole: 'read',
      },
    });
    expect(created.status).toBe(201);
    op.configure([
      {
        client_id: 'quire',
        client_secret: 'the-secret-0123',
        redirect_uris: [created.body.service.redirectURL],
      },
    ]);
    const { page } = watched;
    const start = `${created.body.service.startURL}?returnTo=${encodeURIComponent(`/o/${org.organization.id}`)}`;
    await Promise.all([page.waitForURL(`${server.url}/o/${org.organization.id}`), page.goto(start)]);
    await page.getByRole('heading', { name: 'Corp Handbook' }).waitFor();
    const user = await server.services.repos.users.findByEmail('ada@corp.test');
    expect(user).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(await server.services.repos.members.find(org.organization.id, user!.id)).toMatchObject({
      role: 'read',
    });
    expect(watched.problems).toEqual([]);
  });
});
