// @vitest-environment node
/**
 * An organization's settings and its people in the built app, served by a real server on the
 * embedded engine, in a real Chromium: an admin changes the title and the role of people who
 * join, turns invite links on, changes a member's role and puts them in a team (the server
 * says each happened); a member who is not an admin cannot open the settings, and the server
 * refuses their change; the sign-in screen offers the organization's identity provider; at a phone's 390 px neither screen scrolls sideways;
 * the admin deletes the organization after typing its name, and the app offers to create one. Each screen
 * passes axe-core with no serious or critical violation and is kept in docs/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { operations } from '@quire/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganization,
  createUser,
  type TestMember,
  type TestOrganization,
} from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

const IDP_CERTIFICATE = new URL('../../../server/test/sso/keys/test-idp-cert.pem', import.meta.url);

let server: TestServer;
let browser: Browser;
let org: TestOrganization;
let grace: TestMember;
let writersId: string;
let admin: WatchedPage;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  const ada = await createUser(server, { displayName: 'Ada Lovelace', email: 'ada@example.test' });
  org = await createOrganization(server, { title: 'Acme', owner: ada });
  const organizationId = org.organization.id;
  grace = await addMember(server, organizationId, 'edit', {
    displayName: 'Grace Hopper',
    email: 'grace@example.test',
  });
  const call = server.callOperation;
  const writers = await call(operations.orgs.teams.create, org.admin, { organizationId, title: 'Writers' });
  writersId = writers.id;
  // An active provider (the saml tests' identity provider's certificate): the sign-in screen offers it.
  await call(operations.orgs.saml.create, org.admin, {
    organizationId,
    label: 'Okta',
    defaultRole: 'edit',
    entityID: 'https://idp.example.test/metadata',
    ssoURL: 'https://idp.example.test/sso',
    certificate: readFileSync(IDP_CERTIFICATE, 'utf8').trim(),
  });
  admin = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The screen as it is now passes axe and showed no problem so far. */
async function expectAccessibleAndQuiet(watched: WatchedPage): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

/** The answer of the next call of a tRPC procedure (`orgs.update`), once it came. */
const answerOf = (page: Page, procedure: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname.includes(`/trpc/${procedure}`));

const organizationNow = () =>
  server.callOperation(operations.orgs.get, org.admin, { organizationId: org.organization.id });

