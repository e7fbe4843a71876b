/**
 * Others' changes in an editor on a shared page, through the Yjs binding as Quire patches it
 * (`patches/@tiptap__y-tiptap@3.0.9.patch`, issue 33): a change of text rebuilds only the
 * paragraph it touched (the others stay the very same ProseMirror nodes, so a remote keystroke
 * costs the same on a long page as on a short one); a structural change (a paragraph inserted,
 * moved or removed) rebuilds them all, as before the patch. Either way the editor shows the
 * others' document and this person's caret stays in its paragraph, at its place in the text.
 */
import Collaboration from '@tiptap/extension-collaboration';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sharedPageExtensions } from '../src/editor/extensions';
import { remoteParagraphs } from './support/remote-paragraphs';

const opened: Editor[] = [];
afterEach(() => {
  for (const editor of opened.splice(0)) editor.destroy();
});

/** Another person's document with these paragraphs, and this person's editor on a copy of it. */
function sharedPage(paragraphs: string[]) {
  const remote = remoteParagraphs(paragraphs);
  const fragment = remote.getXmlFragment('default');
  const doc = new Y.Doc();
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: [...sharedPageExtensions, Collaboration.configure({ document: doc })],
  });
  opened.push(editor);
  const sync = () => Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'remote');
  sync();
  const textAt = (index: number) => (fragment.get(index) as Y.XmlElement).get(0) as Y.XmlText;
  return { remote, fragment, editor, sync, textAt };
}

const paragraphsOf = (editor: Editor) => {
  const texts: string[] = [];
  editor.state.doc.forEach((node) => {
    texts.push(node.textContent);
  });
  return texts;
};

/** The caret as (paragraph's text, offset in it). */
const caretOf = (editor: Editor) => {
  const { $from } = editor.state.selection;
  return { paragraph: $from.parent.textContent, offset: $from.parentOffset };
};

/** Puts the caret `offset` characters into the paragraph at `index`. */
function placeCaret(editor: Editor, index: number, offset: number) {
  let position = 0;
  for (let i = 0; i < index; i++) position += editor.state.doc.child(i).nodeSize;
  editor.commands.setTextSelection(position + 1 + offset);
}

describe("others' changes in a shared page's editor", () => {
  it('of text rebuild only the paragraph they touched, and move the caret with the text before it', () => {
    const page = sharedPage(['First one.', 'Second one.', 'Third one.']);
    expect(paragraphsOf(page.editor)).toEqual(['First one.', 'Second one.', 'Third one.']);
    placeCaret(page.editor, 2, 5);
    const before = [0, 1, 2].map((index) => page.editor.state.doc.child(index));

    page.textAt(0).insert(0, 'Now the ');
    page.sync();

    expect(paragraphsOf(page.editor)).toEqual(['Now the First one.', 'Second one.', 'Third one.']);
    const after = [0, 1, 2].map((index) => page.editor.state.doc.child(index));
    expect(after[0]).not.toBe(before[0]);
    // The same node objects: nothing of them was rebuilt (before the patch, every one was).
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(before[2]);
    expect(caretOf(page.editor)).toEqual({ paragraph: 'Third one.', offset: 5 });

    // Text typed into the caret's own paragraph, before it, moves it along.
    page.textAt(2).insert(0, '>> ');
    page.sync();
    expect(caretOf(page.editor)).toEqual({ paragraph: '>> Third one.', offset: 8 });
    expect(page.editor.state.doc.child(1)).toBe(before[1]);
  });

  it('of structure (a paragraph moved, inserted, removed) show the new order, the caret still in its paragraph', () => {
    const page = sharedPage(['Alpha text.', 'Beta text.', 'Gamma text.', 'Delta text.']);
    placeCaret(page.editor, 1, 4);

    // Gamma moved to the top: removed, and inserted again as a new paragraph (what a move is in Yjs).
    page.remote.transact(() => {
      const moved = new Y.XmlElement('paragraph');
      moved.insert(0, [new Y.XmlText('Gamma text.')]);
      page.fragment.delete(2, 1);
      page.fragment.insert(0, [moved]);
    });
    page.sync();
    expect(paragraphsOf(page.editor)).toEqual(['Gamma text.', 'Alpha text.', 'Beta text.', 'Delta text.']);
    expect(caretOf(page.editor)).toEqual({ paragraph: 'Beta text.', offset: 4 });

    // A new paragraph before the caret's, then the first one removed; then text typed again.
    page.remote.transact(() => {
      const inserted = new Y.XmlElement('paragraph');
      inserted.insert(0, [new Y.XmlText('Inserted.')]);
      page.fragment.insert(1, [inserted]);
    });
    page.sync();
    page.fragment.delete(0, 1);
    page.sync();
    expect(paragraphsOf(page.editor)).toEqual(['Inserted.', 'Alpha text.', 'Beta text.', 'Delta text.']);
    expect(caretOf(page.editor)).toEqual({ paragraph: 'Beta text.', offset: 4 });

    page.textAt(1).insert(0, 'See ');
    page.sync();
    expect(paragraphsOf(page.editor)).toEqual(['Inserted.', 'See Alpha text.', 'Beta text.', 'Delta text.']);
    expect(caretOf(page.editor)).toEqual({ paragraph: 'Beta text.', offset: 4 });
    expect(page.editor.getText()).toBe(
      page.fragment
        .toArray()
        .map((each) => (each as Y.XmlElement).get(0).toString())
        .join('\n\n'),
    );
  });
});
