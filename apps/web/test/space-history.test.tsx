/**
 * A space's history: its revisions, newest first; opening one loads what it changed
 * (`spaces.revisions.changes`) and shows the pages added and the line diff of an edited one.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderApp } from './support/fake-server';
import { ADA, page, SESSION } from './support/fixtures';

const revision = (id: string, type: string) => ({
  object: 'revision',
  id,
  parents: [],
  type,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: ADA,
});

function openHistory(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/s/space-handbook/~/history', {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: {} }),
    'spaces.get': () => ({
      id: 'space-handbook',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      permissions: {},
    }),
    'spaces.content.pages.list': () => ({ pages: [] }),
    'spaces.revisions.list': () => page([revision('rev-2', 'merge'), revision('rev-1', 'edits')]),
    'spaces.revisions.changes': () => ({
      changes: [
        { type: 'page_created', page: { id: 'p-new', title: 'Upgrade', path: 'upgrade' } },
        {
          type: 'page_edited',
          page: { id: 'p-install', title: 'Install', path: 'install' },
          attributes: {},
          diff: '@@ -1,1 +1,1 @@\n-old line\n+new line\n',
        },
      ],
    }),
    ...overrides,
  });
}

describe("a space's history", () => {
  it('lists the revisions and shows what one changed when opened', async () => {
    const user = userEvent.setup();
    const { calls } = openHistory();
    const merged = await screen.findByRole('button', { name: /Merged a change request/ });
    expect(screen.getByRole('button', { name: /Edited/ })).toBeInTheDocument();
    expect(callsTo(calls, 'spaces.revisions.changes')).toHaveLength(0);
    await user.click(merged);
    expect(await screen.findByText(/Upgrade/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Changes to the text of Install' })).toHaveTextContent(
      'new line',
    );
    await waitFor(() =>
      expect(callsTo(calls, 'spaces.revisions.changes')[0]!.input).toEqual({
        spaceId: 'space-handbook',
        revisionId: 'rev-2',
      }),
    );
  });

  it('says when the space has no history', async () => {
    openHistory({ 'spaces.revisions.list': () => page([]) });
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
  });
});
