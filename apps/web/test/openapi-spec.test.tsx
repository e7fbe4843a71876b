/**
 * An API spec's screen: its versions newest first (spec version, title, operations); the
 * newest one rendered from its root document (the renderer is Scalar, replaced here by a
 * stand-in showing what it was given); the last upload's error next to the last good
 * version, still rendered; a spec being processed read again until done, with the job's
 * progress; editors upload a new source and switch the visibility, readers do neither.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page } from './support/fixtures';
import { openApiHandlers, ROOT_DOCUMENT, spec, version } from './support/openapi-fixtures';

vi.mock('../src/openapi/scalar-reference', () => ({
  default: ({ text }: { text: string }) => <pre data-testid="rendered-reference">{text}</pre>,
}));

const openSpec = (editor: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) =>
  renderApp('/o/org-acme/openapi/petstore', { ...openApiHandlers(editor), ...overrides });

describe('an API spec', () => {
  it('renders the newest version from its root document and lists the versions newest first', async () => {
    const user = userEvent.setup();
    const { calls } = openSpec(true);
    const rendered = await screen.findByTestId('rendered-reference');
    expect(rendered.textContent).toBe(ROOT_DOCUMENT);
    expect(callsTo(calls, 'openapi.versions.content')[0]!.input).toEqual({
      organizationId: 'org-acme',
      specSlug: 'petstore',
      versionId: 'version-2',
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Versions' }));
    const versions = await screen.findByRole('list', { name: 'Versions' });
    const [newest, older] = within(versions).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Petstore');
    expect(newest).toHaveTextContent('Newest');
    expect(newest).toHaveTextContent('OpenAPI 3.1 · 3 operations');
    expect(older).toHaveTextContent('Petstore (old)');
    expect(older).toHaveTextContent('OpenAPI 3.0 · 1 operation');
  });

  it('renders a spec of several files from the document the server bundled', async () => {
    const bundled = JSON.stringify({ openapi: '3.1.0', info: { title: 'Bundled', version: '2' }, paths: {} });
    openSpec(true, {
      'openapi.versions.content': () => ({
        filesystem: { 'openapi.yaml': ROOT_DOCUMENT, 'schemas/pet.yaml': 'type: object\n' },
        url: 'http://quire.test/v1/orgs/org-acme/openapi/petstore/versions/version-2/content',
        bundled,
      }),
    });
    expect((await screen.findByTestId('rendered-reference')).textContent).toBe(bundled);
  });

  it('shows the failed upload’s code and reason next to the last good version, still rendered', async () => {
    openSpec(true, {
      'openapi.get': () =>
        spec({
          lastProcessErrorCode: 'FETCH_ERROR',
          lastProcessErrorMessage: 'GET http://specs.test/pets.yaml answered 404',
        }),
    });
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The last upload failed: The URL could not be fetched FETCH_ERROR');
    expect(error).toHaveTextContent('GET http://specs.test/pets.yaml answered 404');
    expect(error).toHaveTextContent('The last good version is still the one shown');
    expect((await screen.findByTestId('rendered-reference')).textContent).toBe(ROOT_DOCUMENT);
  });

  it('reads the spec every second while it is processed, shows the job’s progress, then the new version', async () => {
    let reads = 0;
    openSpec(true, {
      'openapi.get': () => {
        reads += 1;
        return reads < 2
          ? spec({ processingState: 'progress', lastVersion: 'version-1', job: 'job-1' })
          : spec({ lastVersion: 'version-2', job: 'job-1' });
      },
      'jobs.get': () => ({
        id: 'job-1',
        state: 'running',
        progress: { done: 1, total: 3 },
        log: [{ at: '', message: 'Fetched the source' }],
      }),
    });
    expect(await screen.findByText(/Processing the last upload/)).toBeInTheDocument();
    expect(await screen.findByText('Fetched the source')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute('value', '1');
    await waitFor(() => expect(screen.queryByText(/Processing the last upload/)).toBeNull(), {
      timeout: 3000,
    });
    expect(screen.getByText('Processed')).toBeInTheDocument();
  });

  it('uploads a new source from a URL', async () => {
    const user = userEvent.setup();
    const { calls } = openSpec(true, {
      'openapi.put': () => spec({ processingState: 'pending', sourceURL: 'https://specs.test/pets.yaml' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Upload and visibility' }));
    const upload = await screen.findByRole('region', { name: 'Upload a new version' });
    await user.type(within(upload).getByRole('textbox', { name: 'URL' }), 'https://specs.test/pets.yaml');
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(callsTo(calls, 'openapi.put')).toHaveLength(1));
    expect(callsTo(calls, 'openapi.put')[0]!.input).toEqual({
      organizationId: 'org-acme',
      specSlug: 'petstore',
      source: { url: 'https://specs.test/pets.yaml' },
    });
    expect(await screen.findByText('Waiting to be processed')).toBeInTheDocument();
  });

  it('switches the spec public', async () => {
    const user = userEvent.setup();
    const published = 'http://quire.test/~openapi/org-acme/petstore';
    const { calls } = openSpec(true, {
      'openapi.update': () => spec({ visibility: 'public', urls: { ...spec().urls, published } }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Upload and visibility' }));
    const visibility = await screen.findByRole('switch', { name: 'Public' });
    expect(visibility).toHaveAccessibleDescription('Only the organization’s members can read it.');
    await user.click(visibility);
    await waitFor(() => expect(visibility).toHaveAttribute('aria-checked', 'true'));
    expect(callsTo(calls, 'openapi.update')[0]!.input).toEqual({
      organizationId: 'org-acme',
      specSlug: 'petstore',
      visibility: 'public',
    });
    expect(await screen.findByRole('link', { name: published })).toHaveAttribute('href', published);
  });

  it('lets a reader read only', async () => {
    const user = userEvent.setup();
    openSpec(false, { 'openapi.versions.list': () => page([version('version-2')]) });
    expect(await screen.findByTestId('rendered-reference')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Versions' }));
    await screen.findByRole('list', { name: 'Versions' });
    await user.click(screen.getByRole('tab', { name: 'Visibility' }));
    expect(await screen.findByRole('switch', { name: 'Public' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Upload a new version' })).toBeNull();
  });
});

describe('a public API spec’s page', () => {
  it('renders the newest version for anyone, without a session', async () => {
    const { calls } = renderApp('/~openapi/org-acme/petstore', {
      ...openApiHandlers(false),
      'openapi.get': () => spec({ visibility: 'public' }),
    });
    expect((await screen.findByTestId('rendered-reference')).textContent).toBe(ROOT_DOCUMENT);
    expect(callsTo(calls, 'session.current')).toEqual([]);
  });

  it('reads as not found when the spec is not public', async () => {
    renderApp('/~openapi/org-acme/petstore', {
      'openapi.get': () => {
        throw refusal(404, 'not_found', 'OpenAPI specification not found');
      },
    });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Not found');
    expect(notice).toHaveTextContent('OpenAPI specification not found');
  });
});
