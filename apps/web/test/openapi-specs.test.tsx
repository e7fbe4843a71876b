/**
 * The API specs of an organization: each spec's state in words, when it was last processed
 * and its last error (code and reason); still processing ones read again until done; editors
 * add and delete specs, readers only read; a refused slug or source shows on its field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page } from './support/fixtures';
import { openApiHandlers, READER_SPEC_PERMISSIONS, spec } from './support/openapi-fixtures';

const openSpecs = (editor: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) =>
  renderApp('/o/org-acme/openapi', { ...openApiHandlers(editor), ...overrides });

/** A validation refusal as the server sends it: with the issues naming each field. */
function validationRefusal(issues: Array<{ field: string; message: string }>) {
  const message = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  return new TRPCClientError(message, {
    result: {
      error: {
        code: -32600,
        message,
        data: { httpStatus: 400, domainCode: 'validation', code: 'BAD_REQUEST', issues },
      },
    },
  } as never);
}

describe('the API specs of an organization', () => {
  it('shows each spec’s state in words, when it was processed, and its last error', async () => {
    openSpecs(true, {
      'openapi.list': () =>
        page([
          spec(),
          spec({
            id: 'spec-billing',
            slug: 'billing',
            processingState: 'complete',
            lastProcessErrorCode: 'PARSE_ERROR',
            lastProcessErrorMessage: 'paths./pets.get.responses: must have at least one response',
          }),
          spec({
            id: 'spec-new',
            slug: 'new-api',
            processingState: 'progress',
            lastVersion: undefined,
            lastProcessedAt: undefined,
          }),
          spec({ id: 'spec-queued', slug: 'queued', processingState: 'pending' }),
        ]),
    });
    const list = await screen.findByRole('list', { name: 'API specs' });
    const [done, failed, processing, pending] = within(list).getAllByRole('listitem');
    expect(done).toHaveTextContent('Processed');
    expect(done).toHaveTextContent(/Last processed Jan 2, 2026/);
    expect(within(done!).getByRole('link', { name: 'petstore' })).toHaveAttribute(
      'href',
      '/o/org-acme/openapi/petstore',
    );
    expect(failed).toHaveTextContent('Last upload failed');
    expect(failed).toHaveTextContent('Not a valid OpenAPI description');
    expect(failed).toHaveTextContent('PARSE_ERROR');
    expect(failed).toHaveTextContent('paths./pets.get.responses: must have at least one response');
    expect(processing).toHaveTextContent('Processing');
    expect(processing).toHaveTextContent('Never processed');
    expect(pending).toHaveTextContent('Waiting to be processed');
    expect(screen.getByRole('link', { name: 'API specs' })).toHaveAttribute('href', '/o/org-acme/openapi');
  });

  it('reads the list again while a spec is being processed, until it is done', async () => {
    let reads = 0;
    openSpecs(true, {
      'openapi.list': () => {
        reads += 1;
        return page([spec(reads < 2 ? { processingState: 'progress' } : {})]);
      },
    });
    const list = await screen.findByRole('list', { name: 'API specs' });
    expect(list).toHaveTextContent('Processing');
    await waitFor(() => expect(list).toHaveTextContent('Processed'), { timeout: 3000 });
  });

  it('offers neither New spec nor Delete to a reader', async () => {
    openSpecs(false, { 'openapi.list': () => page([spec({ permissions: READER_SPEC_PERMISSIONS })]) });
    await screen.findByRole('list', { name: 'API specs' });
    expect(screen.queryByRole('button', { name: 'New spec' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('says there is none yet', async () => {
    openSpecs(false, { 'openapi.list': () => page([]) });
    expect(await screen.findByText('No API specs yet')).toBeInTheDocument();
    expect(screen.getByText(/Editors of the organization add them/)).toBeInTheDocument();
  });

  it('deletes a spec after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = openSpecs(true, { 'openapi.remove': () => undefined });
    await user.click(await screen.findByRole('button', { name: 'Delete petstore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete petstore?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete spec' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'openapi.remove')[0]!.input).toEqual({
      organizationId: 'org-acme',
      specSlug: 'petstore',
    });
  });
});

describe('the New spec dialog', () => {
  it('explains the slug rule, makes a spec from pasted text, then opens it', async () => {
    const user = userEvent.setup();
    const { calls, app } = openSpecs(true, { 'openapi.create': () => spec({ slug: 'pets-v2' }) });
    await user.click(await screen.findByRole('button', { name: 'New spec' }));
    const dialog = await screen.findByRole('dialog', { name: 'New spec' });
    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    expect(slug).toHaveAccessibleDescription(/Lowercase letters and digits, words joined by single hyphens/);
    await user.type(slug, ' pets-v2 ');
    await user.click(within(dialog).getByRole('radio', { name: 'Paste the description' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'openapi: 3.1.0');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/o/org-acme/openapi/pets-v2'));
    expect(callsTo(calls, 'openapi.create')[0]!.input).toEqual({
      organizationId: 'org-acme',
      slug: 'pets-v2',
      source: { text: 'openapi: 3.1.0' },
    });
  });

  it('shows the server’s refusals on the fields they concern, the dialog still open', async () => {
    const user = userEvent.setup();
    openSpecs(true, {
      'openapi.create': () => {
        throw validationRefusal([
          { field: 'slug', message: 'lowercase letters and digits in words joined by single "-"' },
          { field: 'source.url', message: 'Invalid URL' },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New spec' }));
    const dialog = await screen.findByRole('dialog', { name: 'New spec' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Slug' }), 'Pets_V2');
    // The browser's own URL check is not what is tested: the server's refusal is.
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    url.removeAttribute('type');
    await user.type(url, 'http://a.test/x');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(/lowercase letters and digits in words joined by single "-"/);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/Invalid URL/);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a slug already taken on the slug field', async () => {
    const user = userEvent.setup();
    openSpecs(true, {
      'openapi.create': () => {
        throw refusal(409, 'conflict', 'slug: the organization has an OpenAPI specification with this slug');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New spec' }));
    const dialog = await screen.findByRole('dialog', { name: 'New spec' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Slug' }), 'petstore');
    await user.click(within(dialog).getByRole('radio', { name: 'Paste the description' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'swagger: "2.0"');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        /the organization has an OpenAPI specification with this slug/,
      ),
    );
  });
});
