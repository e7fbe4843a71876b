/**
 * Restoring from the history (issue 30, item 5): the whole space live is the API's restore
 * of that revision; one page is a `revert_page` to that revision, made from the revision the
 * screen read the space at, live or into a new change request; a reader sees no restore.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderApp } from './support/fake-server';
import { ADA, page, SESSION, treePage } from './support/fixtures';

const revision = (id: string, type: string) => ({
  object: 'revision',
  id,
  parents: [],
  type,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: ADA,
});

function openHistory(edit: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/s/space-handbook/~/history', {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: {} }),
    'spaces.get': () => ({
      id: 'space-handbook',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      editMode: 'live',
      revision: 'rev-3',
      permissions: { edit },
    }),
    'spaces.content.pages.list': () => ({ pages: [treePage('p-install', 'Install', 'install')] }),
    'spaces.revisions.list': () => page([revision('rev-3', 'edits'), revision('rev-1', 'edits')]),
    'spaces.revisions.changes': () => ({ changes: [] }),
    'spaces.revisions.restore': () => ({ revision: 'rev-4' }),
    'spaces.content.update': () => ({ revision: 'rev-4', changes: [], insertedFiles: [] }),
    'changeRequests.create': () => ({ id: 'cr-9', number: 9 }),
    'changeRequests.content.update': () => ({
      changeRequest: { id: 'cr-9', number: 9, revision: 'cr-rev' },
      changes: [],
      insertedFiles: [],
    }),
    ...overrides,
  });
}

describe('restoring from the history', () => {
  it('restores the whole space live with the API, and one page into a change request by a revert', async () => {
    const user = userEvent.setup();
    const { calls } = openHistory(true);
    // The first screen of the file loads the app's lazy routes.
    const revisions = await screen.findAllByRole('button', { name: /Edited/ }, { timeout: 10_000 });
    await user.click(revisions[1]!);
    const restore = await screen.findByRole('region', { name: 'Restore from this revision' });
    await user.click(within(restore).getByRole('button', { name: 'Restore the space' }));
    await screen.findByText('Restored, as a new revision.');
    expect(callsTo(calls, 'spaces.revisions.restore')[0]?.input).toEqual({
      spaceId: 'space-handbook',
      revisionId: 'rev-1',
    });

    await waitFor(() => expect(within(restore).getByLabelText('One page')).toHaveValue('p-install'));
    await user.click(within(restore).getByRole('button', { name: 'Restore the page into a change request' }));
    expect(await screen.findByRole('link', { name: 'change request #9' })).toBeInTheDocument();
    expect(callsTo(calls, 'changeRequests.content.update')[0]?.input).toMatchObject({
      changeRequestId: 'cr-9',
      revision: 'rev-3',
      changes: [{ operation: 'revert_page', page: 'p-install', revision: 'rev-1' }],
    });
  });

  it('offers no restore to whoever may not edit', async () => {
    const user = userEvent.setup();
    openHistory(false);
    const revisions = await screen.findAllByRole('button', { name: /Edited/ });
    await user.click(revisions[1]!);
    await screen.findByText('This revision changed no page or file.');
    expect(screen.queryByRole('region', { name: 'Restore from this revision' })).toBeNull();
  });
});
