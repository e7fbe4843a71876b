/**
 * Others' edits applied at most once per animation frame, together (issue 33). With 50 people
 * typing, a page hears some 180 edits a second; applied one by one, each was a Yjs transaction,
 * so a ProseMirror transaction from the binding (@tiptap/y-tiptap), a redraw of every caret, and
 * a cursor sent back by every editor with the focus. Held until the next frame and applied in
 * ONE outer Yjs transaction, the binding hears them once and makes one ProseMirror transaction.
 *
 * How: the provider's `onMessage` (where its socket hands it each message) holds the messages
 * that carry an edit once the page is synced, and applies them in their order, inside
 * `doc.transact(..., provider)`: each `Y.applyUpdate` the provider makes nests into it, and the
 * origin stays the provider's, so the binding still takes the change as someone else's. Any
 * other message (sync steps, authentication, acknowledgements, closing) first applies what is
 * held, so nothing overtakes an edit. Presence (awareness) is applied as it comes: it refers to
 * edits by position, and a caret whose edit has not come yet is drawn once it has. What is held
 * is applied at once when the page is left, the connection lost, or the tab hidden.
 *
 * Before anything is applied, `beforeApplying` runs: the editor takes the selection the page
 * shows (`shown-selection.ts`), so a click the browser has not yet told it of is not written over
 * by the update of the view that others' edits make.
 */

import type { HocuspocusProvider } from '@hocuspocus/provider';
import { browserFrameClock, type FrameClock, oncePerFrame } from './frame-clock';
import { incomingMessageKindOf } from './incoming-message-kind';

/** Starts holding `provider`'s incoming edits for the next frame; returns what stops it. */
export function applyRemoteUpdatesPerFrame(
  provider: HocuspocusProvider,
  clock: FrameClock = browserFrameClock,
  beforeApplying: () => void = () => {},
): () => void {
  const apply = provider.onMessage.bind(provider);
  const held: MessageEvent[] = [];
  const applyHeld = () => {
    if (held.length === 0) return;
    beforeApplying();
    const messages = held.splice(0);
    let failure: unknown;
    provider.document.transact(() => {
      for (const message of messages) {
        try {
          apply(message);
        } catch (error) {
          // One bad message must not drop the ones after it; it fails as it would have alone.
          failure ??= error;
        }
      }
    }, provider);
    if (failure !== undefined) throw failure;
  };
  const frame = oncePerFrame(applyHeld, clock);
  const applyNow = () => {
    frame.cancel();
    applyHeld();
  };

  provider.onMessage = (event: MessageEvent) => {
    const kind = incomingMessageKindOf(event.data as ArrayBuffer);
    if (kind === 'awareness') return apply(event);
    if (kind === 'update' && provider.isSynced) {
      held.push(event);
      frame.request();
      return;
    }
    applyNow();
    beforeApplying();
    apply(event);
  };
  const whenHidden = () => {
    if (document.visibilityState === 'hidden') applyNow();
  };
  document.addEventListener('visibilitychange', whenHidden);
  const stop = () => {
    applyNow();
    document.removeEventListener('visibilitychange', whenHidden);
    provider.off('disconnect', applyNow);
    provider.off('close', applyNow);
    provider.off('destroy', stop);
    provider.onMessage = apply;
  };
  provider.on('disconnect', applyNow);
  provider.on('close', applyNow);
  // Left: what is held goes into the document before the provider does.
  provider.on('destroy', stop);
  return stop;
}
