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
 * much of a long page someone selected. With 50 people typing the document changes at every
 * frame, yet most carets sit in paragraphs nobody touched since the last: a collapsed caret whose
 * text block is the same node, at the same offset, in a box of the same width, is placed from
 * that box (one rectangle read) instead of read again (`coordsAtPos`: a position resolved, a
 * range made, its rectangles read); every caret is read in full when the editor resized and every
 * `FULL_READ_EVERY_FRAMES` frames.
 *
 * This editor's own caret is sent by the caret extension, given a view of the presence in which
 * it sees no one else (`ownPresencePerFrame`), so it draws nothing itself.
 */

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { browserFrameClock, type FrameClock, oncePerFrame } from './frame-clock';
import type { Awareness, AwarenessChanges } from './own-presence-per-frame';

/** Text blocks of one person's selection drawn at most: past that, the rest is not highlighted. */
export const MAX_SELECTION_BLOCKS = 50;

/**
 * Every this many frames, each caret is read in full even if its text block looks unchanged: a
 * change no check here sees (a decoration inside the block, a font loaded) is corrected within
 * about a second.
 */
export const FULL_READ_EVERY_FRAMES = 60;

const VALID_COLOUR = /^#[0-9a-f]{6}$/i;
const FALLBACK_COLOUR = '#777777';

interface SyncState {
  doc?: Y.Doc;
  type?: Y.XmlFragment;
  binding?: { mapping: Map<unknown, unknown> } | null;
  snapshot?: unknown;
  prevSnapshot?: unknown;
}

/** One person's caret as last read and drawn: kept from frame to frame, so a frame allocates little. */
interface Drawn {
  /** The presence's `cursor` object last decoded (a new one each time that person's presence changes). */
  cursor: unknown;
  anchor: Y.RelativePosition | null;
  head: Y.RelativePosition | null;
  /** The frame that last placed it: one not placed in a frame is taken away. */
  frame: number;
  name: string;
  colour: string;
  /** Where it was read this frame, then where it is drawn (tenths of a pixel, relative to the layer). */
  read: { x: number; y: number; height: number };
  x: number;
  y: number;
  height: number;
  /** The name and colour written in its elements (never read back from the DOM: each read is a string made). */
  shownName: string;
  shownColour: string;
  /** The text block its caret was last read in, to place it again without reading it. */
  block: ReadInBlock;
  /** Its selection's rectangles, four numbers each (x, y, width, height). */
  rects: number[];
  caret: HTMLElement;
  label: HTMLElement;
  selection: HTMLElement[];
}

/**
 * A collapsed caret as last read in full: its text block (the document's node, whose identity
 * y-tiptap keeps while its content is unchanged), the caret's offset in it, the block's element
 * and box, and the caret's place from the box's corner. While the block is the same node with
 * the caret at the same offset and its box the same width, the text in it is laid out the same:
 * the caret is where it was relative to the box, wherever the box moved (text added above it).
 */
interface ReadInBlock {
  node: ProseMirrorNode | null;
  offset: number;
  element: HTMLElement | null;
  width: number;
  dx: number;
  dy: number;
}

export interface RemoteCaretsOptions {
  awareness: Awareness | null;
  clock: FrameClock;
}

const remoteCaretsKey = new PluginKey('remoteCarets');

/** A relative position written in presence, or null when it is not one (presence is anyone's to write). */
function relativeOf(json: unknown): Y.RelativePosition | null {
  try {
    return Y.createRelativePositionFromJSON(json);
  } catch {
    return null;
  }
}

/** The absolute position of a relative one, or null when its text is gone. */
function positionOf(sync: Required<SyncState>, position: Y.RelativePosition | null): number | null {
  if (position === null) return null;
  try {
    return relativePositionToAbsolutePosition(sync.doc, sync.type, position, sync.binding!.mapping as never);
  } catch {
    return null;
  }
}

/**
 * The rectangles of the text between `from` and `to` relative to `origin`, block by block, at most
 * `MAX_SELECTION_BLOCKS` blocks, into `rects` (four numbers each).
 */
function selectionRects(view: EditorView, from: number, to: number, origin: DOMRect, rects: number[]): void {
  rects.length = 0;
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
    for (const rect of range.getClientRects())
      if (rect.width > 0) rects.push(rect.left - origin.left, rect.top - origin.top, rect.width, rect.height);
    return false;
  });
}

