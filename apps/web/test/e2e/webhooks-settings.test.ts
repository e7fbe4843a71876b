// @vitest-environment node
/**
 * The organization settings' Webhooks section in the built app, served by a real server, in a
 * real Chromium, with a real receiver on loopback: an admin adds an endpoint for one event,
 * sees its signing secret once, sends a test ping that reaches the receiver signed with that
 * secret, reads it in the delivery log, and turns the endpoint off (the server says each
 * happened). The section passes axe-core with no serious or critical violation, does not
 * scroll sideways at a phone's 390 px, and is kept in docs/screenshots/.
 */
import { operations } from '@quire/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createUser,
  type TestOrganization,
} from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import {
  startWebhookReceiver,
  verifiesSignature,
  type WebhookReceiver,
} from '../../../server/test/webhooks/webhook-receiver';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let receiver: WebhookReceiver;
let org: TestOrganization;
let admin: WatchedPage;

beforeAll(async () => {
  [server, browser, receiver] = await Promise.all([
    startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' }),
    launchChromium(),
    startWebhookReceiver(),
  ]);
  const ada = await createUser(server, { displayName: 'Ada Lovelace', email: 'ada@example.test' });
  org = await createOrganization(server, { title: 'Acme', owner: ada });
  admin = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

const answerOf = (page: Page, procedure: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname.includes(`/trpc/${procedure}`));

const endpointsNow = () =>
  server.callOperation(operations.orgs.webhooks.list, org.admin, { organizationId: org.organization.id });

async function expectAccessibleAndQuiet(watched: WatchedPage): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

describe('webhooks in the organization settings', () => {
  it('adds an endpoint, shows its secret once, pings it, shows the log, and turns it off', async () => {
    const { page } = admin;
    await signInWithToken(page, org.admin.token);
    await page.goto(`/o/${org.organization.id}/settings#webhooks`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByText('No webhooks yet.').waitFor();

    const url = receiver.url('/browser');
    await section.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await section.getByRole('checkbox', { name: 'All events, those added later too' }).uncheck();
    await section.getByRole('checkbox', { name: 'Space created' }).check();
    const created = answerOf(page, 'orgs.webhooks.create');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    expect((await created).status()).toBe(200);
    const secret = (await section.getByRole('status').locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const [endpoint] = (await endpointsNow()).items;
    expect(endpoint).toMatchObject({
      url,
      events: ['space.created'],
      active: true,
      secretEnding: secret.slice(-4),
    });
    await section.getByRole('button', { name: `Turn off ${url}` }).waitFor();
    await expectAccessibleAndQuiet(admin);

    const pinged = answerOf(page, 'orgs.webhooks.test');
    await section.getByRole('button', { name: `Send a test to ${url}` }).click();
    expect((await pinged).status()).toBe(200);
    const [request] = await receiver.waitFor('/browser', 1);
    expect(request!.headers['quire-event']).toBe('ping');
    expect(verifiesSignature(request!.headers['quire-signature'], request!.body, secret)).toBe(true);
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByRole('status').waitFor({ state: 'detached' });

    // The log, once the delivery is recorded as delivered (a wait for the job, not a timed assertion).
    await expect
      .poll(
        async () => {
          const deliveries = await server.callOperation(operations.orgs.webhooks.deliveries.list, org.admin, {
            organizationId: org.organization.id,
            webhookId: endpoint!.id,
          });
          return deliveries.items[0]?.status;
        },
        { timeout: 60_000 },
      )
      .toBe('succeeded');
    await section.getByText(`Deliveries to ${url}`).click();
    const log = section.getByRole('list', { name: 'Deliveries' });
    await log.waitFor();
    const refreshed = answerOf(page, 'orgs.webhooks.deliveries.list');
    await section.getByRole('button', { name: 'Refresh the log' }).click();
    await refreshed;
    await log.getByText('Delivered').waitFor();
    await log.getByText('ping', { exact: true }).waitFor();
    await expectAccessibleAndQuiet(admin);

    const turnedOff = answerOf(page, 'orgs.webhooks.update');
    await section.getByRole('button', { name: `Turn off ${url}` }).click();
    expect((await turnedOff).status()).toBe(200);
    await section.getByRole('button', { name: `Turn on ${url}` }).waitFor();
    expect((await endpointsNow()).items[0]).toMatchObject({ active: false, disabledReason: 'admin' });

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'organization-webhooks');
    await expectAccessibleAndQuiet(admin);
  });
});
