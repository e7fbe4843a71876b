/**
 * Others' carets and selections drawn over the editor, not in it (issue 33). The caret
 * extension (@tiptap/extension-collaboration-caret, y-tiptap's cursor plugin) draws each caret as
 * a widget inside the text: every move of anyone's caret was a ProseMirror transaction, the
 * decorations of the whole page compared again, and the caret's paragraph cut into new text
 * nodes and laid out again. With 50 people typing, that was a third of the page's work for
 * others' edits (1.4 against 1.0 ms of the renderer's CPU per remote edit, measured in
 * `bench/co-editing-keystrokes.ts`), and the editor's DOM changed under this person's own
 * selection at every move. Here the carets are elements of a layer of their own over the editor:
 * moving one changes its `transform`, nothing in the text, and no transaction is made.
 *
 * When: at most once a frame (`frame-clock.ts`), asked for by others' presence changes, by any
 * change of the document (text moves the carets after it) and by the editor's size changing.
 * All positions are read first (`coordsAtPos`, one layout at most), then the elements written.
 * A caret is placed from its Yjs relative position resolved in this editor's document, as the
 * caret plugin did; one whose text is gone, or any while the binding has not rendered the
 * document yet, is not drawn. A selection is drawn as the rectangles of its text, per text block,
 * at most `MAX_SELECTION_BLOCKS` blocks per person: the cost of a frame must not grow with how
 * much of a long page someone selected.
 *
 * This editor's own caret is sent by the caret extension, given a view of the presence in which
 * it sees no one else (`ownPresencePerFrame`), so it draws nothing itself.
 */

import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { browserFrameClock, type FrameClock, oncePerFrame } from './frame-clock';
import type { Awareness } from './own-presence-per-frame';

/** Text blocks of one person's selection drawn at most: past that, the rest is not highlighted. */
export const MAX_SELECTION_BLOCKS = 50;

const VALID_COLOUR = /^#[0-9a-f]{6}$/i;
const FALLBACK_COLOUR = '#777777';

interface SyncState {
  doc?: Y.Doc;
  type?: Y.XmlFragment;
  binding?: { mapping: Map<unknown, unknown> } | null;
  snapshot?: unknown;
  prevSnapshot?: unknown;
}

interface Changes {
  added: number[];
  updated: number[];
  removed: number[];
}

/** Where one person's caret and selection are to be drawn, relative to the layer. */
interface Placed {
  name: string;
  colour: string;
  caret: { x: number; y: number; height: number };
  selection: Array<{ x: number; y: number; width: number; height: number }>;
}

/** The elements drawing one person, and what was last written to them. */
interface Drawn {
  caret: HTMLElement;
  label: HTMLElement;
  selection: HTMLElement[];
  written: string;
}

export interface RemoteCaretsOptions {
  awareness: Awareness | null;
  clock: FrameClock;
}

const remoteCaretsKey = new PluginKey('remoteCarets');

/** The absolute position of a relative one written in presence, or null when its text is gone. */
function positionOf(
  sync: Required<Pick<SyncState, 'doc' | 'type'>> & SyncState,
  json: unknown,
): number | null {
  try {
    return relativePositionToAbsolutePosition(
      sync.doc,
      sync.type,
      Y.createRelativePositionFromJSON(json),
      sync.binding!.mapping as never,
    );
  } catch {
    // Presence is anyone's to write (the server only checks its shape): a caret that cannot be
    // placed is not drawn.
    return null;
  }
}

/** Rectangles of the text between `from` and `to`, block by block, at most `MAX_SELECTION_BLOCKS` blocks. */
function selectionRects(view: EditorView, from: number, to: number): DOMRect[] {
  const rects: DOMRect[] = [];
  let blocks = 0;
  view.state.doc.nodesBetween(from, to, (node, pos) => {
    if (blocks >= MAX_SELECTION_BLOCKS) return false;
    if (!node.isTextblock) return true;
    blocks += 1;
    const start = Math.max(from, pos + 1);
    const end = Math.min(to, pos + 1 + node.content.size);
    if (end <= start) return false;
    const range = document.createRange();
    const startAt = view.domAtPos(start);
    const endAt = view.domAtPos(end);
    range.setStart(startAt.node, startAt.offset);
    range.setEnd(endAt.node, endAt.offset);
    for (const rect of range.getClientRects()) if (rect.width > 0) rects.push(rect);
    return false;
  });
  return rects;
}

