/**
 * The organization's tree, rearranged: which move a drop makes (a table), a space dragged
 * onto a collection with the pointer and moved through the menu from the keyboard (each the
 * right operation with the right input), the server's refusal of a cycle shown, renaming,
 * deleting, and restoring a deleted space from "Recently deleted".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveOf, type TreeItemRef } from '../src/organizations/content-moves';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page, SESSION } from './support/fixtures';

const PERMISSIONS = { admin: true, view: true, access: true };
const COLLECTIONS = [
  { object: 'collection', id: 'col-product', title: 'Product', permissions: PERMISSIONS },
  {
    object: 'collection',
    id: 'col-guides',
    title: 'Guides',
    parent: 'col-product',
    permissions: PERMISSIONS,
  },
  { object: 'collection', id: 'col-archive', title: 'Archive', permissions: PERMISSIONS },
];
const space = (id: string, title: string, parent?: string) => ({
  object: 'space',
  id,
  title,
  emoji: '',
  changeRequestsOpen: 0,
  ...(parent ? { parent } : {}),
  permissions: PERMISSIONS,
});
const SPACES = [space('space-handbook', 'Handbook', 'col-product'), space('space-notes', 'Team notes')];

function openTree(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme', {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: { admin: true } }),
    'collections.list': () => page(COLLECTIONS),
    'spaces.list': () => page(SPACES),
    ...overrides,
  });
}

describe('the move a drop makes', () => {
  const handbook: TreeItemRef = { kind: 'space', id: 's1', parent: 'c1' };
  const product: TreeItemRef = { kind: 'collection', id: 'c1' };
  it.each([
    [
      'a space into another collection',
      handbook,
      'c2',
      { operation: 'spaces.move', input: { spaceId: 's1', parent: 'c2' } },
    ],
    [
      'a space to the top level',
      handbook,
      null,
      { operation: 'spaces.move', input: { spaceId: 's1', parent: null } },
    ],
    ['a space onto its own collection', handbook, 'c1', null],
    [
      'a collection under another',
      product,
      'c3',
      { operation: 'collections.move', input: { collectionId: 'c1', parent: 'c3' } },
    ],
    ['a collection onto itself', product, 'c1', null],
    ['a top-level collection to the top level', product, null, null],
  ] as const)('%s', (_, item, destination, expected) => {
    expect(moveOf(item, destination)).toEqual(expected);
  });
});

/**
 * jsdom lays nothing out: each row that takes drops, and each drag handle, gets a box 40
 * pixels high, one under the other in the order of the document, so that dnd-kit can tell
 * which row the pointer is over.
 */
function layOutRows() {
  const boxOf = (element: Element) => {
    const rows = [...document.querySelectorAll('[data-drop-id], [data-drag-id]')];
    const row = element.closest('[data-drop-id]') ?? element;
    const index = Math.max(0, rows.indexOf(row));
    return {
      x: 0,
      y: index * 40,
      left: 0,
      top: index * 40,
      right: 600,
      bottom: index * 40 + 40,
      width: 600,
      height: 40,
    };
  };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return { ...boxOf(this), toJSON: () => ({}) } as DOMRect;
  });
}

async function drag(handle: Element, target: () => Element) {
  const start = handle.getBoundingClientRect();
  fireEvent.pointerDown(handle, { isPrimary: true, button: 0, clientX: 10, clientY: start.top + 20 });
  // Past the activation distance: the drag starts, and "Top level" appears as a drop zone.
  fireEvent.pointerMove(document, { isPrimary: true, clientX: 10, clientY: start.top + 30 });
  await screen.findByText('Top level');
  const box = target().getBoundingClientRect();
  fireEvent.pointerMove(document, { isPrimary: true, clientX: 20, clientY: box.top + 20 });
  fireEvent.pointerMove(document, { isPrimary: true, clientX: 21, clientY: box.top + 21 });
  fireEvent.pointerUp(document, { isPrimary: true, clientX: 21, clientY: box.top + 21 });
}

/** jsdom has no PointerEvent (dnd-kit's pointer sensor reads `isPrimary` and `button`). */
class TestPointerEvent extends MouseEvent {
  readonly isPrimary: boolean;
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.isPrimary = init.isPrimary ?? true;
    this.pointerId = init.pointerId ?? 1;
  }
}
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: TestPointerEvent });

const dropRow = (id: string) => document.querySelector(`[data-drop-id="${id}"]`)!;
const handleOf = (id: string) => document.querySelector(`[data-drag-id="${id}"]`)!;

