/**
 * A space's Git Sync tab: the empty state when the space has no Git settings; the settings
 * form prefilled from `git.settings` (the URL as typed kept, credentials and all), the ref built
 * from the branch; importing after confirming and exporting with a message, both stamped
 * with the time; a refusal on the field it names; the last import and export with their
 * state, times, commit, revision and error; a running one followed (read again until it
 * ends, and only then); the buttons only for those allowed; removing Git Sync.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branchOfRef, refOfBranch } from '../src/git-sync/git-refs';
import { callsTo, type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

const ALL = { triggerGitSync: true, admin: true };

function space(permissions: { triggerGitSync: boolean; admin: boolean }) {
  return {
    id: 'space-1',
    title: 'Handbook',
    emoji: '',
    changeRequestsOpen: 0,
    permissions: { view: true, access: true, edit: permissions.triggerGitSync, ...permissions },
  };
}

function gitInfo(overrides: Record<string, unknown> = {}) {
  return { gitSync: gitSyncState(overrides) };
}

function gitSyncState(overrides: Record<string, unknown>) {
  return {
    repoName: 'acme/docs',
    url: 'https://git.example.test/acme/docs',
    updatedAt: '2026-11-20T10:00:00.000Z',
    repository: 'https://git.example.test/acme/docs.git',
    ref: 'refs/heads/docs',
    projectDirectory: 'handbook',
    ...overrides,
  };
}

const SUCCESSFUL_IMPORT = {
  state: 'success',
  job: 'job-1',
  startedAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:00:03.000Z',
  commit: '0123456789abcdef0123456789abcdef01234567',
  revision: 'rev-42',
};

const notSynchronized = () => ({ gitSync: null });

function openGitSync(handlers: Record<string, Handler>, permissions = ALL) {
  return renderApp('/o/org-acme/s/space-1/~/git', {
    'session.current': () => SESSION,
    'orgs.list': () => page([ACME]),
    'orgs.get': () => ({ ...ACME, permissions: { admin: false, createContent: true } }),
    'spaces.get': () => space(permissions),
    'spaces.content.pages.list': () => ({ pages: [] }),
    ...handlers,
  });
}

const settingsForm = () => screen.findByRole('form', { name: 'Repository' });
const lastRun = (name: 'Last import' | 'Last export') =>
  screen.findByRole('region', { name: new RegExp(name) });

afterEach(() => {
  vi.useRealTimers();
});

describe('the ref sent for a branch', () => {
  it.each([
    ['main', 'refs/heads/main'],
    ['  release/2.0 ', 'refs/heads/release/2.0'],
    ['', 'refs/heads/main'],
    ['refs/tags/v1', 'refs/tags/v1'],
    ['refs/heads/docs', 'refs/heads/docs'],
  ])('%j is sent as %s', (typed, ref) => {
    expect(refOfBranch(typed)).toBe(ref);
  });

  it.each([
    ['refs/heads/docs', 'docs'],
    ['refs/heads/release/2.0', 'release/2.0'],
    ['refs/tags/v1', 'refs/tags/v1'],
  ])('%s is shown as %s', (ref, branch) => {
    expect(branchOfRef(ref)).toBe(branch);
  });
});

describe("a space's Git Sync", () => {
  it('says the space is not synchronized when it has no Git settings, the form at its defaults', async () => {
    openGitSync({ 'git.settings': notSynchronized });
    expect(
      await screen.findByText('This space is not synchronized with a Git repository'),
    ).toBeInTheDocument();
    const form = await settingsForm();
    expect(within(form).getByRole('textbox', { name: 'Repository URL' })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Branch' })).toHaveValue('main');
    expect(within(form).getByRole('textbox', { name: 'Project directory (optional)' })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Commit message' })).toHaveValue('Update from Quire');
    expect(within(form).getByRole('textbox', { name: 'Repository URL' })).toHaveAccessibleDescription(
      /https:\/\/user:token@host\/repo\.git.*never stored or shown.*again for each import or export/,
    );
    // Nothing to send to without a URL.
    expect(within(form).getByRole('button', { name: 'Import from Git' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Export to Git' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove Git Sync' })).toBeNull();
  });

  it('prefills the form from the settings saved and shows what the space is synchronized with', async () => {
    openGitSync({ 'git.settings': () => gitInfo() });
    const form = await settingsForm();
    expect(within(form).getByRole('textbox', { name: 'Repository URL' })).toHaveValue(
      'https://git.example.test/acme/docs.git',
    );
    expect(within(form).getByRole('textbox', { name: 'Branch' })).toHaveValue('docs');
    expect(within(form).getByRole('textbox', { name: 'Project directory (optional)' })).toHaveValue(
      'handbook',
    );
    const summary = screen.getByRole('region', { name: 'Synchronized with' });
    expect(summary).toHaveTextContent('acme/docs');
    expect(summary).toHaveTextContent('refs/heads/docs');
    expect(within(summary).getByRole('link', { name: 'acme/docs' })).toHaveAttribute(
      'href',
      'https://git.example.test/acme/docs',
    );
    expect(await lastRun('Last import')).toHaveTextContent('Never imported.');
    expect(await lastRun('Last export')).toHaveTextContent('Never exported.');
  });

  it('shows a ref that is not a branch whole', async () => {
    openGitSync({ 'git.settings': () => gitInfo({ ref: 'refs/tags/v1' }) });
    const form = await settingsForm();
    expect(within(form).getByRole('textbox', { name: 'Branch' })).toHaveValue('refs/tags/v1');
  });

  it('imports after confirming, with the URL as typed, the ref of the branch and the time', async () => {
    const user = userEvent.setup();
    let imported = false;
    const { calls } = openGitSync({
      'git.settings': () => (imported ? gitInfo({ lastImport: SUCCESSFUL_IMPORT }) : gitInfo()),
      'git.import': () => {
        imported = true;
        return null;
      },
    });
    const form = await settingsForm();
    const url = within(form).getByRole('textbox', { name: 'Repository URL' });
    await user.clear(url);
    await user.type(url, 'https://ada:secret-token@git.example.test/acme/docs.git');
    const branch = within(form).getByRole('textbox', { name: 'Branch' });
    await user.clear(branch);
    await user.type(branch, 'release');
    await user.click(within(form).getByRole('button', { name: 'Import from Git' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Import from Git?' });
    expect(dialog).toHaveTextContent("This replaces the space's content with the repository's.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'git.import')).toEqual([]);

    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Import from Git' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Import from Git?' })).getByRole('button', {
        name: 'Import',
      }),
    );
    await waitFor(() => expect(callsTo(calls, 'git.import')).toHaveLength(1));
    const input = callsTo(calls, 'git.import')[0]!.input as { timestamp: string };
    expect(input).toEqual({
      spaceId: 'space-1',
      url: 'https://ada:secret-token@git.example.test/acme/docs.git',
      ref: 'refs/heads/release',
      repoProjectDirectory: 'handbook',
      timestamp: expect.any(String),
    });
    expect(new Date(input.timestamp).toISOString()).toBe(input.timestamp);
    expect(Date.parse(input.timestamp)).toBeGreaterThanOrEqual(before);
    // The settings are read again; the URL typed stays, credentials and all.
    await waitFor(async () => expect(await lastRun('Last import')).toHaveTextContent('Success'));
    expect(url).toHaveValue('https://ada:secret-token@git.example.test/acme/docs.git');
  });

  it('exports with the commit message typed, no folder sent when none is given', async () => {
    const user = userEvent.setup();
    const { calls } = openGitSync({
      'git.settings': () => gitInfo({ projectDirectory: undefined, ref: 'refs/heads/main' }),
      'git.export': () => null,
    });
    const form = await settingsForm();
    const message = within(form).getByRole('textbox', { name: 'Commit message' });
    await user.clear(message);
    await user.type(message, 'Docs for 2.0');
    await user.click(within(form).getByRole('button', { name: 'Export to Git' }));
    await waitFor(() => expect(callsTo(calls, 'git.export')).toHaveLength(1));
    expect(callsTo(calls, 'git.export')[0]!.input).toEqual({
      spaceId: 'space-1',
      url: 'https://git.example.test/acme/docs.git',
      ref: 'refs/heads/main',
      commitMessage: 'Docs for 2.0',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // No confirmation: exporting leaves the space as it is.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows a refusal on the field it names', async () => {
    const user = userEvent.setup();
    let answer = refusal(400, 'validation', 'url: only https repositories are used');
    openGitSync({
      'git.settings': notSynchronized,
      'git.export': () => {
        throw answer;
      },
    });
    const form = await settingsForm();
    const url = within(form).getByRole('textbox', { name: 'Repository URL' });
    await user.type(url, 'ssh://git@git.example.test/acme/docs.git');
    await user.click(within(form).getByRole('button', { name: 'Export to Git' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(expect.stringContaining('only https repositories are used'));

    answer = refusal(400, 'validation', 'ref: not a Git ref: write it as refs/heads/main');
    const branch = within(form).getByRole('textbox', { name: 'Branch' });
    await user.click(within(form).getByRole('button', { name: 'Export to Git' }));
    await waitFor(() => expect(branch).toHaveAttribute('aria-invalid', 'true'));
    expect(branch).toHaveAccessibleDescription(expect.stringContaining('not a Git ref'));
    expect(url).not.toHaveAttribute('aria-invalid');

    answer = refusal(409, 'conflict', 'The space is locked: its content cannot be edited');
    await user.click(within(form).getByRole('button', { name: 'Export to Git' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The space is locked: its content cannot be edited',
    );
  });

  it('shows the last import and export: state, times, commit, revision, ignored', async () => {
    openGitSync({
      'git.settings': () =>
        gitInfo({
          lastImport: SUCCESSFUL_IMPORT,
          lastExport: {
            state: 'success',
            job: 'job-2',
            startedAt: '2026-11-21T09:00:00.000Z',
            completedAt: '2026-11-21T09:00:01.000Z',
            ignored: true,
          },
        }),
    });
    const imported = await lastRun('Last import');
    expect(imported).toHaveTextContent('Success');
    expect(within(imported).getByText('0123456')).toHaveAttribute('title', SUCCESSFUL_IMPORT.commit);
    expect(
      within(imported)
        .getAllByRole('time')
        .map((time) => time.getAttribute('datetime')),
    ).toEqual([SUCCESSFUL_IMPORT.startedAt, SUCCESSFUL_IMPORT.completedAt]);
    expect(within(imported).getByRole('link', { name: 'Revision rev-42 in the history' })).toHaveAttribute(
      'href',
      '/o/org-acme/s/space-1/~/history',
    );
    const exported = await lastRun('Last export');
    expect(exported).toHaveTextContent('Ignored');
    expect(exported).toHaveTextContent('A newer import or export had been applied');
  });

  it('shows why a run failed, with its code', async () => {
    openGitSync({
      'git.settings': () =>
        gitInfo({
          lastImport: {
            state: 'failure',
            job: 'job-3',
            startedAt: '2026-11-21T09:00:00.000Z',
            completedAt: '2026-11-21T09:00:02.000Z',
            error: { code: 'GIT_REF_NOT_FOUND', message: 'The ref refs/heads/docs is not in the repository' },
          },
        }),
    });
    const imported = await lastRun('Last import');
    expect(imported).toHaveTextContent('Failure');
    expect(imported).toHaveTextContent(
      'It failed: The ref refs/heads/docs is not in the repository (GIT_REF_NOT_FOUND)',
    );
  });

  it('reads the settings again while an import runs, stops when it ends, and reloads the pages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const running = { state: 'running', job: 'job-1', startedAt: SUCCESSFUL_IMPORT.startedAt };
    const { calls } = openGitSync({
      'git.settings': () => {
        reads += 1;
        return gitInfo({ lastImport: reads < 3 ? running : SUCCESSFUL_IMPORT });
      },
    });
    const imported = await lastRun('Last import');
    expect(imported).toHaveTextContent('Running');
    expect(imported).toHaveTextContent('Importing…');
    // Nothing else starts while one runs.
    expect(screen.getByRole('button', { name: 'Export to Git' })).toBeDisabled();
    const pageReads = callsTo(calls, 'spaces.content.pages.list').length;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(reads).toBe(2));
    expect(imported).toHaveTextContent('Running');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(imported).toHaveTextContent('Success'));
    expect(imported).not.toHaveTextContent('Importing…');
    // The import changed the content: the page tree is read again.
    await waitFor(() =>
      expect(callsTo(calls, 'spaces.content.pages.list').length).toBeGreaterThan(pageReads),
    );
    // Ended: no more reads however long it waits.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads).toBe(3);
  });

  it('does not read the settings again when nothing runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = openGitSync({ 'git.settings': () => gitInfo({ lastImport: SUCCESSFUL_IMPORT }) });
    expect(await lastRun('Last import')).toHaveTextContent('Success');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(callsTo(calls, 'git.settings')).toHaveLength(1);
  });

  it('offers neither the form, the buttons nor removing to a reader', async () => {
    openGitSync(
      { 'git.settings': () => gitInfo({ lastImport: SUCCESSFUL_IMPORT }) },
      { triggerGitSync: false, admin: false },
    );
    expect(await lastRun('Last import')).toHaveTextContent('Success');
    expect(screen.queryByRole('form', { name: 'Repository' })).toBeNull();
    expect(
      screen.queryByRole('button', { name: /Import from Git|Export to Git|Remove Git Sync/ }),
    ).toBeNull();
  });

  it('offers importing and exporting, not removing, to an editor', async () => {
    openGitSync({ 'git.settings': () => gitInfo() }, { triggerGitSync: true, admin: false });
    const form = await settingsForm();
    expect(within(form).getByRole('button', { name: 'Import from Git' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Export to Git' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Remove Git Sync' })).toBeNull();
  });

  it('removes Git Sync after confirming, then says the space is not synchronized', async () => {
    const user = userEvent.setup();
    let removed = false;
    const { calls } = openGitSync({
      'git.settings': () => (removed ? notSynchronized() : gitInfo({ lastImport: SUCCESSFUL_IMPORT })),
      'git.removeInstallation': () => {
        removed = true;
        return { removed: true };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Git Sync' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Git Sync?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Git Sync' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'git.removeInstallation')[0]!.input).toEqual({ spaceId: 'space-1' });
    expect(
      await screen.findByText('This space is not synchronized with a Git repository'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Last import/ })).toBeNull();
  });
});

describe('the Git Sync tab', () => {
  it('is reached from the space’s sidebar', async () => {
    const user = userEvent.setup();
    const { app } = renderApp('/o/org-acme/s/space-1/~/history', {
      'session.current': () => SESSION,
      'orgs.list': () => page([ACME]),
      'orgs.get': () => ({ ...ACME, permissions: { admin: false, createContent: true } }),
      'spaces.get': () => space(ALL),
      'spaces.content.pages.list': () => ({ pages: [] }),
      'spaces.revisions.list': () => page([]),
      'git.settings': () => gitInfo(),
    });
    const sidebar = await screen.findByRole('navigation', { name: 'Space' });
    const tab = within(sidebar).getByRole('link', { name: 'Git Sync' });
    expect(tab).toHaveAttribute('href', '/o/org-acme/s/space-1/~/git');
    await user.click(tab);
    await screen.findByRole('heading', { level: 1, name: 'Git Sync' });
    expect(app.router.state.location.pathname).toBe('/o/org-acme/s/space-1/~/git');
    expect(await settingsForm()).toBeInTheDocument();
  });
});
