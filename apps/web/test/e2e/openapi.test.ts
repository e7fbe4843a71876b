// @vitest-environment node
/**
 * API specs in the built app, served by a real server on the embedded engine, in a real
 * Chromium: a spec made from a pasted OpenAPI description, followed while it is processed,
 * then rendered as a reference (Scalar, loaded in its own chunk) showing its operations; a
 * bad upload refused with its code and reason while the last good version still renders.
 * Each screen passes axe-core with no serious or critical violation and shows no console
 * error; the spec's screen is kept as docs/screenshots/openapi-spec.png. The tests run in
 * order in one browser context.
 */
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

/** A small OpenAPI 3.1 description: two operations under one tag, a schema, an example. */
const PETSTORE = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'Petstore', version: '1.0.0', description: 'Pets, for the end-to-end test.' },
    tags: [{ name: 'pets', description: 'Everything about pets' }],
    paths: {
      '/pets': {
        get: {
          tags: ['pets'],
          operationId: 'listPets',
          summary: 'List pets',
          parameters: [
            { name: 'limit', in: 'query', description: 'How many at most', schema: { type: 'integer' } },
          ],
          responses: {
            '200': {
              description: 'The pets',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                  example: [{ id: 1, name: 'Rex' }],
                },
              },
            },
          },
        },
        post: {
          tags: ['pets'],
          operationId: 'createPet',
          summary: 'Create a pet',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
      },
    },
  },
  null,
  2,
);

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
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

/** Processing runs as a job in the server: waited for as a person would, by its state. */
const PROCESSING = { timeout: 30_000 };

describe('API specs in the browser', () => {
  it('signs in and opens the API specs of the organization', async () => {
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    await page.getByRole('link', { name: 'API specs' }).click();
    await page.getByText('No API specs yet').waitFor();
    await expectAccessibleAndQuiet();
  });

  it('makes a spec from pasted text and renders it once processed', async () => {
    const { page } = watched;
    await page.getByRole('button', { name: 'New spec' }).click();
    const dialog = page.getByRole('dialog', { name: 'New spec' });
    await dialog.getByRole('textbox', { name: 'Slug' }).fill('petstore');
    await dialog.getByRole('radio', { name: 'Paste the description' }).check();
    await dialog.getByRole('textbox', { name: 'Description' }).fill(PETSTORE);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'petstore', exact: true }).waitFor();
    await page.getByText('Processed', { exact: true }).waitFor(PROCESSING);
    const reference = page.locator('.api-reference');
    await reference.getByText('List pets').first().waitFor();
    await reference.getByText('/pets').first().waitFor();
    expect(await reference.getByText('Create a pet').count()).toBeGreaterThan(0);
    await expectAccessibleAndQuiet();

    await page.getByRole('tab', { name: 'Versions' }).click();
    const versions = page.getByRole('list', { name: 'Versions' });
    await versions.getByText('OpenAPI 3.1 · 2 operations', { exact: false }).waitFor();
    await versions.getByText('Petstore', { exact: true }).waitFor();
    await expectAccessibleAndQuiet();
  });

  it('refuses a bad upload with its code and reason, the last good version still rendered', async () => {
    const { page } = watched;
    await page.getByRole('tab', { name: 'Upload and visibility' }).click();
    const upload = page.getByRole('region', { name: 'Upload a new version' });
    await upload.getByRole('radio', { name: 'Paste the description' }).check();
    await upload.getByRole('textbox', { name: 'Description' }).fill('title: not an OpenAPI description\n');
    await upload.getByRole('button', { name: 'Upload' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'The last upload failed' });
    await error.waitFor(PROCESSING);
    expect(await error.textContent()).toContain('PARSE_ERROR');
    expect(await error.textContent()).toContain('The last good version is still the one shown');
    await page.getByRole('tab', { name: 'Reference' }).click();
    const reference = page.locator('.api-reference');
    await reference.getByText('List pets').first().waitFor();
    await reference.getByText('/pets').first().waitFor();
    // The error and the top of the reference under it, as a person lands on the screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'openapi-spec');
    await expectAccessibleAndQuiet();
  });

  it('shows the failed upload in the list of specs', async () => {
    const { page } = watched;
    await page.getByRole('link', { name: '← All API specs' }).click();
    const list = page.getByRole('list', { name: 'API specs' });
    await list.getByRole('link', { name: 'petstore' }).waitFor();
    await list.getByText('Last upload failed', { exact: true }).waitFor();
    await list.getByText('PARSE_ERROR', { exact: true }).waitFor();
    await expectAccessibleAndQuiet();
  });
});
