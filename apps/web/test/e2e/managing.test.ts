// @vitest-environment node
/**
 * Managing an organization in the built app, served by a real server on the embedded engine,
 * in a real Chromium: a space dragged with the mouse into another collection (and the server
 * says it moved), then the people of the organization, a space's permissions and history,
 * and the person's settings. Each screen passes axe-core with no serious or critical
 * violation, shows no console error, and is kept as a screenshot in docs/screenshots/. The
 * tests run in order in one browser context.
 */
import { addOrganizationMember, createUser, operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;
let archiveId: string;
let teamNotesId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  const call = server.callOperation;
  const as = docs.org.admin;
  const organizationId = docs.org.organization.id;
  const archive = await call(operations.collections.create, as, { organizationId, title: 'Archive' });
  archiveId = archive.id;
  const spaces = await call(operations.spaces.list, as, { organizationId });
  teamNotesId = spaces.items.find((space) => space.title === 'Team notes')!.id;
  // People to manage: Grace, a member, in a team that holds a role on the handbook.
  // A member at once (an invitation by email waits for its link: invitation.test.ts).
  const grace = await createUser(server.services, { displayName: 'grace', email: 'grace@example.test' });
  await addOrganizationMember(server.services, { organizationId, user: grace, role: 'edit' });
  const invited = { users: [grace.id] };
  const team = await call(operations.orgs.teams.create, as, {
    organizationId,
    title: 'Writers',
    members: invited.users,
  });
  await call(operations.spaces.permissions.invite, as, {
    spaceId: docs.spaceId,
    role: 'review',
    teams: [team.id],
    users: invited.users,
  });
  await call(operations.orgs.update, as, { organizationId, inviteLinks: true });
  await call(operations.orgs.inviteLinks.create, as, { organizationId, role: 'read' });
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The screen as it is now passes axe and showed no problem so far. */
async function expectAccessibleAndQuiet(): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

describe('managing an organization in the browser', () => {
  it('signs in and drags a space into another collection', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.getByRole('button', { name: 'Actions for Archive' }).waitFor();
    await screenshot(page, 'content-tree');
    await expectAccessibleAndQuiet();

    const handle = page.locator(`[data-drag-id="space:${teamNotesId}"]`);
    const target = page.locator(`[data-drop-id="collection:${archiveId}"]`);
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the activation distance, then onto the collection's row, in steps as a hand would.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    const to = (await target.boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    await page.getByText('Moved Team notes to Archive.').waitFor();

    const moved = await server.callOperation(operations.spaces.get, docs.org.admin, { spaceId: teamNotesId });
    expect(moved.parent).toBe(archiveId);
    const archiveList = page.getByRole('list', { name: 'In Archive' });
    await expect.poll(() => archiveList.textContent()).toContain('Team notes');
    await expectAccessibleAndQuiet();
  });

  it('opens the people of the organization: members, teams and invites', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('heading', { name: 'People of Acme' }).waitFor();
    await page.getByRole('combobox', { name: 'Role of grace' }).waitFor();
    await screenshot(page, 'members');
    await expectAccessibleAndQuiet();

    await page.getByRole('tab', { name: 'Teams' }).click();
    await page.getByRole('button', { name: 'Show members of Writers' }).click();
    await page
      .getByRole('list', { name: 'Members of Writers' })
      .getByText('grace', { exact: true })
      .waitFor();
    await expectAccessibleAndQuiet();

    await page.getByRole('tab', { name: 'Invites' }).click();
    const link = page.getByRole('textbox', { name: 'Invite link for Reader' });
    expect(await link.inputValue()).toContain(`/invite/${docs.org.organization.id}/`);
    await screenshot(page, 'invites');
    await expectAccessibleAndQuiet();
  });

  it("opens a space's permissions", async () => {
    const { page } = watched;
    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/~/permissions`);
    const roles = page.getByRole('list', { name: 'Roles on this space' });
    await roles.getByText('Writers', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role of Writers' }).inputValue()).toBe('review');
    await screenshot(page, 'space-permissions');
    await expectAccessibleAndQuiet();
  });

  it("opens a space's history and what a revision changed", async () => {
    const { page } = watched;
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    await page
      .getByRole('button', { name: /Edited/ })
      .first()
      .click();
    await page.getByText(/pages? added/).waitFor();
    await screenshot(page, 'space-history');
    await expectAccessibleAndQuiet();
  });

  it('opens the settings: this browser marked, the API tokens', async () => {
    const { page } = watched;
    await page.goto(`/o/${docs.org.organization.id}`);
    await page.getByRole('link', { name: 'Settings' }).click();
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await sessions.getByText('This browser').waitFor();
    await page.getByRole('list', { name: 'API tokens' }).waitFor();
    await screenshot(page, 'user-settings');
    await expectAccessibleAndQuiet();
  });
});
