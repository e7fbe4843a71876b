/**
 * A key pressed before the browser told the editor where a click put the caret is handled at
 * the click (`selection-before-keys.ts`): the DOM selection is moved by hand here and no
 * `selectionchange` is delivered, as when a key overtakes that event.
 */
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from '../src/editor/extensions';
import { MentionNode } from '../src/editor/gitbook-nodes';
import { SelectionBeforeKeys } from '../src/editor/selection-before-keys';

const opened: Editor[] = [];
afterEach(() => {
  for (const editor of opened.splice(0)) editor.destroy();
  document.body.replaceChildren();
});

function editorWith(content: string) {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ element, extensions: editorExtensions, content });
  opened.push(editor);
  // jsdom gives a contenteditable no focus: this editor has it, as the person typing's does.
  editor.view.hasFocus = () => true;
  editor.commands.setTextSelection(1);
  return editor;
}

/** Puts the page's caret (not the editor's) at `offset` of the text of paragraph `index`. */
function clickInto(editor: Editor, index: number, offset: number) {
  const text = editor.view.dom.querySelectorAll('p')[index]!.firstChild!;
  document.getSelection()!.collapse(text, offset);
}

const press = (editor: Editor, key: string) =>
  editor.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

const paragraphs = (editor: Editor) => {
  const texts: string[] = [];
  editor.state.doc.forEach((node) => {
    texts.push(node.textContent);
  });
  return texts;
};

describe('a key right after a click', () => {
  it('is handled where the page shows the caret, not where the editor had it', () => {
    const editor = editorWith('<p>Written together.</p><p>Middle stays.</p>');
    clickInto(editor, 0, 'Written together.'.length);
    press(editor, 'Enter');
    expect(paragraphs(editor)).toEqual(['Written together.', '', 'Middle stays.']);

    // Any key: the editor's selection is the page's before the key's own handlers run.
    clickInto(editor, 2, 'Middle'.length);
    press(editor, 'Shift');
    expect(editor.state.selection.from).toBe(editor.state.doc.content.size - 1 - ' stays.'.length);
  });

  it('keeps a selection the editor made itself, and text a node view does not edit', () => {
    const element = document.createElement('div');
    document.body.append(element);
    const editor = new Editor({
      element,
      extensions: [StarterKit, MentionNode, SelectionBeforeKeys],
      content: '<p>Written <span data-mention></span> together.</p>',
    });
    opened.push(editor);
    editor.view.hasFocus = () => true;
    const paragraph = editor.view.dom.querySelector('p')!;
    // The same place, said by the DOM otherwise (at the end of the text before it): nothing to take.
    editor.commands.setTextSelection(1 + 'Written '.length);
    document.getSelection()!.collapse(paragraph.firstChild!, 'Written '.length);
    let transactions = 0;
    editor.on('transaction', () => {
      transactions += 1;
    });
    press(editor, 'Shift');
    expect(transactions).toBe(0);

    // The DOM's caret in the mention's own text, which the editor does not edit.
    editor.commands.setTextSelection(1);
    transactions = 0;
    const mention = editor.view.dom.querySelector('[data-mention]')!;
    expect(mention.getAttribute('contenteditable')).toBe('false');
    document.getSelection()!.collapse(mention.firstChild!, 3);
    press(editor, 'Shift');
    expect(transactions).toBe(0);
    expect(editor.state.selection.from).toBe(1);
  });
});