const px = (value: number) => `${value}px`;
/** Tenths of a pixel: finer than any screen shows, and a moved caret compares unequal. */
const tenths = (value: number) => Math.round(value * 10) / 10;

/** The elements of someone newly drawn. */
function drawnIn(layer: HTMLElement): Drawn {
  const caret = document.createElement('span');
  caret.className = 'remote-caret';
  const label = document.createElement('span');
  label.className = 'remote-caret-label';
  caret.append(label);
  layer.append(caret);
  return {
    cursor: undefined,
    anchor: null,
    head: null,
    frame: 0,
    name: '',
    colour: '',
    read: { x: 0, y: 0, height: 0 },
    x: Number.NaN,
    y: Number.NaN,
    height: Number.NaN,
    shownName: '',
    shownColour: '',
    block: { node: null, offset: 0, element: null, width: 0, dx: 0, dy: 0 },
    rects: [],
    caret,
    label,
    selection: [],
  };
}

/** Takes away what was drawn of someone. */
function undraw(each: Drawn): void {
  each.caret.remove();
  for (const box of each.selection) box.remove();
}

/**
 * Places a collapsed caret again from the text block it was last read in, without reading the
 * caret (no `coordsAtPos`: a position resolved, a range made, its rectangles read, for each of
 * up to 50 people at every frame). False when it must be read in full.
 */
function placedFromBlock(view: EditorView, head: number, each: Drawn, origin: DOMRect): boolean {
  const block = each.block;
  if (block.node === null || block.element === null || !block.element.isConnected) return false;
  // The same node starting where the caret's offset says its block starts: the caret is at that
  // offset in it. (`nodeAt` makes nothing; a resolved position, kept in the document's cache
  // while the document lives, would outlive young collections at every frame.)
  const start = head - block.offset - 1;
  if (start < 0 || view.state.doc.nodeAt(start) !== block.node) return false;
  const box = block.element.getBoundingClientRect();
  if (box.width !== block.width) return false;
  each.read.x = tenths(box.left + block.dx - origin.left);
  each.read.y = tenths(box.top + block.dy - origin.top);
  return true;
}

/** Remembers the text block a collapsed caret was read in (or that it was in none). */
function rememberBlock(
  view: EditorView,
  head: number,
  each: Drawn,
  coords: { left: number; top: number },
): void {
  const block = each.block;
  block.node = null;
  block.element = null;
  const $head = view.state.doc.resolve(head);
  if ($head.depth === 0 || !$head.parent.isTextblock) return;
  const element = view.nodeDOM($head.before());
  if (!(element instanceof HTMLElement)) return;
  const box = element.getBoundingClientRect();
  block.node = $head.parent;
  block.offset = $head.parentOffset;
  block.element = element;
  block.width = box.width;
  block.dx = coords.left - box.left;
  block.dy = coords.top - box.top;
}

/**
 * Places everyone else's caret and selection: all positions are read first (a layout at most),
 * then only what changed is written. A collapsed caret whose text block is unchanged is placed
 * from the block's box (`placedFromBlock`), except at every `FULL_READ_EVERY_FRAMES`th frame.
 */
