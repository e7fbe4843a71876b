// @vitest-environment node
/**
 * A change request from first page to merge in the built app, in a real Chromium against a
 * real server (issue 30, items 1 to 3): a writer writes two pages of an empty space, drags
 * one under the other, sets the space's merge rule (one approval), opens a change request
 * from the page (subject and description), edits both pages inside it and the description,
 * marks it ready and asks a reviewer, whom the space's merge rule waits for; the reviewer
 * (a second person) finds it in her queue and approves; the writer merges after a
 * confirmation naming the pages; the live pages show the edits; a third person, outside the
 * space, is refused the change request (404). Each screen passes axe-core with no serious or
 * critical violation, is kept in docs/screenshots/, and fits a phone's 390 px. One browser
 * and one page, the three people signing in in turn (this Chromium's contexts share their
 * cookies, so a second context would be the first person again); the steps wait for the
 * server's answers or for what they look for, never for time.
 */
import { operations } from '@quire/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganization,
  createUser,
  type TestMember,
  type TestOrganization,
  type TestUser,
} from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, signInWithToken, type WatchedPage } from './support/browser';
import { screenshot } from './support/screenshots';

let server: TestServer;
let browser: Browser;
let org: TestOrganization;
let reviewer: TestMember;
let outsider: TestUser;
let watched: WatchedPage;
let spaceId: string;
let number: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  const owner = await createUser(server, { displayName: 'Ada Lovelace', email: 'ada@example.test' });
  org = await createOrganization(server, { title: 'Acme', owner });
  reviewer = await addMember(server, org.organization.id, 'review', {
    displayName: 'Grace Hopper',
    email: 'grace@example.test',
  });
  outsider = await createUser(server, { displayName: 'Mallory', email: 'mallory@example.test' });
  const space = await server.callOperation(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'Field guide',
    editMode: 'live',
  });
  spaceId = space.id;
  watched = await openWatchedPage(browser, server.url);
  await signInAs(org.admin);
  await watched.page.getByRole('heading', { name: 'Acme' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs out whoever is signed in (the session is a cookie), then signs in as `person`. */
async function signInAs(person: TestUser): Promise<void> {
  await watched.context.clearCookies();
  await signInWithToken(watched.page, person.token);
}

const spacePath = () => `/o/${org.organization.id}/s/${spaceId}`;

/** Waits for the server's successful answer to a tRPC procedure. */
const answered = (page: Page, procedure: string) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname.includes(`/trpc/${procedure}`) && response.ok(),
  );

const row = (page: Page, name: string) =>
  page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name });

/** No serious axe violation, nothing wrong in the console, and no sideways scroll at the width it has. */
async function expectSound(watched: WatchedPage, where: string): Promise<void> {
  const { page } = watched;
  expect(await seriousViolations(page), where).toEqual([]);
  expect(watched.problems, where).toEqual([]);
  const over = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(over, `${where}: scrolls sideways`).toBeLessThanOrEqual(0);
}

async function createPage(page: Page, title: string, from: 'invite' | 'menu'): Promise<void> {
  if (from === 'invite') await page.getByRole('button', { name: 'New page' }).click();
  else {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Page' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Title').fill(title);
  const created = answered(page, 'spaces.content.update');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await created;
  await row(page, title).waitFor();
}

/** Opens the editor on the change request's page shown, types a line and saves it into the change request. */
async function editInChangeRequest(page: Page, title: string, line: string): Promise<void> {
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await page.getByRole('button', { name: `Edit in #${number}` }).click();
  const content = page.getByRole('textbox', { name: `Content of ${title}` });
  await content.click();
  await page.keyboard.type(line);
  await content.getByText(line).waitFor();
  const saved = answered(page, 'changeRequests.content.update');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await page.getByText(`Saved into change request #${number}`).waitFor();
}

