/**
 * The page editor in the app: opened from the page, its toolbar labelled and pressed as the
 * selection's formats are, markdown it cannot show kept and shown as raw markdown, and a save
 * sent as one batch into a change request (or live), with a refused save keeping the text.
 * The edit is made from a known revision and saved with it (issue 25, item 9): choosing an
 * open change request before typing opens that change request's page; a save the server
 * cannot merge shows the conflicting pages and keeps the edit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

const MARKDOWN = '# Hello\n\nSome **bold** text.\n\n<div class="widget">kept</div>\n\n- one\n- two\n';
const PAGE = {
  id: 'page-1',
  title: 'Getting started',
  path: 'getting-started',
  pages: [],
  markdown: MARKDOWN,
};
const CHANGE_REQUEST = {
  id: 'cr-1',
  number: 7,
  subject: 'Edit Getting started',
  status: 'draft',
  revision: 'rev-cr',
};
/** The page's text in change request #7: its heading edited there. */
const IN_CHANGE_REQUEST = '# Hello from the change request\n\nSome **bold** text.\n';

// jsdom lays nothing out: ProseMirror measures ranges to scroll the selection into view.
beforeAll(() => {
  const empty = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => empty as DOMRect;
});

function openEditor(extra: Record<string, Handler> = {}, editMode = 'locked') {
  const rendered = renderApp('/o/org-acme/s/space-1/getting-started', {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => ({
      id: 'space-1',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      editMode,
      revision: 'rev-live',
    }),
    'spaces.content.pages.list': () => ({ pages: [PAGE] }),
    'spaces.content.path.get': () => PAGE,
    'spaces.content.page.get': (input) =>
      (input as { revisionId?: string }).revisionId === 'rev-cr'
        ? { ...PAGE, markdown: IN_CHANGE_REQUEST }
        : PAGE,
    'spaces.comments.list': () => page([]),
    'changeRequests.list': (input) =>
      page((input as { status?: string }).status === 'draft' ? [CHANGE_REQUEST] : []),
    'changeRequests.get': () => CHANGE_REQUEST,
    'changeRequests.create': () => CHANGE_REQUEST,
    'changeRequests.content.update': () => CHANGE_REQUEST,
    ...extra,
  });
  return rendered;
}

async function startEditing() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const content = await screen.findByRole('textbox', { name: 'Content of Getting started' });
  return { user, content };
}

