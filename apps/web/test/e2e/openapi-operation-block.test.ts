// @vitest-environment node
/**
 * An API operation in a page, in the built app, served by a real server on the embedded
 * engine, in a real Chromium: with a spec uploaded and processed (by the server's job), a
 * person edits a page of a live space, inserts an operation chosen in the "Insert API
 * operation" dialog, saves to the space, reloads, and sees the operation rendered in the
 * page (method, path, summary, parameters, response schema). The stored markdown is
 * GitBook's block. The page passes axe-core; it is kept as
 * docs/screenshots/openapi-operation-block.png.
 */
import { operations } from '@quire/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { seriousViolations } from './support/accessibility';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { createDocsSpace, type DocsSpace } from './support/docs-space';
import { screenshot } from './support/screenshots';

const PETSTORE = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        parameters: [
          { name: 'limit', in: 'query', description: 'How many at most', schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: 'The pets',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      post: {
        operationId: 'createPet',
        summary: 'Create a pet',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '201': { description: 'Created' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string', description: 'What the pet answers to' },
        },
      },
    },
  },
});

const PAGE_MARKDOWN = 'The pets of the store, as the API gives them.\n';

let server: TestServer;
let browser: Browser;
let docs: DocsSpace;
let watched: WatchedPage;
let pageId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  docs = await createDocsSpace(server);
  const admin = docs.org.admin;
  await server.callOperation(operations.spaces.update, admin, { spaceId: docs.spaceId, editMode: 'live' });
  const inserted = await server.callOperation(operations.spaces.content.update, admin, {
    spaceId: docs.spaceId,
    changes: [{ operation: 'insert_page', title: 'Pets API', document: { markdown: PAGE_MARKDOWN } }],
  });
  const change = inserted.changes[0];
  pageId = change && 'page' in change && typeof change.page === 'object' ? change.page.id : '';
  watched = await openWatchedPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an API operation in a page', () => {
  it('is inserted from a spec, saved, and shown rendered after a reload', async () => {
    const { page } = watched;
    const admin = docs.org.admin;
    const organizationId = docs.org.organization.id;
    await server.callOperation(operations.openapi.create, admin, {
      organizationId,
      slug: 'petstore',
      source: { text: PETSTORE },
    });
    // Processing is the server's job: waited for by the spec's state, as the app does.
    await expect
      .poll(
        async () =>
          (
            await server.callOperation(operations.openapi.get, admin, {
              organizationId,
              specSlug: 'petstore',
            })
          ).lastVersion,
        { timeout: 30_000 },
      )
      .toBeDefined();
    await page.goto('/sign-in');
    await page.getByRole('tab', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(docs.org.admin.token);
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.waitForLoadState('networkidle');

    await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/pets-api`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const content = page.getByRole('textbox', { name: 'Content of Pets API' });
    await content.getByText('The pets of the store').click();
    await page.keyboard.press('End');

    await page.getByRole('button', { name: 'Insert API operation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert an API operation' });
    await dialog.getByRole('combobox', { name: 'API spec' }).selectOption('petstore');
    const operation = dialog.getByRole('combobox', { name: 'Operation' });
    await operation.selectOption('get /pets');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Insert' }).click();
    const inEditor = content.getByRole('region', { name: 'API operation GET /pets' });
    await inEditor.getByText('List pets').waitFor();

    await page.getByRole('combobox', { name: 'Save to' }).selectOption('live');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved to the space.').waitFor();

    const saved = await server.callOperation(operations.spaces.content.page.get, docs.org.admin, {
      spaceId: docs.spaceId,
      pageId,
      format: 'markdown',
    });
    expect(saved.markdown).toBe(
      PAGE_MARKDOWN +
        '\n{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}\n',
    );

    await page.reload();
    const article = page.getByRole('article');
    const block = article.getByRole('region', { name: 'API operation GET /pets' });
    await block.getByText('List pets').waitFor();
    await block.getByRole('cell', { name: 'limit' }).waitFor();
    await block.getByText('How many at most').waitFor();
    await block.getByText('array of Pet').first().waitFor();
    await block.getByText('What the pet answers to', { exact: false }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'openapi-operation-block');
    expect(watched.problems).toEqual([]);
  });
});
