// @vitest-environment node
/**
 * The site screens in the built app, served by a real server on the embedded engine, in a
 * real Chromium: a site made from a space, sections added, one dragged with the mouse to the
 * top (and the server says it moved there), a claim added to the adaptive schema, a condition
 * refused as it is typed and then accepted, a share link made and switched off, the site
 * published. Each screen passes axe-core with no serious or critical violation and shows no
 * console error; the list and the structure are kept as screenshots in docs/screenshots/.
 * The tests run in order in one browser context.
 */
import { operations } from '@quire/domain';
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
let siteId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  await server.callOperation(operations.spaces.create, docs.org.admin, {
    organizationId: docs.org.organization.id,
    title: 'API reference',
  });
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectAccessibleAndQuiet(): Promise<void> {
  expect(await seriousViolations(watched.page)).toEqual([]);
  expect(watched.problems).toEqual([]);
}

const structureOf = () =>
  server.callOperation(operations.sites.structure.get, docs.org.admin, {
    organizationId: docs.org.organization.id,
    siteId,
  });

const titlesOf = (structure: Awaited<ReturnType<typeof structureOf>>) =>
  structure.structure.map((entry) => entry.title);

describe('sites in the browser', () => {
  it('signs in and makes a site from a space', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByText('No sites yet').waitFor();
    await expectAccessibleAndQuiet();

    await page.getByRole('button', { name: 'New site' }).click();
    const dialog = page.getByRole('dialog', { name: 'New site' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Acme docs');
    await dialog.getByRole('checkbox', { name: 'Handbook' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Acme docs' }).waitFor();
    siteId = page.url().split('/sites/')[1]!;
    await page.getByRole('list', { name: 'Site spaces' }).getByText('Handbook').waitFor();
    await expectAccessibleAndQuiet();
  });

  it('adds two sections and drags the last one to the top', async () => {
    const { page } = watched;
    const picker = page.getByRole('combobox', { name: 'Space for a new section' });
    await picker.selectOption({ label: 'Team notes' });
    await page.getByRole('button', { name: 'Add section' }).click();
    const sections = page.getByRole('list', { name: 'Sections' });
    const sectionTitle = (title: string) =>
      sections.locator('.structure-section-row').getByText(title, { exact: true });
    await sectionTitle('Team notes').waitFor();
    await picker.selectOption({ label: 'API reference' });
    await page.getByRole('button', { name: 'Add section' }).click();
    await sectionTitle('API reference').waitFor();
    const before = titlesOf(await structureOf());
    expect(before).toHaveLength(3);
    expect(before[2]).toBe('API reference');

    const ids = (await structureOf()).structure.map((entry) => entry.id);
    const handle = page.locator(`[data-drag-id="${ids[2]}"]`);
    const target = page.locator(`[data-drag-id="${ids[0]}"]`);
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the activation distance, then onto the first section, in steps as a hand would.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    const to = (await target.boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    await page.getByText('Moved API reference.').waitFor();
    expect(titlesOf(await structureOf())).toEqual(['API reference', before[0], before[1]]);
    await expectAccessibleAndQuiet();
  });

  it('adds a claim to the adaptive schema', async () => {
    const { page } = watched;
    await page.getByRole('tab', { name: 'Adaptive content' }).click();
    await page.getByRole('button', { name: 'Add claim' }).click();
    await page.getByRole('textbox', { name: 'Name of claim 1' }).fill('betaUser');
    await page.getByRole('textbox', { name: 'Description of claim 1' }).fill('Joined the beta');
    await page.getByRole('button', { name: 'Save schema' }).click();
    await page.getByText('Saved.').waitFor();
    await page
      .getByRole('list', { name: 'Ready-made conditions' })
      .getByText('visitor.claims.unsigned.betaUser', { exact: false })
      .first()
      .waitFor();
    await expectAccessibleAndQuiet();
  });

  it('refuses a condition as it is typed, then sets a good one', async () => {
    const { page } = watched;
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.getByRole('button', { name: 'Actions for Team notes' }).first().click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Team notes' });
    const condition = dialog.getByRole('textbox', { name: 'Condition' });
    await condition.fill('visitor.claims.unsigned.nope == true');
    await dialog.getByText(/nope/).last().waitFor();
    expect(await condition.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectAccessibleAndQuiet();

    await condition.fill('visitor.claims.unsigned.betaUser == true');
    expect(await condition.getAttribute('aria-invalid')).toBe('false');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await structureOf()).structure.find((entry) => entry.title === 'Team notes');
    expect(saved).toMatchObject({ condition: 'visitor.claims.unsigned.betaUser == true' });
    await page.getByText('visitor.claims.unsigned.betaUser == true').waitFor();
    await screenshot(page, 'site-structure');
    await expectAccessibleAndQuiet();
  });

  it('makes a share link, switches it off, and publishes the site', async () => {
    const { page } = watched;
    const organizationId = docs.org.organization.id;
    await page.getByRole('tab', { name: 'Sharing' }).click();
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('share-link');
    await page.getByRole('textbox', { name: 'New share link' }).fill('Beta customers');
    await page.getByRole('button', { name: 'Create link' }).click();
    const links = page.getByRole('list', { name: 'Share links' });
    const active = links.getByRole('switch', { name: 'Active (Beta customers)' });
    await active.waitFor();
    expect(await links.getByRole('textbox', { name: 'URL of Beta customers' }).inputValue()).toMatch(/^http/);
    await active.click();
    await links.getByText('Inactive: it lets nobody in').waitFor();
    const listed = await server.callOperation(operations.sites.shareLinks.list, docs.org.admin, {
      organizationId,
      siteId,
    });
    expect(listed.items.map((link) => [link.name, link.active])).toEqual([['Beta customers', false]]);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    const site = await server.callOperation(operations.sites.get, docs.org.admin, { organizationId, siteId });
    expect(site.published).toBe(true);
    expect(site.visibility).toBe('share-link');
    await expectAccessibleAndQuiet();
  });

  it('lists the site among the sites of the organization', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: '← All sites' }).click();
    const list = page.getByRole('list', { name: 'Sites' });
    await list.getByRole('link', { name: 'Acme docs' }).waitFor();
    await list.getByText('Published', { exact: true }).waitFor();
    await screenshot(page, 'sites');
    await expectAccessibleAndQuiet();
  });
});
