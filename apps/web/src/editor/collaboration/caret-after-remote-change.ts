/**
 * Keeps the caret where Yjs says it is after someone else's change (issue 33: two people typing
 * in one paragraph, one at its start and one at its end, scrambled the letters of the one at the end).
 *
 * Why: after a remote change the binding (@tiptap/y-tiptap 3.0.9) puts the caret back from its
 * Yjs relative position, then second-guesses it: whenever the text of the caret's block differs
 * (always, when someone else types in that block) it looks for the block by content, and a block
 * whose attributes are not their defaults (ours carry GitBook's `data`, `{}` on every block
 * read from markdown) is found by its attributes and the caret put back at its OLD offset in it.
 * Each letter typed before the caret left it one letter behind, so what was typed after it came
 * out reversed (" Grace ends." as "..sdne ecarG ").
 *
 * The binding's guess is meant for blocks moved or replaced (the caret's text gone from the
 * document). So: when the text the caret was in is still there, the Yjs position is the truth,
 * and this plugin puts the caret there, in the same update as the remote change.
 */

import { Plugin, PluginKey, TextSelection, type Transaction } from '@tiptap/pm/state';
import { Extension } from '@tiptap/react';
import { relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

interface SyncBinding {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: Map<unknown, unknown>;
  beforeTransactionSelection: {
    type: string;
    anchor: Y.RelativePosition | null;
    head: Y.RelativePosition | null;
  } | null;
}

interface SyncState {
  binding?: SyncBinding;
}

const caretKey = new PluginKey('caretAfterRemoteChange');

/** Where a relative position is, while the text it points into is still in the document. */
function livePosition(binding: SyncBinding, position: Y.RelativePosition): number | null {
  const decoded = Y.createAbsolutePositionFromRelativePosition(position, binding.doc);
  if (!decoded || !(decoded.type instanceof Y.XmlText)) return null;
  // A text whose block was deleted (moved, replaced) is the binding's case: leave it its guess.
  let item: Y.Item | null = decoded.type._item;
  for (;;) {
    if (!item || item.deleted) return null;
    if (item.parent === binding.type) break;
    item = item.parent instanceof Y.AbstractType ? item.parent._item : null;
  }
  return relativePositionToAbsolutePosition(binding.doc, binding.type, position, binding.mapping as never);
}

const isRemoteChange = (transaction: Transaction) => {
  const meta = transaction.getMeta(ySyncPluginKey) as
    | { isChangeOrigin?: boolean; isUndoRedoOperation?: boolean }
    | undefined;
  return transaction.docChanged && meta?.isChangeOrigin === true && meta.isUndoRedoOperation !== true;
};

export const CaretAfterRemoteChange = Extension.create({
  name: 'caretAfterRemoteChange',
  addProseMirrorPlugins: () => [
    new Plugin({
      key: caretKey,
      appendTransaction: (transactions, _oldState, state) => {
        if (!transactions.some(isRemoteChange)) return null;
        const binding = (ySyncPluginKey.getState(state) as SyncState | undefined)?.binding;
        const before = binding?.beforeTransactionSelection;
        if (!binding || before?.type !== 'text' || !before.anchor || !before.head) return null;
        const anchor = livePosition(binding, before.anchor);
        const head = livePosition(binding, before.head);
        if (anchor === null || head === null) return null;
        const size = state.doc.content.size;
        if (anchor > size || head > size) return null;
        if (state.selection.anchor === anchor && state.selection.head === head) return null;
        const selection = TextSelection.between(state.doc.resolve(anchor), state.doc.resolve(head));
        return state.tr
          .setSelection(selection)
          .setMeta('addToHistory', false)
          .setMeta(ySyncPluginKey, { isChangeOrigin: true });
      },
    }),
  ],
});