describe('the page editor', () => {
  it('shows the page, with markdown it cannot show kept as raw markdown', async () => {
    openEditor();
    const { content } = await startEditing();
    expect(within(content).getByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument();
    expect(within(content).getByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(within(content).getByText('Kept as markdown (the editor cannot show it)')).toBeInTheDocument();
    expect(within(content).getByText('<div class="widget">kept</div>')).toBeInTheDocument();
  });

  it('has a labelled toolbar whose buttons show the formats of the selection', async () => {
    openEditor();
    const { user, content } = await startEditing();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'H1 heading', 'Bulleted list', 'Code block', 'Insert table'])
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    // jsdom has no layout to click into: the selection starts in the first block, the heading.
    content.focus();
    await waitFor(() =>
      expect(within(toolbar).getByRole('button', { name: 'H1 heading' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(toolbar).getByRole('button', { name: 'H2 heading' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // A button applies its format: the first block becomes a level-2 heading.
    await user.click(within(toolbar).getByRole('button', { name: 'H2 heading' }));
    expect(within(content).getByRole('heading', { level: 2, name: 'Hello' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'H2 heading' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('saves an unedited page into a new change request as the same markdown, in one batch', async () => {
    const { calls } = openEditor();
    const { user } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved into/);
    expect(callsTo(calls, 'changeRequests.create')).toHaveLength(1);
    const [update] = callsTo(calls, 'changeRequests.content.update');
    expect(update?.input).toEqual({
      spaceId: 'space-1',
      changeRequestId: 'cr-1',
      changes: [{ operation: 'update_page', page: 'page-1', document: { markdown: MARKDOWN } }],
      revision: 'rev-live',
    });
  });

  it('saves live on a space whose edit mode is live', async () => {
    const { calls } = openEditor(
      { 'spaces.content.update': () => ({ revision: 'r2', changes: [] }) },
      'live',
    );
    const { user } = await startEditing();
    await waitFor(() => expect(screen.getByRole('option', { name: 'The space (live)' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Save to'), 'live');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved to the space.');
    expect(callsTo(calls, 'spaces.content.update')[0]?.input).toMatchObject({
      spaceId: 'space-1',
      revision: 'rev-live',
    });
    expect(callsTo(calls, 'changeRequests.create')).toHaveLength(0);
  });

  it('shows the server’s message when a save is refused, and keeps the edit', async () => {
    openEditor({
      'changeRequests.content.update': () => {
        throw refusal(409, 'conflict', 'The change request is merged: its content cannot change.');
      },
    });
    const { user, content } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    expect(content.querySelector('table')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page was not saved');
    expect(alert).toHaveTextContent('The change request is merged: its content cannot change.');
    expect(content.querySelector('table')).not.toBeNull();
    expect(content).toHaveTextContent('Some bold text.');
  });

  it('opens the change request’s page when it is chosen before typing, and saves with its revision', async () => {
    const { calls } = openEditor();
    const { user } = await startEditing();
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Save to')).getByRole('option', { name: /^#7 / }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Save to'), 'cr:cr-1');
    const content = await screen.findByRole('textbox', { name: 'Content of Getting started' });
    await waitFor(() =>
      expect(within(content).getByRole('heading', { level: 1 })).toHaveTextContent(
        'Hello from the change request',
      ),
    );
    expect(callsTo(calls, 'spaces.content.page.get').at(-1)?.input).toMatchObject({ revisionId: 'rev-cr' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved into/);
    expect(callsTo(calls, 'changeRequests.create')).toHaveLength(0);
    expect(callsTo(calls, 'changeRequests.content.update')[0]?.input).toMatchObject({
      changeRequestId: 'cr-1',
      revision: 'rev-cr',
      changes: [{ operation: 'update_page', page: 'page-1', document: { markdown: IN_CHANGE_REQUEST } }],
    });
  });

  it('keeps an edit made on the space’s page when a change request is chosen after, and merges it there', async () => {
    const { calls } = openEditor();
    const { user, content } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Save to')).getByRole('option', { name: /^#7 / }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Save to'), 'cr:cr-1');
    expect(screen.getByText(/saving merges your edit into change request #7/)).toBeInTheDocument();
    expect(content.querySelector('table')).not.toBeNull();
    expect(within(content).getByRole('heading', { level: 1 })).toHaveTextContent('Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved into/);
    // Made from the space's version: the server merges it into the change request's.
    expect(callsTo(calls, 'changeRequests.content.update')[0]?.input).toMatchObject({
      changeRequestId: 'cr-1',
      revision: 'rev-live',
    });
  });

  it('shows the pages a save conflicts on, and keeps the edit', async () => {
    openEditor({
      'changeRequests.content.update': () => {
        throw refusal(409, 'conflict', 'The content changed since revision rev-live: "Getting started".', {
          conflicts: [{ page: 'page-1', field: 'markdown', reason: 'edited-both' }],
        });
      },
    });
    const { user, content } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Save to')).getByRole('option', { name: /^#7 / }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Save to'), 'cr:cr-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Not saved: change request #7 changed since you started, in the same places',
    );
    expect(alert).toHaveTextContent('Getting started: the same lines of its text (edited-both)');
    expect(content.querySelector('table')).not.toBeNull();
  });
});

describe('unsaved text in the page editor', () => {
  it('saves with Ctrl+S as with the button, and the browser gets no save of its own', async () => {
    const { calls } = openEditor();
    const { user, content } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    content.focus();
    const shortcut = new KeyboardEvent('keydown', {
      key: 's',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    content.dispatchEvent(shortcut);
    expect(shortcut.defaultPrevented).toBe(true);
    await screen.findByText(/Saved into/);
    const [update] = callsTo(calls, 'changeRequests.content.update');
    expect(update?.input).toMatchObject({ changes: [{ operation: 'update_page', page: 'page-1' }] });
    expect(JSON.stringify(update?.input)).toContain('|');
  });

  it('asks before leaving for another place in the app with unsaved text, and stays when told to', async () => {
    openEditor();
    const { user, content } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    await user.click(screen.getByRole('link', { name: 'Change requests' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have not saved your edits to “Getting started”');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(content.querySelector('table')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Content of Getting started' })).toBe(content);

    await user.click(screen.getByRole('link', { name: 'Change requests' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Content of Getting started' })).toBeNull(),
    );
  });

  it('leaves without asking once the text is saved, or when nothing was typed', async () => {
    openEditor();
    const { user } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved into/);
    await user.click(screen.getByRole('link', { name: 'Change requests' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Content of Getting started' })).toBeNull(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before the close button discards unsaved text; an unedited editor closes at once', async () => {
    openEditor();
    const first = await startEditing();
    await first.user.click(screen.getByRole('button', { name: 'Close the editor' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Content of Getting started' })).toBeNull(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    const { user, content } = await startEditing();
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    await user.click(screen.getByRole('button', { name: 'Close the editor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(content.querySelector('table')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close the editor' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close without saving' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Content of Getting started' })).toBeNull(),
    );
  });

  it('keeps what is typed while a save is on its way, and saves it later against the version it was made from', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let updates = 0;
    const { calls } = openEditor({
      'changeRequests.content.update': async () => {
        updates += 1;
        if (updates === 1) await gate;
        return CHANGE_REQUEST;
      },
    });
    const { user, content } = await startEditing();
    content.focus();
    await user.click(screen.getByRole('button', { name: 'H2 heading' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'changeRequests.content.update')).toHaveLength(1));
    // Typed while the save is on its way.
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    expect(content.querySelector('table')).not.toBeNull();
    const readsBefore = callsTo(calls, 'spaces.content.page.get').length;
    release();
    await screen.findByText(/Saved into/);
    // The versions are read again after the save; the editor keeps what was typed.
    await waitFor(() =>
      expect(callsTo(calls, 'spaces.content.page.get').length).toBeGreaterThan(readsBefore),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(content).getByRole('heading', { level: 2, name: 'Hello' })).toBeInTheDocument();
    expect(content.querySelector('table')).not.toBeNull();
    expect(screen.getByText(/saving merges your edit into change request #7/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'changeRequests.content.update')).toHaveLength(2));
    const second = callsTo(calls, 'changeRequests.content.update')[1]?.input as {
      revision: string;
      changeRequestId: string;
      changes: { document: { markdown: string } }[];
    };
    // Made from the space's version (the first save's edit is on both sides of the merge).
    expect(second.revision).toBe('rev-live');
    expect(second.changeRequestId).toBe('cr-1');
    expect(second.changes[0]?.document.markdown).toMatch(/^## Hello$/m);
    expect(second.changes[0]?.document.markdown).toContain('| - | - | - |');
  });

  it('has the browser ask before the tab is closed or reloaded with unsaved text, and only then', async () => {
    openEditor();
    const { user } = await startEditing();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    await waitFor(() => expect(unload()).toBe(true));
  });
});

describe('mentions in the page editor', () => {
  it('shows a member’s and a page’s mention as chips with their current names, and saves them unchanged', async () => {
    const markdown =
      'Ask [https://app.gitbook.com/u/u1](https://app.gitbook.com/u/u1 "mention") about [/pages/page-1](/pages/page-1 "mention").\n';
    const { calls } = openEditor(
      {
        'spaces.content.path.get': () => ({ ...PAGE, markdown }),
        'spaces.content.page.get': () => ({ ...PAGE, markdown }),
        'orgs.members.list': () => ({
          items: [{ id: 'u1', role: 'admin', user: { id: 'u1', displayName: 'Ada Lovelace' } }],
          count: 1,
        }),
        'spaces.content.update': () => ({ revision: 'r2', changes: [] }),
      },
      'live',
    );
    const { user, content } = await startEditing();
    expect(await within(content).findByText('@Ada Lovelace')).toHaveClass('editor-mention-member');
    expect(within(content).getByText('Getting started')).toHaveClass('editor-mention');
    await waitFor(() => expect(screen.getByRole('option', { name: 'The space (live)' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Save to'), 'live');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved to the space.');
    const input = callsTo(calls, 'spaces.content.update')[0]?.input as {
      changes: { document?: { markdown: string } }[];
    };
    expect(input.changes[0]?.document?.markdown).toBe(markdown);
  });
});
