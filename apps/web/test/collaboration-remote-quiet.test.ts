import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type { Transaction } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { remoteParagraphs, sharedPageEditor } from './support/remote-paragraphs';

const opened: Editor[] = [];
afterEach(() => {
  for (const editor of opened.splice(0)) editor.destroy();
  document.body.replaceChildren();
});

type Listener = (...args: unknown[]) => void;

/** Just enough of a provider's awareness for the caret extension; counts the carets sent. */
function fakeAwareness(clientID: number) {
  const states = new Map<number, Record<string, unknown>>([[clientID, {}]]);
  const listeners = new Map<string, Set<Listener>>();
  const sent: unknown[] = [];
  const emit = () => {
    for (const listener of listeners.get('change') ?? [])
      listener({ added: [], updated: [clientID], removed: [] }, 'local');
  };
  return {
    sent,
    clientID,
    states,
    getStates: () => states,
    getLocalState: () => states.get(clientID) ?? null,
    setLocalState: (state: Record<string, unknown> | null) => {
      if (state) states.set(clientID, state);
      else states.delete(clientID);
      emit();
    },
    setLocalStateField: (field: string, value: unknown) => {
      if (field === 'cursor' && value !== null) sent.push(value);
      states.set(clientID, { ...states.get(clientID), [field]: value });
      emit();
    },
    on: (event: string, listener: Listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off: (event: string, listener: Listener) => listeners.get(event)?.delete(listener),
  };
}

/** Another person's document, and this person's focused editor (with carets) on a copy of it. */
function sharedPage(paragraphs: string[]) {
  const remote = remoteParagraphs(paragraphs);
  const fragment = remote.getXmlFragment('default');
  const doc = new Y.Doc();
  const awareness = fakeAwareness(doc.clientID);
  const editor = sharedPageEditor(doc, [
    CollaborationCaret.configure({ provider: { awareness }, user: { name: 'You', color: '#2266aa' } }),
  ]);
  opened.push(editor);
  // jsdom has no focus for a contenteditable: this editor has it, as the person typing's does.
  editor.view.hasFocus = () => true;
  // Where ProseMirror brings the selection into view (jsdom cannot measure it): counted.
  const scrolls = { count: 0 };
  (editor.view as unknown as { scrollToSelection: () => void }).scrollToSelection = () => {
    scrolls.count += 1;
  };
  const sync = () => Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'remote');
  sync();
  const textAt = (index: number) => (fragment.get(index) as Y.XmlElement).get(0) as Y.XmlText;
  const transactions: Transaction[] = [];
  editor.on('transaction', ({ transaction }) => {
    transactions.push(transaction);
  });
  return { remote, doc, editor, awareness, sync, textAt, transactions, scrolls };
}

/** Puts the caret `offset` characters into the paragraph at `index`. */
function placeCaret(editor: Editor, index: number, offset: number) {
  let position = 0;
  for (let i = 0; i < index; i++) position += editor.state.doc.child(i).nodeSize;
  editor.commands.setTextSelection(position + 1 + offset);
}

const isRemote = (transaction: Transaction) =>
  (transaction.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin === true;

/**
 * The binding measures whether the caret is in view only in a browser (its `isBrowser`, false
 * under Node): here it is told the caret is in view, as it is where the person is typing.
 */
const caretInView = (editor: Editor) => {
  const binding = (
    ySyncPluginKey.getState(editor.state) as { binding: { _domSelectionInView: boolean | null } }
  ).binding;
  binding._domSelectionInView = true;
};

describe("others' changes in a shared page's editor, the caret in view", () => {
  it('do not scroll the view to the caret', () => {
    const page = sharedPage(['First one.', 'Second one.', 'Third one.']);
    placeCaret(page.editor, 2, 5);
    caretInView(page.editor);
    page.transactions.length = 0;
    page.scrolls.count = 0;

    page.textAt(0).insert(0, 'Now the ');
    page.sync();
    page.textAt(2).insert(0, '>> ');
    page.sync();

    const remote = page.transactions.filter(isRemote);
    expect(remote.length).toBeGreaterThan(0);
    expect(remote.filter((transaction) => transaction.scrolledIntoView)).toEqual([]);
    expect(page.scrolls.count).toBe(0);
    expect(page.editor.getText()).toContain('Now the First one.');
    expect(page.editor.state.selection.$from.parentOffset).toBe(8);
  });

  it("but this person's own undo still brings the caret into view", () => {
    const page = sharedPage(['First one.', 'Second one.']);
    placeCaret(page.editor, 1, 7);
    page.editor.commands.insertContent('typed ');
    expect(page.editor.getText()).toContain('Second typed one.');
    caretInView(page.editor);
    page.transactions.length = 0;
    page.scrolls.count = 0;

    page.editor.commands.undo();

    expect(page.editor.getText()).toContain('Second one.');
    expect(
      page.transactions.some((transaction) => isRemote(transaction) && transaction.scrolledIntoView),
    ).toBe(true);
    expect(page.scrolls.count).toBe(1);
  });
});

describe("others' changes in a shared page's editor, this person's caret", () => {
  it('is not sent again when its place in the text did not change', () => {
    const page = sharedPage(['First one.', 'Second one.', 'Third one.']);
    placeCaret(page.editor, 2, 5);
    expect(page.awareness.sent.length).toBeGreaterThan(0);
    const sentBefore = page.awareness.sent.length;

    // Text typed in another paragraph, and in the caret's own before it: the caret keeps its
    // place in the text (its relative position), though its offset in the document moved.
    for (let i = 0; i < 5; i++) {
      page.textAt(0).insert(0, 'x');
      page.sync();
    }
    page.textAt(2).insert(0, '>> ');
    page.sync();

    expect(page.editor.state.selection.$from.parentOffset).toBe(8);
    expect(page.awareness.sent.length).toBe(sentBefore);
  });

  it('is sent when this person moves it, and when its text was deleted under it', () => {
    const page = sharedPage(['First one.', 'Second one.']);
    placeCaret(page.editor, 1, 6);
    const sentBefore = page.awareness.sent.length;

    placeCaret(page.editor, 1, 2);
    expect(page.awareness.sent.length).toBe(sentBefore + 1);

    // The letters around the caret deleted by someone else: its place in the text is new.
    page.textAt(1).delete(0, 4);
    page.sync();
    expect(page.editor.getText()).toContain('nd one.');
    expect(page.awareness.sent.length).toBe(sentBefore + 2);
  });
});
