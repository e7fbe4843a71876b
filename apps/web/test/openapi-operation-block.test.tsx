/**
 * GitBook's `openapi-operation` block in a page: the read view and the editor's node show the
 * operation rendered from the spec's newest version (method, path, summary, parameters,
 * request body and response schemas); a spec that does not exist, one still being processed
 * and an operation no longer in the spec each say so; the insert dialog lists the
 * organization's specs and a spec's operations and inserts the chosen one, saved as GitBook's
 * markdown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';
import { spec } from './support/openapi-fixtures';

const DESCRIPTION = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        summary: 'Get a pet',
        parameters: [
          { name: 'fields', in: 'query', description: 'Fields to return', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '404': { description: 'No such pet' },
        },
      },
      put: {
        summary: 'Replace a pet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        responses: { '204': { description: 'Replaced' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'What the pet answers to' },
          // A recursive schema renders in bounded size.
          parent: { $ref: '#/components/schemas/Pet' },
        },
      },
    },
  },
});

const BLOCK =
  '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}';
const MARKDOWN = '# Pets\n\n' + BLOCK + '\n\nAfter the block.\n';

const pageWith = (markdown: string) => ({
  id: 'page-1',
  title: 'Pets',
  path: 'pets',
  pages: [],
  markdown,
});

function openPage(markdown: string, extra: Record<string, Handler> = {}) {
  const PAGE = pageWith(markdown);
  return renderApp('/o/org-acme/s/space-1/pets', {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => ({
      id: 'space-1',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      editMode: 'live',
      revision: 'rev-1',
    }),
    'spaces.content.pages.list': () => ({ pages: [PAGE] }),
    'spaces.content.path.get': () => PAGE,
    // The editor reads the page at the space's revision.
    'spaces.content.page.get': () => PAGE,
    'spaces.comments.list': () => page([]),
    'changeRequests.list': () => page([]),
    'spaces.content.update': () => ({}),
    'openapi.list': () =>
      page([spec(), spec({ id: 'spec-yaml', slug: 'billing', lastVersion: 'version-9' })]),
    'openapi.get': () => spec(),
    'openapi.versions.content': (input) =>
      (input as { specSlug: string }).specSlug === 'billing'
        ? { filesystem: { 'openapi.yaml': 'openapi: 3.1.0\n' }, url: 'http://quire.test/billing' }
        : { filesystem: { 'openapi.json': DESCRIPTION }, url: 'http://quire.test/petstore' },
    ...extra,
  });
}

// jsdom lays nothing out: ProseMirror measures ranges to scroll the selection into view.
beforeAll(() => {
  const empty = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => empty as DOMRect;
});

async function expectRenderedOperation(within_: HTMLElement) {
  const block = await within(within_).findByRole('region', { name: 'API operation GET /pets/{petId}' });
  await within(block).findByText('Get a pet');
  expect(within(block).getByText('GET')).toHaveClass('method-badge');
  expect(within(block).getByText('/pets/{petId}')).toBeInTheDocument();
  // Path-level and operation-level parameters.
  const parameters = within(block).getByRole('table');
  expect(within(parameters).getByText('petId')).toBeInTheDocument();
  expect(within(parameters).getByText('fields')).toBeInTheDocument();
  expect(within(parameters).getByText('Fields to return')).toBeInTheDocument();
  // The response's schema, its $ref named and its properties listed (the recursion cut).
  expect(within(block).getByText('200')).toBeInTheDocument();
  expect(within(block).getByText('No such pet')).toBeInTheDocument();
  expect(within(block).getAllByText('name').length).toBeGreaterThan(0);
  expect(within(block).getAllByText('— What the pet answers to', { exact: false }).length).toBeGreaterThan(0);
  return block;
}

describe('the openapi-operation block', () => {
  it('shows the operation rendered in the read view, from the newest version', async () => {
    const { calls } = openPage(MARKDOWN);
    const article = await screen.findByRole('article');
    await expectRenderedOperation(article);
    expect(within(article).getByText('After the block.')).toBeInTheDocument();
    expect(within(article).queryByText(/openapi-operation/)).toBeNull();
    expect(callsTo(calls, 'openapi.versions.content')[0]!.input).toEqual({
      organizationId: 'org-acme',
      specSlug: 'petstore',
      versionId: 'version-2',
    });
  });

  it('reads a YAML spec (or one of several files) from the JSON document the server made of it', async () => {
    openPage(MARKDOWN, {
      'openapi.versions.content': () => ({
        filesystem: { 'openapi.yaml': 'openapi: 3.1.0\n', 'schemas/pet.yaml': 'type: object\n' },
        url: 'http://quire.test/petstore',
        bundled: DESCRIPTION,
      }),
    });
    await expectRenderedOperation(await screen.findByRole('article'));
  });

  it('says when the spec does not exist', async () => {
    openPage(MARKDOWN, {
      'openapi.get': () => {
        throw refusal(404, 'not_found', 'OpenAPI specification not found');
      },
    });
    await screen.findByText(/The API spec “petstore” does not exist in this organization/);
  });

  it('says when the spec is still being processed', async () => {
    openPage(MARKDOWN, {
      'openapi.get': () => spec({ processingState: 'progress', lastVersion: undefined }),
    });
    await screen.findByText(/The API spec “petstore” is still being processed/);
  });

  it('says when the operation is no longer in the spec', async () => {
    openPage(BLOCK.replace('method="get"', 'method="delete"') + '\n');
    await screen.findByText(/has no operation DELETE \/pets\/\{petId\} any more/);
  });

  it('shows the operation in the editor as one block, saved back as it was', async () => {
    const { calls } = openPage(MARKDOWN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const content = await screen.findByRole('textbox', { name: 'Content of Pets' });
    await expectRenderedOperation(content);
    expect(within(content).queryByText('Kept as markdown (the editor cannot show it)')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Save to' }), 'live');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.content.update')).toHaveLength(1));
    const [change] = (callsTo(calls, 'spaces.content.update')[0]!.input as { changes: unknown[] }).changes;
    expect(change).toEqual({ operation: 'update_page', page: 'page-1', document: { markdown: MARKDOWN } });
  });

  it('inserts an operation chosen from a spec, saved as GitBook markdown', async () => {
    const { calls } = openPage('Intro.\n');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const content = await screen.findByRole('textbox', { name: 'Content of Pets' });
    content.focus();
    await user.click(screen.getByRole('button', { name: 'Insert API operation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an API operation' });
    const insert = within(dialog).getByRole('button', { name: 'Insert' });
    expect(insert).toBeDisabled();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'API spec' }), 'petstore');
    const operation = await within(dialog).findByRole('combobox', { name: 'Operation' });
    expect(
      within(operation)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an operation…', 'GET /pets/{petId} — Get a pet', 'PUT /pets/{petId} — Replace a pet']);
    await user.selectOptions(operation, 'put /pets/{petId}');
    await user.click(insert);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const block = await within(content).findByRole('region', { name: 'API operation PUT /pets/{petId}' });
    await within(block).findByText('Replace a pet');
    expect(within(block).getByText('Request body')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Save to' }), 'live');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.content.update')).toHaveLength(1));
    const [change] = (callsTo(calls, 'spaces.content.update')[0]!.input as { changes: unknown[] }).changes;
    expect((change as { document: { markdown: string } }).document.markdown).toContain(
      '{% openapi-operation spec="petstore" path="/pets/{petId}" method="put" %}\n{% endopenapi-operation %}\n',
    );
  });

  it('takes a typed method and path for a spec it cannot read (YAML)', async () => {
    openPage('Intro.\n');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    (await screen.findByRole('textbox', { name: 'Content of Pets' })).focus();
    await user.click(screen.getByRole('button', { name: 'Insert API operation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an API operation' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'API spec' }), 'billing');
    const path = await within(dialog).findByRole('textbox', { name: 'Path' });
    const insert = within(dialog).getByRole('button', { name: 'Insert' });
    await user.type(path, 'invoices');
    expect(insert).toBeDisabled();
    await user.clear(path);
    await user.type(path, '/invoices');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'post');
    expect(insert).toBeEnabled();
  });
});
