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
 * So, before any other handler of a key: when the DOM selection is in this editor's text and
 * says otherwise than the editor's text selection, the editor takes the DOM's (a selection
 * transaction), and the key is then handled by whoever handles it. Only text selections in
 * text nodes are read: a node selection, a gap cursor or a selection in a node view's own
 * controls is ProseMirror's to draw, and the DOM may show them otherwise on purpose; during a
 * composition (IME) the browser owns the selection.
 */
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';

const selectionBeforeKeysKey = new PluginKey('selectionBeforeKeys');

/** Where a DOM point is in the document, when it is in this editor's text. */
function textPosition(view: EditorView, node: Node | null, offset: number): number | null {
  if (!node || node.nodeType !== Node.TEXT_NODE || !view.dom.contains(node)) return null;
  // Text a node view shows but does not edit (a mention's name, a block's own controls).
  const uneditable = node.parentElement?.closest('[contenteditable="false"]');
  if (uneditable && view.dom.contains(uneditable)) return null;
  let position: number;
  try {
    position = view.posAtDOM(node, offset);
  } catch {
    return null;
  }
  if (position < 0 || position > view.state.doc.content.size) return null;
  return view.state.doc.resolve(position).parent.isTextblock ? position : null;
}

/** Takes the DOM's selection when it is in text and differs from the editor's. */
function takeDomSelection(view: EditorView): void {
  const { selection } = view.state;
  if (view.composing || !(selection instanceof TextSelection) || !view.hasFocus()) return;
  const dom = (view.root as Document).getSelection?.() ?? document.getSelection();
  if (!dom || dom.rangeCount === 0) return;
  const anchor = textPosition(view, dom.anchorNode, dom.anchorOffset);
  const head = textPosition(view, dom.focusNode, dom.focusOffset);
  if (anchor === null || head === null) return;
  if (anchor === selection.anchor && head === selection.head) return;
  view.dispatch(
    view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)).setMeta('pointer', true),
  );
}

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
            takeDomSelection(view);
            // The key itself is for the handlers after this one (or the browser).
            return false;
          },
        },
      }),
    ];
  },
});