describe("an organization's settings and people in the browser", () => {
  it('lets an admin change the title and the role of people who join, and turn invite links on', async () => {
    const { page } = admin;
    await signInWithToken(page, org.admin.token);
    await page.goto(`/o/${org.organization.id}/settings`);
    await page.getByRole('heading', { name: 'Settings of Acme' }).waitFor();
    await page.getByRole('list', { name: 'Identity providers' }).getByText('Okta', { exact: true }).waitFor();
    await expectAccessibleAndQuiet(admin);

    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Acme Docs');
    await page.getByRole('combobox', { name: 'Role of people who join' }).selectOption('edit');
    const saved = answerOf(page, 'orgs.update');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('heading', { name: 'Settings of Acme Docs' }).waitFor();
    expect(await organizationNow()).toMatchObject({ title: 'Acme Docs', defaultRole: 'edit' });

    const inviteLinks = page.getByRole('switch', { name: 'Allow invite links' });
    const switched = answerOf(page, 'orgs.update');
    await inviteLinks.click();
    expect((await switched).status()).toBe(200);
    await expect.poll(() => inviteLinks.getAttribute('aria-checked')).toBe('true');
    expect(await organizationNow()).toMatchObject({ inviteLinks: true });
    // The screen from its top (the switch scrolled it down).
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'organization-settings');
    await expectAccessibleAndQuiet(admin);
  });

  it("lets an admin change a member's role and put them in a team", async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'People', exact: true }).click();
    await page.getByRole('heading', { name: 'People of Acme Docs' }).waitFor();
    const role = page.getByRole('combobox', { name: 'Role of Grace Hopper' });
    const changed = answerOf(page, 'orgs.members.update');
    await role.selectOption('review');
    expect((await changed).status()).toBe(200);

    const added = answerOf(page, 'orgs.teams.members.put');
    await page.getByRole('combobox', { name: 'Add Grace Hopper to a team' }).selectOption('Writers');
    expect((await added).status()).toBe(200);
    await page.getByRole('list', { name: 'Teams of Grace Hopper' }).getByText('Writers').waitFor();

    const call = server.callOperation;
    const organizationId = org.organization.id;
    expect(
      await call(operations.orgs.members.get, org.admin, { organizationId, userId: grace.user.id }),
    ).toMatchObject({ role: 'review' });
    const team = await call(operations.orgs.teams.members.list, org.admin, {
      organizationId,
      teamId: writersId,
    });
    expect(team.items.map((item) => item.organization.id)).toEqual([grace.user.id]);
    await screenshot(page, 'members-teams');
    await expectAccessibleAndQuiet(admin);
  });

  it('fits the settings and the people in a phone’s 390 px', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await page.goto(`/o/${org.organization.id}/settings`);
    await page.getByRole('heading', { name: 'Settings of Acme Docs' }).waitFor();
    await page.getByRole('list', { name: 'Identity providers' }).waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await screenshot(page, 'organization-settings-phone');
    await expectAccessibleAndQuiet(admin);

    await page.goto(`/o/${org.organization.id}/members`);
    await page.getByRole('list', { name: 'Teams of Grace Hopper' }).getByText('Writers').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await expectAccessibleAndQuiet(admin);
  });

  it('keeps a member who is not an admin out of the settings, and the server refuses their change', async () => {
    // The same page, signed out: this Chromium's contexts share their cookies (one process).
    const member = admin;
    await member.context.clearCookies();
    await member.page.setViewportSize({ width: 1280, height: 800 });
    await member.page.goto(`/sign-in?org=${org.organization.id}`);
    await member.page.getByRole('link', { name: 'Sign in with Okta' }).waitFor();
    await screenshot(member.page, 'sign-in-sso');
    await expectAccessibleAndQuiet(member);
    await signInWithToken(member.page, grace.token);
    await member.page.goto(`/o/${org.organization.id}/settings`);
    await member.page.getByText('Only admins change these settings').waitFor();
    expect(await member.page.getByRole('textbox').count()).toBe(0);
    await expectAccessibleAndQuiet(member);

    const before = await organizationNow();
    const refused = await server.api(`/v1/orgs/${org.organization.id}`, {
      method: 'PATCH',
      token: grace.token,
      body: { title: 'Grace Co' },
    });
    expect(refused.status).toBe(403);
    expect((await organizationNow()).title).toBe(before.title);
  });

  it('lets an admin delete the organization once its name is typed, then offers to create one', async () => {
    const { page } = admin;
    await admin.context.clearCookies();
    await signInWithToken(page, org.admin.token);
    await page.goto(`/o/${org.organization.id}/settings`);
    await page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Acme Docs?' });
    const confirm = dialog.getByRole('button', { name: 'Delete this organization' });
    await dialog.getByRole('textbox', { name: 'Type “Acme Docs” to confirm' }).fill('Acme');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type “Acme Docs” to confirm' }).fill('Acme Docs');
    await screenshot(page, 'organization-delete');
    await expectAccessibleAndQuiet(admin);
    const deleted = answerOf(page, 'orgs.delete');
    await confirm.click();
    expect((await deleted).status()).toBe(200);
    // Ada's only organization is gone: home offers to create one.
    await page.getByText('You are not a member of any organization yet').waitFor();
    const gone = await server.api(`/v1/orgs/${org.organization.id}`, { token: org.admin.token });
    expect(gone.status).toBe(404);
    await expectAccessibleAndQuiet(admin);
  });
});