/** Reads where everyone else's caret is (no writes to the page). */
function placeAll(view: EditorView, awareness: Awareness, layer: HTMLElement): Map<number, Placed> {
  const placed = new Map<number, Placed>();
  const sync = ySyncPluginKey.getState(view.state) as SyncState | undefined;
  if (
    !sync?.doc ||
    !sync.type ||
    !sync.binding ||
    sync.binding.mapping.size === 0 ||
    sync.snapshot ||
    sync.prevSnapshot
  )
    return placed;
  const origin = layer.getBoundingClientRect();
  const last = view.state.doc.content.size;
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID || !state?.cursor) continue;
    const cursor = state.cursor as { anchor?: unknown; head?: unknown };
    const anchor = positionOf(sync as Required<SyncState>, cursor.anchor);
    const head = positionOf(sync as Required<SyncState>, cursor.head);
    if (anchor === null || head === null) continue;
    const at = Math.max(0, Math.min(head, last));
    let coords: { left: number; top: number; bottom: number };
    try {
      coords = view.coordsAtPos(at);
    } catch {
      continue;
    }
    // Not laid out (in a closed expandable, a tab not shown): nowhere to draw it.
    if (coords.bottom <= coords.top) continue;
    const user = (state.user ?? {}) as { name?: unknown; color?: unknown };
    const from = Math.max(0, Math.min(anchor, head, last));
    const to = Math.min(Math.max(anchor, head), last);
    placed.set(clientId, {
      name: typeof user.name === 'string' && user.name ? user.name : 'Someone',
      colour: typeof user.color === 'string' && VALID_COLOUR.test(user.color) ? user.color : FALLBACK_COLOUR,
      caret: { x: coords.left - origin.left, y: coords.top - origin.top, height: coords.bottom - coords.top },
      selection:
        to > from
          ? selectionRects(view, from, to).map((rect) => ({
              x: rect.left - origin.left,
              y: rect.top - origin.top,
              width: rect.width,
              height: rect.height,
            }))
          : [],
    });
  }
  return placed;
}

const px = (value: number) => `${Math.round(value * 10) / 10}px`;

/** Writes the placed carets into the layer, touching only what changed. */
function drawAll(layer: HTMLElement, drawn: Map<number, Drawn>, placed: Map<number, Placed>): void {
  for (const [clientId, each] of drawn)
    if (!placed.has(clientId)) {
      each.caret.remove();
      for (const box of each.selection) box.remove();
      drawn.delete(clientId);
    }
  for (const [clientId, place] of placed) {
    let each = drawn.get(clientId);
    if (!each) {
      const caret = document.createElement('span');
      caret.className = 'remote-caret';
      const label = document.createElement('span');
      label.className = 'remote-caret-label';
      caret.append(label);
      layer.append(caret);
      each = { caret, label, selection: [], written: '' };
      drawn.set(clientId, each);
    }
    const written = JSON.stringify(place);
    if (written === each.written) continue;
    each.written = written;
    // The name as text, never as markup: presence is written by other people.
    if (each.label.textContent !== place.name) each.label.textContent = place.name;
    each.caret.style.borderColor = place.colour;
    each.label.style.backgroundColor = place.colour;
    each.caret.style.height = px(place.caret.height);
    each.caret.style.transform = `translate(${px(place.caret.x)}, ${px(place.caret.y)})`;
    while (each.selection.length > place.selection.length) each.selection.pop()!.remove();
    place.selection.forEach((rect, index) => {
      let box = each.selection[index];
      if (!box) {
        box = document.createElement('span');
        box.className = 'remote-selection';
        layer.prepend(box);
        each.selection.push(box);
      }
      box.style.backgroundColor = place.colour;
      box.style.width = px(rect.width);
      box.style.height = px(rect.height);
      box.style.transform = `translate(${px(rect.x)}, ${px(rect.y)})`;
    });
  }
}

/** Only this editor's own state changed: nothing drawn of others moved. */
const ownOnly = (awareness: Awareness, changes: Changes | undefined) =>
  changes !== undefined &&
  changes.added.length === 0 &&
  changes.removed.length === 0 &&
  changes.updated.every((clientId) => clientId === awareness.clientID);

export const RemoteCarets = Extension.create<RemoteCaretsOptions>({
  name: 'remoteCarets',

  addOptions() {
    return { awareness: null, clock: browserFrameClock };
  },

  addProseMirrorPlugins() {
    const { awareness, clock } = this.options;
    if (!awareness) return [];
    return [
      new Plugin({
        key: remoteCaretsKey,
        view: (view) => {
          const host = view.dom.parentElement;
          const layer = document.createElement('div');
          layer.className = 'remote-carets';
          layer.setAttribute('aria-hidden', 'true');
          host?.classList.add('remote-carets-host');
          host?.append(layer);
          const drawn = new Map<number, Drawn>();
          const frame = oncePerFrame(() => {
            if (!layer.isConnected) return;
            drawAll(layer, drawn, placeAll(view, awareness, layer));
          }, clock);
          const onChange = (changes?: Changes) => {
            if (!ownOnly(awareness, changes)) frame.request();
          };
          awareness.on('change', onChange);
          const resized =
            typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(frame.request);
          resized?.observe(view.dom);
          frame.request();
          return {
            update: (_view, previous) => {
              if (view.state.doc !== previous.doc) frame.request();
            },
            destroy: () => {
              frame.cancel();
              awareness.off('change', onChange);
              resized?.disconnect();
              layer.remove();
              host?.classList.remove('remote-carets-host');
            },
          };
        },
      }),
    ];
  },
});