function drawAll(
  view: EditorView,
  awareness: Awareness,
  layer: HTMLElement,
  drawn: Map<number, Drawn>,
  frame: number,
  fullRead: boolean,
): void {
  const sync = ySyncPluginKey.getState(view.state) as SyncState | undefined;
  const ready =
    sync?.doc &&
    sync.type &&
    sync.binding &&
    sync.binding.mapping.size > 0 &&
    !sync.snapshot &&
    !sync.prevSnapshot;
  const placed: Drawn[] = [];
  if (ready) {
    const origin = layer.getBoundingClientRect();
    const last = view.state.doc.content.size;
    for (const [clientId, state] of awareness.getStates()) {
      if (clientId === awareness.clientID || !state?.cursor) continue;
      let each = drawn.get(clientId);
      if (!each) {
        each = drawnIn(layer);
        drawn.set(clientId, each);
      }
      if (each.cursor !== state.cursor) {
        const cursor = state.cursor as { anchor?: unknown; head?: unknown };
        each.cursor = state.cursor;
        each.anchor = relativeOf(cursor.anchor);
        each.head = relativeOf(cursor.head);
        each.block.node = null;
      }
      const anchor = positionOf(sync as Required<SyncState>, each.anchor);
      const rawHead = positionOf(sync as Required<SyncState>, each.head);
      if (anchor === null || rawHead === null) continue;
      const head = Math.max(0, Math.min(rawHead, last));
      const from = Math.max(0, Math.min(anchor, rawHead, last));
      const to = Math.min(Math.max(anchor, rawHead), last);
      const collapsed = to <= from;
      if (!(collapsed && !fullRead && placedFromBlock(view, head, each, origin))) {
        let coords: { left: number; top: number; bottom: number };
        try {
          coords = view.coordsAtPos(head);
        } catch {
          continue;
        }
        // Not laid out (in a closed expandable, a tab not shown): nowhere to draw it.
        if (coords.bottom <= coords.top) {
          each.block.node = null;
          continue;
        }
        if (collapsed) {
          each.rects.length = 0;
          rememberBlock(view, head, each, coords);
        } else {
          each.block.node = null;
          selectionRects(view, from, to, origin, each.rects);
        }
        each.read.x = tenths(coords.left - origin.left);
        each.read.y = tenths(coords.top - origin.top);
        each.read.height = tenths(coords.bottom - coords.top);
      }
      const user = (state.user ?? {}) as { name?: unknown; color?: unknown };
      each.name = typeof user.name === 'string' && user.name ? user.name : 'Someone';
      each.colour =
        typeof user.color === 'string' && VALID_COLOUR.test(user.color) ? user.color : FALLBACK_COLOUR;
      each.frame = frame;
      placed.push(each);
    }
  }
  for (const [clientId, each] of drawn)
    if (each.frame !== frame) {
      undraw(each);
      drawn.delete(clientId);
    }
  for (const each of placed) write(layer, each);
}

/** Writes one person's caret and selection, touching only what changed. */
function write(layer: HTMLElement, each: Drawn): void {
  const next = each.read;
  // The name as text, never as markup: presence is written by other people.
  if (each.shownName !== each.name) {
    each.shownName = each.name;
    each.label.textContent = each.name;
  }
  if (each.shownColour !== each.colour) {
    each.shownColour = each.colour;
    each.caret.style.borderColor = each.colour;
    each.label.style.backgroundColor = each.colour;
    for (const box of each.selection) box.style.backgroundColor = each.colour;
  }
  if (next.height !== each.height) {
    each.height = next.height;
    each.caret.style.height = px(next.height);
  }
  if (next.x !== each.x || next.y !== each.y) {
    each.x = next.x;
    each.y = next.y;
    each.caret.style.transform = `translate(${px(next.x)}, ${px(next.y)})`;
  }
  const boxes = each.rects.length / 4;
  while (each.selection.length > boxes) each.selection.pop()!.remove();
  for (let index = 0; index < boxes; index += 1) {
    let box = each.selection[index];
    if (!box) {
      box = document.createElement('span');
      box.className = 'remote-selection';
      box.style.backgroundColor = each.colour;
      layer.prepend(box);
      each.selection.push(box);
    }
    const at = index * 4;
    const rects = each.rects;
    box.style.width = px(tenths(rects[at + 2]!));
    box.style.height = px(tenths(rects[at + 3]!));
    box.style.transform = `translate(${px(tenths(rects[at]!))}, ${px(tenths(rects[at + 1]!))})`;
  }
}

/** Only this editor's own state changed: nothing drawn of others moved. */
const ownOnly = (awareness: Awareness, changes: AwarenessChanges | undefined) =>
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
          let frames = 0;
          // The editor resized (its width, a font loaded): every caret read in full.
          let resized = true;
          const frame = oncePerFrame(() => {
            if (!layer.isConnected) return;
            frames += 1;
            const fullRead = resized || frames % FULL_READ_EVERY_FRAMES === 0;
            resized = false;
            drawAll(view, awareness, layer, drawn, frames, fullRead);
          }, clock);
          const onChange = (changes?: AwarenessChanges) => {
            if (!ownOnly(awareness, changes)) frame.request();
          };
          awareness.on('change', onChange);
          const resizes =
            typeof ResizeObserver === 'undefined'
              ? undefined
              : new ResizeObserver(() => {
                  resized = true;
                  frame.request();
                });
          resizes?.observe(view.dom);
          frame.request();
          return {
            update: (_view, previous) => {
              if (view.state.doc !== previous.doc) frame.request();
            },
            destroy: () => {
              frame.cancel();
              awareness.off('change', onChange);
              resizes?.disconnect();
              layer.remove();
              host?.classList.remove('remote-carets-host');
            },
          };
        },
      }),
    ];
  },
});
