/**
 * A revision of the history shown rendered: its pages' reusable-content blocks are read as
 * they were, at the revision after the change and at its parent before it, never from the
 * space's current content (which may have changed them since, or deleted them). A change
 * request's rendered diff reads them at the two revisions it compares.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paragraph } from './support/every-block-document';
import { callsTo, renderApp } from './support/fake-server';
import { ACME, ADA, page, SESSION, treePage } from './support/fixtures';

const revision = (id: string, parents: string[]) => ({
  object: 'revision',
  id,
  parents,
  type: 'edits',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: ADA,
});

/** An edit of rev-2 (made from rev-1) that swaps the page's include of `old` for one of `new`. */
const EDITED = {
  type: 'page_edited',
  page: { id: 'p-install', title: 'Install', path: 'install' },
  attributes: {
    document: {
      before: 'Intro.\n\n{% include "/reusable-contents/old" %}\n',
      after: 'Intro.\n\n{% include "/reusable-contents/new" %}\n',
    },
  },
  diff: '@@ -1,3 +1,3 @@\n Intro.\n \n-{% include "/reusable-contents/old" %}\n+{% include "/reusable-contents/new" %}\n',
};

describe('a revision of the history, rendered', () => {
  it('reads its reusable contents at the revision after the change and at its parent before it', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/o/org-acme/s/space-handbook/~/history', {
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
        permissions: { edit: false },
      }),
      'spaces.content.pages.list': () => ({ pages: [treePage('p-install', 'Install', 'install')] }),
      'spaces.revisions.list': () => page([revision('rev-2', ['rev-1']), revision('rev-1', [])]),
      'spaces.revisions.changes': () => ({ changes: [EDITED] }),
      'spaces.content.reusableContents.document': (input) => ({
        object: 'document',
        data: {},
        nodes: [paragraph(`Words of ${(input as { reusableContentId: string }).reusableContentId}.`)],
      }),
    });
    const revisions = await screen.findAllByRole('button', { name: /Edited/ }, { timeout: 10_000 });
    await user.click(revisions[0]!);
    await user.click(await screen.findByRole('button', { name: 'Rendered' }));
    await screen.findByText('Words of old.');
    await screen.findByText('Words of new.');
    await waitFor(() =>
      expect(callsTo(calls, 'spaces.content.reusableContents.document').map((call) => call.input)).toEqual(
        expect.arrayContaining([
          { spaceId: 'space-handbook', revisionId: 'rev-1', reusableContentId: 'old' },
          { spaceId: 'space-handbook', revisionId: 'rev-2', reusableContentId: 'new' },
        ]),
      ),
    );
    for (const call of callsTo(calls, 'spaces.content.reusableContents.document'))
      expect(call.input).toHaveProperty('revisionId');
  });

  it("of a change request: reads them at the change request's base before and at its revision after", async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/o/org-acme/s/space-1/~/changes/1', {
      'session.current': () => SESSION,
      'orgs.get': () => ACME,
      'orgs.list': () => page([ACME]),
      'spaces.get': () => ({
        id: 'space-1',
        title: 'Handbook',
        emoji: '',
        changeRequestsOpen: 1,
        permissions: { view: true, edit: false, admin: false },
      }),
      'spaces.content.pages.list': () => ({ pages: [] }),
      'changeRequests.get': () => ({
        object: 'change-request',
        id: 'cr-1',
        number: 1,
        space: 'space-1',
        status: 'merged',
        subject: 'Swap the include',
        createdBy: ADA,
        createdAt: '2026-01-01T00:00:00.000Z',
        outdated: false,
        revision: 'cr-rev-2',
        revisionInitial: 'rev-1',
      }),
      'spaces.revisions.changes': () => ({ changes: [EDITED] }),
      'spaces.comments.list': () => page([]),
      'spaces.content.reusableContents.document': (input) => ({
        object: 'document',
        data: {},
        nodes: [paragraph(`Words of ${(input as { reusableContentId: string }).reusableContentId}.`)],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Rendered' }, { timeout: 10_000 }));
    await screen.findByText('Words of old.');
    await screen.findByText('Words of new.');
    expect(callsTo(calls, 'spaces.content.reusableContents.document').map((call) => call.input)).toEqual(
      expect.arrayContaining([
        { spaceId: 'space-1', revisionId: 'rev-1', reusableContentId: 'old' },
        { spaceId: 'space-1', revisionId: 'cr-rev-2', reusableContentId: 'new' },
      ]),
    );
  });
});
