// @vitest-environment node
/**
 * An organization that turns single sign-on on while a person's password (here: API token)
 * session is open, in a real Chromium: entering it shows the page saying it requires single
 * sign-on (`sign-in/sso-required-screen.tsx`), its provider's button goes to a real OpenID
 * provider on loopback and back, and the organization opens; meanwhile the person's other
 * organization stayed reachable with the first session.
 */
import { addOrganizationMember } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from '../../../server/test/oidc/test-openid-provider';
import { createOrganization, createUser } from '../../../server/test/support/factories';
import type { TestServer } from '../../../server/test/support/test-server';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { startReachableServer } from './support/reachable-server';

let op: TestOpenIdProvider;
let server: TestServer;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  op = await startTestOpenIdProvider({
    ada: { email: 'ada@held.test', email_verified: true, name: 'Ada Lovelace' },
  });
  [server, browser] = await Promise.all([startReachableServer(), launchChromium()]);
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await op?.close();
});

/** An OpenID provider of the organization at the test provider; the redirect URIs of all, configured there. */
const redirectURIs: string[] = [];
async function addProvider(organizationId: string, adminToken: string): Promise<void> {
  const created = await server.api(`/v1/orgs/${organizationId}/oidc`, {
    method: 'POST',
    token: adminToken,
    body: { label: 'Corp', issuer: op.issuer, clientId: 'quire', clientSecret: 'the-secret-0123' },
  });
  expect(created.status).toBe(201);
  redirectURIs.push(created.body.service.redirectURL);
  op.configure([{ client_id: 'quire', client_secret: 'the-secret-0123', redirect_uris: redirectURIs }]);
}

describe('an organization requiring single sign-on, in the web app', () => {
  it('shows why it is refused and signs in through its provider, the other organization still reached', async () => {
    const held = await createOrganization(server, { title: 'Corp Handbook' });
    // Her other organization trusts the same provider (else it could not sign her in) but does not enforce it.
    const side = await createOrganization(server, { title: 'Side Project' });
    await addProvider(held.organization.id, held.admin.token);
    await addProvider(side.organization.id, side.admin.token);
    const ada = await createUser(server, { email: 'ada@held.test', displayName: 'Ada Lovelace' });
    for (const org of [held, side])
      await addOrganizationMember(server.services, {
        organizationId: org.organization.id,
        user: ada.user,
        role: 'read',
      });

    const { page } = watched;
    await signInWithToken(page, ada.token);
    await page.goto(`/o/${held.organization.id}`);
    await page.getByRole('heading', { name: 'Corp Handbook' }).waitFor();

    // Enforcement turned on while her session is open: from the next request, refused.
    await server.services.repos.organizations.update(held.organization.id, { sso: true });
    await page.goto(`/o/${held.organization.id}`);
    const notice = page.getByRole('alert', { name: 'Corp Handbook requires single sign-on' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('You are still signed in to your other organizations');

    await page.goto(`/o/${side.organization.id}`);
    await page.getByRole('heading', { name: 'Side Project' }).waitFor();

    await page.goto(`/o/${held.organization.id}`);
    await Promise.all([
      page.waitForURL(`${server.url}/o/${held.organization.id}`, { waitUntil: 'load' }),
      notice.getByRole('link', { name: 'Sign in with Corp' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Corp Handbook' }).waitFor();
    // The refusals were the organization's answers (403), nothing else went wrong.
    expect(watched.problems.filter((problem) => !problem.includes('status of 403'))).toEqual([]);
  });
});