describe('a change request from the first page to the merge, in the browser', () => {
  it('writes two pages, drags one under the other, and sets the space’s merge rule', async () => {
    const { page } = watched;
    await page.goto(spacePath());
    await page.getByRole('heading', { name: 'Write the first page' }).waitFor();
    await createPage(page, 'Overview', 'invite');
    await createPage(page, 'Setup', 'menu');

    const handle = row(page, 'Setup').locator('.page-tree-handle');
    await row(page, 'Setup').hover();
    const from = (await handle.boundingBox())!;
    const to = (await row(page, 'Overview').boundingBox())!;
    const moved = answered(page, 'spaces.content.update');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the drag's 4 px threshold, then onto the middle of Overview's row: "inside".
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.locator('.page-tree-row.drop-inside').waitFor();
    await page.mouse.up();
    await moved;
    await page.getByText('Moved Setup.').waitFor();
    await expect.poll(() => row(page, 'Setup').getAttribute('aria-level')).toBe('2');
    await page.getByRole('button', { name: 'Dismiss' }).click();

    // The space's merge rule, set by its administrator: one approval (the merge button names it while it blocks).
    await page.getByRole('link', { name: 'Change requests' }).click();
    const rules = page.getByRole('region', { name: 'Merge rules' });
    await rules.getByText('No merge rule').waitFor();
    await rules.getByLabel('Approvals needed').fill('1');
    const ruled = answered(page, 'spaces.mergeRules.update');
    await rules.getByRole('button', { name: 'Save the merge rules' }).click();
    await ruled;
    await rules.getByText('At least 1 approval(s)').waitFor();
    await rules.getByText('This space has merge rules of its own.').waitFor();
    await expectSound(watched, 'the merge rules of the space');
  });

  it('opens a change request from the page, and edits two pages inside it', async () => {
    const { page } = watched;
    await row(page, 'Overview').click();
    await page.waitForURL((url) => url.pathname === `${spacePath()}/overview`);
    await page.getByRole('button', { name: 'New change request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New change request' });
    await dialog.getByLabel('Subject').fill('Explain the first steps');
    await dialog.getByLabel('Description (optional)').fill('Two pages for a first start.');
    await expectSound(watched, 'the new change request dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The new change request opens on the page the writer was on.
    const inside = new RegExp(`^${spacePath()}/~/changes/(\\d+)/overview$`);
    await page.waitForURL((url) => inside.test(url.pathname));
    number = inside.exec(new URL(page.url()).pathname)![1]!;
    await page.getByText(`You are in change request #${number}`).waitFor();

    await editInChangeRequest(page, 'Overview', 'Start here, then read Setup.');
    await screenshot(page, 'change-request-editing');
    await expectSound(watched, 'a page edited in the change request');

    // The tree inside the change request leads to its own version of the page.
    await row(page, 'Setup').click();
    await page.waitForURL((url) => url.pathname === `${spacePath()}/~/changes/${number}/overview/setup`);
    await editInChangeRequest(page, 'Setup', 'Run pnpm start in the folder.');
  });

  it('marks it ready and asks a reviewer; the merge rule blocks the merge and says so', async () => {
    const { page } = watched;
    await page.getByRole('button', { name: 'Close the editor' }).click();
    await page.getByRole('link', { name: 'Review the changes' }).click();
    await page.getByRole('heading', { name: `#${number} Explain the first steps`, level: 1 }).waitFor();
    const description = page.getByRole('region', { name: 'Description' });
    await description.getByText('Two pages for a first start.').waitFor();
    await description.getByRole('button', { name: 'Edit description' }).click();
    const editing = page.getByRole('dialog', { name: `Description of change request #${number}` });
    await editing
      .getByLabel('Description', { exact: true })
      .fill('Two pages for a first start.\n\nReviewers: please run the commands.');
    const described = answered(page, 'changeRequests.update');
    await editing.getByRole('button', { name: 'Save' }).click();
    await described;
    await description.getByText('Reviewers: please run the commands.').waitFor();
    const ready = answered(page, 'changeRequests.update');
    await page.getByRole('button', { name: 'Ready for review' }).click();
    await ready;
    await page.getByText('ready for review', { exact: true }).waitFor();

    await page.getByLabel('Ask to review').selectOption({ label: 'Grace Hopper' });
    const requested = answered(page, 'changeRequests.requestedReviewers.request');
    await page.getByRole('button', { name: 'Request review' }).click();
    await requested;
    await page.getByRole('button', { name: 'Take back the request to Grace Hopper' }).waitFor();
    await page.getByText(/Cannot be merged yet: Merge rule 1 \(approvals\) blocks it/).waitFor();
    expect(await page.getByRole('button', { name: 'Merge into the space' }).isDisabled()).toBe(true);
    // The screenshot shows the top: the description, the status moves, the blocked merge and its rule.
    await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'change-request-review-requested');
    await expectSound(watched, 'the change request, waiting for its review');
  });

  it('the reviewer finds it in her queue and approves it', async () => {
    const { page } = watched;
    await signInAs(reviewer);
    // Her queue in the organization lists it under "Needs my review".
    await page.goto(`/o/${org.organization.id}/change-requests`);
    expect(await page.getByRole('button', { name: 'Needs my review' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const queued = page.getByRole('link', { name: new RegExp(`#${number}\\s*Explain the first steps`) });
    await queued.waitFor();
    expect(await queued.textContent()).toContain('Field guide');
    await screenshot(page, 'change-requests-review-queue');
    await expectSound(watched, 'the review queue');
    await queued.click();
    await page.getByRole('heading', { name: `#${number} Explain the first steps`, level: 1 }).waitFor();
    // Both pages' edits are in what she reviews.
    await page.getByText('Start here, then read Setup.').first().waitFor();
    await page.getByText('Run pnpm start in the folder.').first().waitFor();
    await page.getByLabel('Comment (optional)').fill('Clear, thanks.');
    const approved = answered(page, 'changeRequests.reviews.submit');
    await page.getByRole('button', { name: 'Approve' }).click();
    await approved;
    await page.getByText(/Grace Hopper approved on/).waitFor();
    await screenshot(page, 'change-request-approved');
    await expectSound(watched, 'the change request, approved');
  });

  it('the writer merges it after a confirmation naming its pages, and the live pages show the edits', async () => {
    const { page } = watched;
    await signInAs(org.admin);
    await page.goto(`${spacePath()}/~/changes/${number}`);
    const merge = page.getByRole('button', { name: 'Merge into the space' });
    await page.getByText(/Grace Hopper approved on/).waitFor();
    await expect.poll(() => merge.isEnabled()).toBe(true);
    await merge.click();
    const confirm = page.getByRole('alertdialog', { name: `Merge change request #${number}?` });
    await confirm.getByText('Changed (2):').waitFor();
    await confirm.getByText(/Every merge rule of the space is met \(Merge rule 1 \(approvals\)\)/).waitFor();
    expect(await confirm.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining(['Overview', 'Setup']),
    );
    await screenshot(page, 'change-request-merge');
    await expectSound(watched, 'the merge confirmation');
    const merged = answered(page, 'changeRequests.merge');
    await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
    await merged;
    await page.locator('#main').getByText('merged', { exact: true }).waitFor();

    await page.goto(`${spacePath()}/overview`);
    await page.locator('article').getByText('Start here, then read Setup.').waitFor();
    await page.goto(`${spacePath()}/overview/setup`);
    await page.locator('article').getByText('Run pnpm start in the folder.').waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('fits a phone: the change request and its page, the top bar folded into a menu', async () => {
    const { page } = watched;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${spacePath()}/~/changes/${number}`);
    await page.getByRole('heading', { name: `#${number} Explain the first steps`, level: 1 }).waitFor();
    await expectSound(watched, 'the merged change request at 390 px');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page
      .getByRole('navigation', { name: 'Organization' })
      .getByRole('link', { name: 'People' })
      .waitFor();
    await screenshot(page, 'phone-topbar-menu');
    await expectSound(watched, 'the top bar menu at 390 px');
    await page.keyboard.press('Escape');
    await page.goto(`${spacePath()}/~/changes/${number}/overview/setup`);
    await page.getByRole('heading', { name: 'Setup', level: 1 }).waitFor();
    await expectSound(watched, 'a page of the change request at 390 px');
  });

  it('refuses the change request to someone outside the space (404), showing nothing of it', async () => {
    const { page } = watched;
    const api = await page.request.get(`/v1/spaces/${spaceId}/change-requests/${number}`, {
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(api.status()).toBe(404);
    await signInAs(outsider);
    await page.goto(`${spacePath()}/~/changes/${number}`);
    await page.getByRole('alert').getByText('Not found', { exact: true }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Explain the first steps');
    await screenshot(page, 'change-request-refused');
    expect(await seriousViolations(page)).toEqual([]);
    // The browser's own line for the 404 answer is the refusal itself, not a problem of the page.
    expect(watched.problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });
});
