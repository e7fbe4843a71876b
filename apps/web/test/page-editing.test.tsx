/**
 * Writing a space's pages in the app (issue 30, item 1): each edit of the tree is one batch of
 * the API's content changes, made from the revision the tree was read at, sent live or into a
 * change request; a delete is undone by reverting its pages to that revision; conflicts are
 * shown and nothing is claimed saved. And where a dropped or keyboard-moved page goes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TreePage } from '../src/content/page-tree-rows';
import { placeOfDrop, placeOfKey } from '../src/pages/page-places';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION, treePage } from './support/fixtures';

const leaf = (id: string, pages: TreePage[] = []): TreePage => ({ id, title: id, path: id, pages });
const TREE: TreePage[] = [leaf('a', [leaf('a1'), leaf('a2')]), leaf('b'), { ...leaf('g'), type: 'group' }];

describe('where a page goes', () => {
  it('dropped before, after or inside a row, the moving page left out of the count', () => {
    expect(placeOfDrop(TREE, 'b', 'a', 'before')).toEqual({ into: null, at: 0 });
    expect(placeOfDrop(TREE, 'a1', 'a2', 'after')).toEqual({ into: 'a', at: 1 });
    expect(placeOfDrop(TREE, 'b', 'a', 'inside')).toEqual({ into: 'a', at: 2 });
    expect(placeOfDrop(TREE, 'b', 'a2', 'before')).toEqual({ into: 'a', at: 1 });
  });

  it('is nowhere when it would stay put, go under itself, or break a rule of page types', () => {
    expect(placeOfDrop(TREE, 'a2', 'a', 'inside')).toBeNull();
    expect(placeOfDrop(TREE, 'a1', 'a2', 'before')).toBeNull();
    expect(placeOfDrop(TREE, 'a', 'a1', 'inside')).toBeNull();
    expect(placeOfDrop(TREE, 'g', 'a', 'inside')).toBeNull();
    expect(placeOfDrop(TREE, 'g', 'a1', 'after')).toBeNull();
  });

  it('moves up, down, into the page above and out of its parent from the keyboard', () => {
    expect(placeOfKey(TREE, 'b', 'up')).toEqual({ into: null, at: 0 });
    expect(placeOfKey(TREE, 'a', 'down')).toEqual({ into: null, at: 1 });
    expect(placeOfKey(TREE, 'b', 'indent')).toEqual({ into: 'a', at: 2 });
    expect(placeOfKey(TREE, 'a2', 'outdent')).toEqual({ into: null, at: 1 });
    expect(placeOfKey(TREE, 'a', 'up')).toBeNull();
    expect(placeOfKey(TREE, 'a', 'outdent')).toBeNull();
    expect(placeOfKey(TREE, 'a1', 'indent')).toBeNull();
  });
});

describe('editing the page tree of a space', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(280);
    Element.prototype.scrollTo = () => {};
  });
  afterAll(() => vi.restoreAllMocks());

  const PAGES = [treePage('p-intro', 'Introduction', 'introduction'), treePage('p-setup', 'Setup', 'setup')];
  const space = (editMode: string) => ({
    id: 'space-1',
    title: 'Docs',
    emoji: '',
    changeRequestsOpen: 0,
    editMode,
    revision: 'rev-1',
    permissions: { edit: true },
  });
  const handlers = (editMode: string, more: Record<string, (input: unknown) => unknown> = {}) => ({
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => space(editMode),
    'spaces.content.pages.list': () => ({ pages: PAGES }),
    'spaces.content.page.get': () => ({ ...PAGES[0], markdown: 'Hello.', pages: [] }),
    'spaces.content.path.get': (input: unknown) => ({
      ...PAGES.find((one) => one.path === (input as { pagePath: string }).pagePath),
      markdown: 'Hello.',
      pages: [],
    }),
    'spaces.comments.list': () => page([]),
    'spaces.content.update': () => ({ revision: 'rev-2', changes: [], insertedFiles: [] }),
    ...more,
  });

  it('reads the tree at the revision the space shows, and creates a page live from it', async () => {
    const { calls } = renderApp('/o/org-acme/s/space-1', handlers('live'));
    const user = userEvent.setup();
    // The first screen of the file loads the app's lazy routes.
    await screen.findByRole('treeitem', { name: 'Introduction' }, { timeout: 10_000 });
    expect(callsTo(calls, 'spaces.content.pages.list').map((call) => call.input)).toContainEqual({
      spaceId: 'space-1',
      revisionId: 'rev-1',
    });
    expect(screen.getByText('Edits are live')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Title'), 'Install');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Created Install.');
    expect(callsTo(calls, 'spaces.content.update')[0]?.input).toEqual({
      spaceId: 'space-1',
      revision: 'rev-1',
      changes: [{ operation: 'insert_page', title: 'Install', document: { markdown: '' } }],
    });
  });

  it('moves a page down with Alt+ArrowDown, and deletes one, undone by reverting it to the revision before', async () => {
    const { calls } = renderApp('/o/org-acme/s/space-1/setup', handlers('live'));
    const user = userEvent.setup();
    const intro = await screen.findByRole('treeitem', { name: 'Introduction' });
    intro.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByText('Moved Introduction.');
    expect(callsTo(calls, 'spaces.content.update')[0]?.input).toMatchObject({
      revision: 'rev-1',
      changes: [{ operation: 'update_page', page: 'p-intro', into: null, at: 1 }],
    });

    screen.getByRole('treeitem', { name: 'Setup' }).focus();
    await user.keyboard('{Delete}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Setup?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted Setup.');
    expect(callsTo(calls, 'spaces.content.update')[1]?.input).toMatchObject({
      changes: [{ operation: 'delete_page', page: 'p-setup' }],
    });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Undone.');
    // Made from the revision the delete made; the page back as it was where the delete started.
    expect(callsTo(calls, 'spaces.content.update')[2]?.input).toEqual({
      spaceId: 'space-1',
      revision: 'rev-2',
      changes: [{ operation: 'revert_page', page: 'p-setup', revision: 'rev-1' }],
    });
  });

  it('saves into a new change request where the space takes no live edits', async () => {
    const { calls } = renderApp(
      '/o/org-acme/s/space-1/setup',
      handlers('changeRequests', {
        'changeRequests.create': () => ({ id: 'cr-1', number: 4 }),
        'changeRequests.content.update': () => ({
          changeRequest: { id: 'cr-1', number: 4, revision: 'cr-rev-2' },
          changes: [],
          insertedFiles: [],
        }),
      }),
    );
    const user = userEvent.setup();
    await screen.findByRole('treeitem', { name: 'Setup' });
    expect(screen.getByText('Edits go into a new change request')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page actions for Setup' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide from the navigation' }));
    expect(await screen.findByRole('link', { name: 'change request #4' })).toBeInTheDocument();
    expect(callsTo(calls, 'changeRequests.create')[0]?.input).toMatchObject({ subject: 'Hide Setup' });
    expect(callsTo(calls, 'changeRequests.content.update')[0]?.input).toMatchObject({
      changeRequestId: 'cr-1',
      revision: 'rev-1',
      changes: [{ operation: 'update_page', page: 'p-setup', hidden: true }],
    });
    expect(callsTo(calls, 'spaces.content.update')).toHaveLength(0);
  });

  it('shows the conflicts of a move made from an older tree, and says nothing was saved', async () => {
    renderApp(
      '/o/org-acme/s/space-1/setup',
      handlers('live', {
        'spaces.content.update': () => {
          throw refusal(409, 'conflict', 'The content changed since revision rev-1.', {
            conflicts: [{ page: 'p-setup', field: 'parentId', reason: 'moved-both' }],
          });
        },
      }),
    );
    const user = userEvent.setup();
    const setup = await screen.findByRole('treeitem', { name: 'Setup' });
    setup.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Setup: parentId (moved-both)');
    expect(screen.queryByText('Moved Setup.')).toBeNull();
  });

  it('invites whoever may edit an empty space to write its first page', async () => {
    const { calls } = renderApp(
      '/o/org-acme/s/space-1',
      handlers('live', {
        'spaces.content.pages.list': () => ({ pages: [] }),
        'templates.list': () => ({
          items: [{ id: 'product-docs', title: 'Product docs', description: 'A start.' }],
        }),
        'spaces.content.template': () => null,
      }),
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Write the first page' })).toBeInTheDocument();
    expect(screen.queryByText(/imported with the API/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start from a template' }));
    await user.click(await screen.findByRole('button', { name: 'Use Product docs' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.content.template')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.content.template')[0]?.input).toEqual({
      spaceId: 'space-1',
      id: 'product-docs',
    });
  });
});