describe('the tree of collections and spaces', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('moves a space dragged onto another collection with spaces.move', async () => {
    const { calls } = openTree({ 'spaces.move': () => space('space-notes', 'Team notes', 'col-archive') });
    await screen.findByText('Team notes');
    layOutRows();
    await drag(handleOf('space:space-notes'), () => dropRow('collection:col-archive'));
    await waitFor(() => expect(callsTo(calls, 'spaces.move')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.move')[0]!.input).toEqual({
      spaceId: 'space-notes',
      parent: 'col-archive',
    });
    expect(await screen.findByText('Moved Team notes to Archive.')).toBeInTheDocument();
    // The lists are read again to show the new place.
    await waitFor(() => expect(callsTo(calls, 'spaces.list').length).toBeGreaterThan(1));
  });

  it('moves a space to the top level when dropped on "Top level"', async () => {
    const { calls } = openTree({ 'spaces.move': () => space('space-handbook', 'Handbook') });
    await screen.findByText('Handbook');
    layOutRows();
    await drag(handleOf('space:space-handbook'), () => dropRow('top-level'));
    await waitFor(() => expect(callsTo(calls, 'spaces.move')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.move')[0]!.input).toEqual({ spaceId: 'space-handbook', parent: null });
  });

  it("shows the server's refusal of a collection dropped into its own sub-collection", async () => {
    const { calls } = openTree({
      'collections.move': () => {
        throw refusal(412, 'cannot_move', 'A collection cannot move into itself or its sub-collections');
      },
    });
    await screen.findByText('Guides');
    layOutRows();
    await drag(handleOf('collection:col-product'), () => dropRow('collection:col-guides'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Product could not be moved: A collection cannot move into itself');
    expect(callsTo(calls, 'collections.move')[0]!.input).toEqual({
      collectionId: 'col-product',
      parent: 'col-guides',
    });
  });

  it('moves a space from the keyboard with "Move to…"', async () => {
    const user = userEvent.setup();
    const { calls } = openTree({ 'spaces.move': () => space('space-notes', 'Team notes', 'col-guides') });
    await screen.findByText('Team notes');
    screen.getByRole('button', { name: 'Actions for Team notes' }).focus();
    await user.keyboard('{Enter}');
    const moveTo = await screen.findByRole('menuitem', { name: /Move to/ });
    moveTo.focus();
    await user.keyboard('{ArrowRight}');
    const guides = await screen.findByRole('menuitem', { name: 'Guides' });
    // Already at the top level: that choice is disabled.
    expect(screen.getByRole('menuitem', { name: 'Top level' })).toHaveAttribute('aria-disabled', 'true');
    guides.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(calls, 'spaces.move')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.move')[0]!.input).toEqual({ spaceId: 'space-notes', parent: 'col-guides' });
  });

  it('renames a collection with collections.update', async () => {
    const user = userEvent.setup();
    const { calls } = openTree({ 'collections.update': () => ({ ...COLLECTIONS[2], title: 'Old things' }) });
    await user.click(await screen.findByRole('button', { name: 'Actions for Archive' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename collection' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Old things');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'collections.update')[0]!.input).toEqual({
      collectionId: 'col-archive',
      title: 'Old things',
    });
  });

  it('deletes a space, then restores it from "Recently deleted"', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const { calls } = openTree({
      'spaces.list': () => page(deleted ? SPACES.slice(0, 1) : SPACES),
      'spaces.remove': () => {
        deleted = true;
        return null;
      },
      'spaces.listDeleted': () =>
        page(deleted ? [{ ...space('space-notes', 'Team notes'), deletedAt: new Date().toISOString() }] : []),
      'spaces.restore': () => {
        deleted = false;
        return space('space-notes', 'Team notes');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Team notes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Team notes?' });
    expect(dialog).toHaveTextContent('restored for 7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(callsTo(calls, 'spaces.remove')[0]!.input).toEqual({ spaceId: 'space-notes' });

    const recent = await screen.findByRole('region', { name: 'Recently deleted' });
    await user.click(within(recent).getByRole('button', { name: 'Restore Team notes' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.restore')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.restore')[0]!.input).toEqual({ spaceId: 'space-notes' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recently deleted' })).toBeNull());
  });

  it('shows the loading state, then an empty organization', async () => {
    openTree({ 'collections.list': () => page([]), 'spaces.list': () => page([]) });
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
  });
});
