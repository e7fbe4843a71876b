/**
 * One SAML sign-in in a real Chromium, SP-initiated: the start URL sends the browser to the
 * loopback identity provider, whose page posts the signed response by itself (as real
 * providers' pages do), and the browser lands on its return path with a session.
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { launchChromium } from '../support/headless-chromium';
import { startTestServer, type TestServer } from '../support/test-server';
import { IDP_CERTIFICATE, IDP_ENTITY_ID, startTestIdp, type TestIdp } from './saml-test-idp';

let server: TestServer;
let idp: TestIdp;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  idp = await startTestIdp((acsURL) => acsURL.replace('http://quire.test', server.url));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await server?.close();
});

it('signs a person in through the identity provider and returns them where they started', async () => {
  const org = await createOrganization(server);
  const created = await server.api(`/v1/orgs/${org.organization.id}/saml`, {
    method: 'POST',
    token: org.admin.token,
    body: {
      label: 'Loopback IdP',
      entityID: IDP_ENTITY_ID,
      certificate: IDP_CERTIFICATE,
      ssoURL: idp.ssoURL,
    },
  });
  expect(created.status).toBe(201);
  const email = `browser-${Date.now().toString(36)}@example.test`;
  idp.person = { email, displayName: 'Grace Hopper' };

  const page = await browser.newPage();
  // Waited for from before the first navigation: the chain of redirects and the form post ends here.
  const landed = page.waitForResponse((response) => new URL(response.url()).pathname === '/healthz');
  const startURL = (created.body.service.startURL as string).replace('http://quire.test', server.url);
  // The provider's page posts itself while `goto` still follows it: whether `goto` sees that as
  // its own navigation ending or as one cut short depends on timing, so the landing decides.
  void page.goto(`${startURL}?returnTo=${encodeURIComponent('/healthz')}`).catch(() => undefined);
  const landing = await landed;
  expect(landing.status()).toBe(200);
  expect(landing.url()).toBe(`${server.url}/healthz`);

  // The browser holds the session the ACS gave (set before the redirect that landed): it signs in as the person.
  const cookies = await browser.defaultBrowserContext().cookies();
  const session = cookies.find((cookie) => cookie.name === 'quire_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const current = await fetch(`${server.url}/trpc/session.current`, {
    headers: { cookie: `quire_session=${session!.value}` },
  });
  const body = (await current.json()) as { result: { data: { user: unknown } } };
  expect(body.result.data.user).toMatchObject({ email, displayName: 'Grace Hopper' });
  await page.close();
});
