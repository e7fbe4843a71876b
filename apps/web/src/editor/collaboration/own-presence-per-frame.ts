/**
 * This editor's presence as the caret extension (@tiptap/extension-collaboration-caret, y-tiptap's
 * cursor plugin) sees it: the extension only sends this editor's caret; others' carets are drawn
 * over the editor by `remote-carets.ts` (issue 33). So in this view the extension sees no one else
 * (`getStates` holds this editor's state alone) and hears no change (its listeners are never
 * called): it draws nothing and makes no ProseMirror transaction when anyone's caret moves.
 * This editor's own fields (its caret, moved by every key) are sent at the next frame, together:
 * setting one sends the whole state to the server at once, and the caret plugin sets it inside
 * the key's handling, which is the keystroke's time. Read back at once, they are the fields as set.
 */

import type { HocuspocusProvider } from '@hocuspocus/provider';
import { browserFrameClock, type FrameClock, oncePerFrame } from './frame-clock';

export type Awareness = NonNullable<HocuspocusProvider['awareness']>;

/** Who a presence `change` event names (y-protocols' awareness). */
export interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

export interface OwnPresencePerFrame {
  readonly clientID: number;
  readonly states: Awareness['states'];
  getStates: Awareness['getStates'];
  getLocalState: Awareness['getLocalState'];
  setLocalState: Awareness['setLocalState'];
  setLocalStateField: Awareness['setLocalStateField'];
  /** Never calls `listener`: no one else is seen here, and this editor's own changes need no drawing. */
  on: (event: 'change' | 'update', listener: () => void) => void;
  off: (event: 'change' | 'update', listener: () => void) => void;
}

export function ownPresencePerFrame(
  awareness: Awareness,
  clock: FrameClock = browserFrameClock,
): OwnPresencePerFrame {
  /** This editor's fields set since the last frame, in the order set. */
  const pending = new Map<string, unknown>();
  const sendOwn = oncePerFrame(() => {
    const state = awareness.getLocalState();
    // Null once the provider has left: nothing is sent for a person who is gone.
    if (state !== null && pending.size > 0)
      awareness.setLocalState({ ...state, ...Object.fromEntries(pending) });
    pending.clear();
  }, clock);
  const getLocalState = () => {
    const state = awareness.getLocalState();
    return state === null || pending.size === 0 ? state : { ...state, ...Object.fromEntries(pending) };
  };
  /** This editor's state alone, as set. */
  const ownStates = () => {
    const state = getLocalState();
    return new Map(state === null ? [] : [[awareness.clientID, state]]);
  };
  return {
    get clientID() {
      return awareness.clientID;
    },
    get states() {
      return ownStates();
    },
    getStates: ownStates,
    getLocalState,
    setLocalState: (state) => {
      sendOwn.cancel();
      pending.clear();
      awareness.setLocalState(state);
    },
    setLocalStateField: (field, value) => {
      pending.set(field, value);
      sendOwn.request();
    },
    on: () => {},
    off: () => {},
  };
}
