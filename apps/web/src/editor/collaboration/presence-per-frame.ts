/**
 * Presence (Yjs awareness) as the drawing of it hears it: at most once per frame (issue 33).
 * The caret extension (@tiptap/extension-collaboration-caret, y-tiptap's cursor plugin) makes a
 * ProseMirror transaction and redraws every remote caret on each awareness change; with 50
 * people each moving their caret as they type, that was hundreds a second. Given this view of
 * the provider's awareness, its listeners are called once per frame for all the changes since
 * the last, and not for changes of this editor's own state alone (its own caret is not drawn).
 * This editor's own fields (its caret, moved by every key) are sent at the next frame too,
 * together: setting one sends the whole state to the server at once, and the caret plugin sets
 * it inside the key's handling, which is the keystroke's time. Read back at once, they are the
 * fields as set. Everything else is the awareness itself.
 */

import type { HocuspocusProvider } from '@hocuspocus/provider';
import { browserFrameClock, type FrameClock, oncePerFrame } from './frame-clock';

export type Awareness = NonNullable<HocuspocusProvider['awareness']>;

type Listener = () => void;

interface Changes {
  added: number[];
  updated: number[];
  removed: number[];
}

/** Only this editor's own state changed: nothing anyone draws of others changed. */
const ownOnly = (awareness: Awareness, changes: Changes | undefined) =>
  changes !== undefined &&
  changes.added.length === 0 &&
  changes.removed.length === 0 &&
  changes.updated.every((clientId) => clientId === awareness.clientID);

export interface PresencePerFrame {
  readonly clientID: number;
  readonly states: Awareness['states'];
  getStates: Awareness['getStates'];
  getLocalState: Awareness['getLocalState'];
  setLocalState: Awareness['setLocalState'];
  setLocalStateField: Awareness['setLocalStateField'];
  /** `listener` is called without the changes' details: it hears several at once. */
  on: (event: 'change' | 'update', listener: Listener) => void;
  off: (event: 'change' | 'update', listener: Listener) => void;
}

export function presencePerFrame(
  awareness: Awareness,
  clock: FrameClock = browserFrameClock,
): PresencePerFrame {
  const forwarded = {
    change: new Map<Listener, { forward: (changes?: Changes) => void; cancel: () => void }>(),
    update: new Map<Listener, { forward: (changes?: Changes) => void; cancel: () => void }>(),
  };
  /** This editor's fields set since the last frame, in the order set. */
  const pending = new Map<string, unknown>();
  const sendOwn = oncePerFrame(() => {
    const state = awareness.getLocalState();
    // Null once the provider has left: nothing is sent for a person who is gone.
    if (state !== null && pending.size > 0)
      awareness.setLocalState({ ...state, ...Object.fromEntries(pending) });
    pending.clear();
  }, clock);
  return {
    get clientID() {
      return awareness.clientID;
    },
    get states() {
      return awareness.states;
    },
    getStates: () => awareness.getStates(),
    getLocalState: () => {
      const state = awareness.getLocalState();
      return state === null || pending.size === 0 ? state : { ...state, ...Object.fromEntries(pending) };
    },
    setLocalState: (state) => {
      sendOwn.cancel();
      pending.clear();
      awareness.setLocalState(state);
    },
    setLocalStateField: (field, value) => {
      pending.set(field, value);
      sendOwn.request();
    },
    on: (event, listener) => {
      const frame = oncePerFrame(listener, clock);
      const forward = (changes?: Changes) => {
        if (event === 'change' && ownOnly(awareness, changes)) return;
        frame.request();
      };
      forwarded[event].set(listener, { forward, cancel: frame.cancel });
      awareness.on(event, forward);
    },
    off: (event, listener) => {
      const entry = forwarded[event].get(listener);
      if (!entry) return;
      entry.cancel();
      awareness.off(event, entry.forward);
      forwarded[event].delete(listener);
    },
  };
}
