/**
 * A key is handled at the selection the page shows, even when the browser has not yet told
 * ProseMirror where a click put it (found by the five-person co-editing test, issue 33).
 *
 * Why: ProseMirror learns a selection made by the browser (a click, a native caret move) from
 * the document's `selectionchange` event, an ordinary task. The browser runs input before
 * ordinary tasks, so a key pressed right after a click (or behind a busy main thread, when both
 * wait) reached ProseMirror first: its keymap handled Enter at the selection from before the
 * click, and the paragraph was split where the person had been, not where they clicked
 * ("Written together." split at its start instead of its end). ProseMirror reads the DOM
 * selection before a key only when DOM mutations are pending, not for a selection change alone.
 *
 * So, before any other handler of a key, the editor takes the selection the page shows
 * (`shown-selection.ts`), and the key is then handled by whoever handles it.
 */
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Extension } from '@tiptap/react';
import { takeShownSelection } from './shown-selection';

const selectionBeforeKeysKey = new PluginKey('selectionBeforeKeys');

export const SelectionBeforeKeys = Extension.create({
  name: 'selectionBeforeKeys',
  // Before the keymaps (TipTap's own at 100, the extensions' at theirs): they read the selection.
  priority: 10_000,

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: selectionBeforeKeysKey,
        props: {
          handleKeyDown: (view) => {
            takeShownSelection(view);
            // The key itself is for the handlers after this one (or the browser).
            return false;
          },
        },
      }),
    ];
  },
});
