/**
 * A space's translations: each one's language, status, stats in words and the reason its
 * last run failed; a run going followed (the translation read again until it ends, and only
 * then); the Run button's states and a refused run's message; deleting after confirming;
 * the New translation form, which builds the instructions document, creates then runs, and
 * is not offered to those who may not create.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

const STATS = {
  runs: 3,
  totalWords: 4312,
  totalPages: 120,
  totalDuration: 40,
  latestRunDuration: 12,
  latestPages: 4,
  latestWords: 300,
};
const NEVER_RUN = {
  runs: 0,
  totalWords: 0,
  totalPages: 0,
  totalDuration: 0,
  latestRunDuration: 0,
  latestPages: 0,
  latestWords: 0,
};

function translation(overrides: Record<string, unknown> = {}) {
  return {
    object: 'translation',
    id: 'tr-fr',
    status: 'completed',
    source: { space: 'space-1', language: 'en' },
    language: 'fr',
    instructions: { object: 'document', data: {}, nodes: [] },
    result: { space: 'space-fr', revision: 'rev-2' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    stats: STATS,
    job: 'job-1',
    permissions: { view: true, edit: true },
    urls: { location: 'http://quire.test/v1/orgs/org-acme/translations/tr-fr' },
    ...overrides,
  };
}

function openTranslations(
  handlers: Record<string, Handler>,
  { canCreate = true, spaceLanguage }: { canCreate?: boolean; spaceLanguage?: string } = {},
) {
  return renderApp('/o/org-acme/s/space-1/~/translations', {
    'session.current': () => SESSION,
    'orgs.list': () => page([ACME]),
    'orgs.get': () => ({ ...ACME, permissions: { admin: false, createContent: canCreate } }),
    'spaces.get': () => ({
      id: 'space-1',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      ...(spaceLanguage ? { language: spaceLanguage } : {}),
    }),
    'spaces.content.pages.list': () => ({ pages: [] }),
    ...handlers,
  });
}

const list = () => screen.findByRole('list', { name: 'Translations' });

describe("a space's translations", () => {
  it('shows each translation of this space with its status, stats, error and progress', async () => {
    const { calls } = openTranslations({
      'translations.list': () =>
        page([
          translation(),
          translation({ id: 'tr-other', language: 'it', source: { space: 'space-2', language: 'en' } }),
          translation({
            id: 'tr-de',
            language: 'de',
            status: 'failed',
            error: {
              code: 'PROVIDER_NOT_CONFIGURED',
              message:
                'No translation provider is configured: set QUIRE_TRANSLATE_PROVIDER and QUIRE_TRANSLATE_URL',
            },
          }),
          translation({
            id: 'tr-ja',
            language: 'ja',
            status: 'running',
            progress: { done: 12, total: 40 },
            result: undefined,
            stats: NEVER_RUN,
          }),
        ]),
      'translations.get': () =>
        translation({ id: 'tr-ja', language: 'ja', status: 'running', progress: { done: 12, total: 40 } }),
    });
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const [french, german, japanese] = rows;
    expect(french).toHaveTextContent('French');
    expect(french).toHaveTextContent('Completed');
    expect(french).toHaveTextContent(
      'From English · 3 runs · 120 pages · 4,312 words · last run 12 s, 4 pages',
    );
    expect(within(french!).getByRole('link', { name: 'Open side by side' })).toHaveAttribute(
      'href',
      '/o/org-acme/s/space-1/~/translations/tr-fr',
    );
    expect(within(french!).getByRole('link', { name: 'Open translated space' })).toHaveAttribute(
      'href',
      '/o/org-acme/s/space-fr',
    );
    expect(within(french!).queryByRole('progressbar')).toBeNull();
    expect(german).toHaveTextContent('Failed');
    expect(german).toHaveTextContent(
      'The last run failed: No translation provider is configured: set QUIRE_TRANSLATE_PROVIDER and QUIRE_TRANSLATE_URL (PROVIDER_NOT_CONFIGURED)',
    );
    expect(japanese).toHaveTextContent('Japanese');
    expect(japanese).toHaveTextContent('Running');
    expect(japanese).toHaveTextContent('Never run');
    expect(japanese).toHaveTextContent('Translating: 12 of 40 texts');
    const progress = within(japanese!).getByRole('progressbar', { name: 'Translation progress' });
    expect(progress).toHaveAttribute('value', '12');
    expect(progress).toHaveAttribute('max', '40');
    expect(within(japanese!).queryByRole('link', { name: 'Open side by side' })).toBeNull();
    // Only the running one is read again.
    await waitFor(() => expect(callsTo(calls, 'translations.get').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'translations.get').map((call) => call.input)).toEqual(
      callsTo(calls, 'translations.get').map(() => ({ organizationId: 'org-acme', translationId: 'tr-ja' })),
    );
  });

  it('walks every page of the organization’s list', async () => {
    const { calls } = openTranslations({
      'translations.list': (input) =>
        (input as { page?: string }).page === 'cursor-2'
          ? page([translation({ id: 'tr-de', language: 'de' })])
          : { ...page([translation()]), next: { page: 'cursor-2' } },
    });
    await waitFor(async () => expect(within(await list()).getAllByRole('listitem')).toHaveLength(2));
    expect(callsTo(calls, 'translations.list').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme', limit: 100 },
      { organizationId: 'org-acme', limit: 100, page: 'cursor-2' },
    ]);
  });

  it('reads a running translation again until its run ends, then stops', async () => {
    let reads = 0;
    const { calls } = openTranslations({
      'translations.list': () =>
        page([translation({ status: 'running', progress: { done: 1, total: 4 }, stats: NEVER_RUN })]),
      'translations.get': () => {
        reads += 1;
        return reads < 2
          ? translation({ status: 'running', progress: { done: 3, total: 4 }, stats: NEVER_RUN })
          : translation();
      },
    });
    const row = within(await list()).getByRole('listitem');
    expect(row).toHaveTextContent('Translating: 1 of 4 texts');
    await waitFor(() => expect(row).toHaveTextContent('Translating: 3 of 4 texts'), { timeout: 3000 });
    await waitFor(() => expect(row).toHaveTextContent('Completed'), { timeout: 3000 });
    expect(row).toHaveTextContent('3 runs · 120 pages');
    expect(within(row).queryByRole('progressbar')).toBeNull();
    // The run ended: the list is read again for its new state.
    await waitFor(() => expect(callsTo(calls, 'translations.list').length).toBeGreaterThan(1));
  });

  it('does not read a translation again when no run is going', async () => {
    const { calls } = openTranslations({
      'translations.list': () =>
        page([
          translation(),
          translation({
            id: 'tr-de',
            language: 'de',
            status: 'pending',
            job: undefined,
            result: undefined,
            stats: NEVER_RUN,
          }),
        ]),
    });
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Not run yet');
    expect(rows[1]).toHaveTextContent('Never run');
    expect(within(rows[1]!).queryByRole('progressbar')).toBeNull();
    expect(callsTo(calls, 'translations.get')).toEqual([]);
  });

  it('runs a translation, the button disabled while the run is going', async () => {
    const user = userEvent.setup();
    let started = false;
    const { calls } = openTranslations({
      'translations.list': () =>
        page([started ? translation({ status: 'pending', job: 'job-2' }) : translation()]),
      'translations.run': () => {
        started = true;
        return null;
      },
      'translations.get': () => translation({ status: 'running', progress: { done: 0, total: 9 } }),
    });
    const run = await screen.findByRole('button', { name: 'Run the French translation' });
    expect(run).toBeEnabled();
    await user.click(run);
    await waitFor(() => expect(run).toBeDisabled());
    expect(run).toHaveTextContent('Running…');
    expect(callsTo(calls, 'translations.run')[0]!.input).toEqual({
      organizationId: 'org-acme',
      translationId: 'tr-fr',
    });
    expect(await screen.findByRole('progressbar', { name: 'Translation progress' })).toBeInTheDocument();
  });

  it('says why a run was refused (a run already going: 409)', async () => {
    const user = userEvent.setup();
    openTranslations({
      'translations.list': () =>
        page([translation({ status: 'failed', error: { code: 'X', message: 'x' } })]),
      'translations.run': () => {
        throw refusal(409, 'conflict', 'A run of this translation is going: wait for it to end');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Run the French translation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A run of this translation is going: wait for it to end',
    );
  });

  it('offers neither Run, Delete nor the form to a reader', async () => {
    openTranslations(
      { 'translations.list': () => page([translation({ permissions: { view: true, edit: false } })]) },
      { canCreate: false },
    );
    await list();
    expect(screen.queryByRole('button', { name: /Run|Delete/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New translation' })).toBeNull();
  });

  it('deletes a translation after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = openTranslations({
      'translations.list': () => page([translation()]),
      'translations.remove': () => null,
    });
    await user.click(await screen.findByRole('button', { name: 'Delete the French translation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the French translation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete translation' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'translations.remove')[0]!.input).toEqual({
      organizationId: 'org-acme',
      translationId: 'tr-fr',
    });
  });
});

describe('the Translations tab', () => {
  it('is reached from the space’s sidebar', async () => {
    const user = userEvent.setup();
    const { app } = renderApp('/o/org-acme/s/space-1/~/history', {
      'session.current': () => SESSION,
      'orgs.list': () => page([ACME]),
      'orgs.get': () => ({ ...ACME, permissions: { admin: false, createContent: true } }),
      'spaces.get': () => ({ id: 'space-1', title: 'Handbook', emoji: '', changeRequestsOpen: 0 }),
      'spaces.content.pages.list': () => ({ pages: [] }),
      'spaces.revisions.list': () => page([]),
      'translations.list': () => page([translation()]),
    });
    const sidebar = await screen.findByRole('navigation', { name: 'Space' });
    const tab = within(sidebar).getByRole('link', { name: 'Translations' });
    expect(tab).toHaveAttribute('href', '/o/org-acme/s/space-1/~/translations');
    await user.click(tab);
    await screen.findByRole('heading', { level: 1, name: 'Translations' });
    expect(app.router.state.location.pathname).toBe('/o/org-acme/s/space-1/~/translations');
    expect(await list()).toHaveTextContent('French');
  });
});

describe('the New translation form', () => {
  it('creates with the instructions as a document of paragraphs, then runs', async () => {
    const user = userEvent.setup();
    const { calls } = openTranslations(
      {
        'translations.list': () => page([]),
        'translations.create': () => translation({ id: 'tr-new', language: 'de', status: 'pending' }),
        'translations.run': () => null,
      },
      { spaceLanguage: 'pt-BR' },
    );
    expect(await screen.findByText('No translations yet')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'New translation' });
    const source = within(form).getByRole('combobox', { name: 'The space is written in' });
    // The space's language, without its region.
    expect(source).toHaveValue('pt');
    await user.selectOptions(source, 'en');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Translate into' }), 'German');
    await user.type(
      within(form).getByRole('textbox', { name: 'Instructions (optional)' }),
      'Keep product names in English.{enter}{enter}  Use the formal "Sie".  {enter}',
    );
    await user.click(within(form).getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(callsTo(calls, 'translations.run')).toHaveLength(1));
    const paragraph = (text: string) => ({
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    });
    expect(callsTo(calls, 'translations.create')[0]!.input).toEqual({
      organizationId: 'org-acme',
      language: 'de',
      source: { space: 'space-1', language: 'en' },
      instructions: {
        object: 'document',
        data: { schemaVersion: 1 },
        nodes: [paragraph('Keep product names in English.'), paragraph('Use the formal "Sie".')],
      },
    });
    expect(callsTo(calls, 'translations.run')[0]!.input).toEqual({
      organizationId: 'org-acme',
      translationId: 'tr-new',
    });
  });

  it('sends no instructions when none are typed, the source in English by default', async () => {
    const user = userEvent.setup();
    const { calls } = openTranslations({
      'translations.list': () => page([]),
      'translations.create': () => translation({ id: 'tr-new' }),
      'translations.run': () => null,
    });
    const form = await screen.findByRole('form', { name: 'New translation' });
    expect(within(form).getByRole('combobox', { name: 'The space is written in' })).toHaveValue('en');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Translate into' }), 'French');
    await user.click(within(form).getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(callsTo(calls, 'translations.run')).toHaveLength(1));
    expect(callsTo(calls, 'translations.create')[0]!.input).toEqual({
      organizationId: 'org-acme',
      language: 'fr',
      source: { space: 'space-1', language: 'en' },
    });
  });

  it('shows a refused create’s message and does not run', async () => {
    const user = userEvent.setup();
    const { calls } = openTranslations({
      'translations.list': () => page([]),
      'translations.create': () => {
        throw refusal(403, 'forbidden', 'Your role in the organization does not allow this');
      },
    });
    const form = await screen.findByRole('form', { name: 'New translation' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Translate into' }), 'French');
    await user.click(within(form).getByRole('button', { name: 'Create and run' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Your role in the organization does not allow this',
    );
    expect(callsTo(calls, 'translations.run')).toEqual([]);
  });

  it('shows a translation into that language already there on the language field', async () => {
    const user = userEvent.setup();
    openTranslations({
      'translations.list': () => page([]),
      'translations.create': () => {
        throw refusal(409, 'conflict', 'language: the space already has a translation into "fr"');
      },
    });
    const form = await screen.findByRole('form', { name: 'New translation' });
    const target = within(form).getByRole('combobox', { name: 'Translate into' });
    await user.selectOptions(target, 'French');
    await user.click(within(form).getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(target).toHaveAttribute('aria-invalid', 'true'));
    expect(target).toHaveAccessibleDescription('the space already has a translation into "fr"');
  });
});
