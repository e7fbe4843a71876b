/**
 * The selection the page shows, taken by the editor when the browser has not told it yet.
 *
 * ProseMirror learns a selection the browser made (a click, a native caret move, a drag) from
 * the document's `selectionchange` event, an ordinary task. Until that task runs, the editor's
 * own selection is the one from before, and two things can come first:
 * - a key (input runs before ordinary tasks): handled where the person had been
 *   (`selection-before-keys.ts`);
 * - others' edits applied at a frame (`collaboration/remote-updates-per-frame.ts`): the view's
 *   update writes the editor's old selection back into the page, and the click is lost. With
 *   50 people typing, a click into the shared editor put the caret back where it was (found by
 *   the keystroke bench: the second browser's clicks all landed at the start of the page).
 *
 * Rule: when the DOM selection is in this editor's text and says otherwise than the editor's
 * text selection, the editor takes the DOM's (a selection transaction). Only text selections in
 * text nodes are read: a node selection, a gap cursor or a selection in a node view's own
 * controls is ProseMirror's to draw, and the DOM may show them otherwise on purpose; during a
 * composition (IME) the browser owns the selection; an editor without the focus shows none.
 */
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

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

/** Takes the DOM's selection when it is in text and differs from the editor's text selection. */
export function takeShownSelection(view: EditorView): void {
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
