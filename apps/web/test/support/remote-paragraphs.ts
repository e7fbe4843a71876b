/**
 * Another person's Yjs document on a shared page, holding these paragraphs in the fragment the
 * editor binds (`default`): what the collaboration tests sync into an editor's own document; and
 * this person's editor on a document of its own.
 */
import Collaboration from '@tiptap/extension-collaboration';
import { Editor, type Extensions } from '@tiptap/react';
import * as Y from 'yjs';
import { sharedPageExtensions } from '../../src/editor/extensions';

export function remoteParagraphs(paragraphs: readonly string[]): Y.Doc {
  const remote = new Y.Doc();
  const fragment = remote.getXmlFragment('default');
  remote.transact(() => {
    fragment.insert(
      0,
      paragraphs.map((text) => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText(text)]);
        return paragraph;
      }),
    );
  });
  return remote;
}

/**
 * This person's editor on a shared page's document `doc`, in an element of the page: the app's
 * schema for shared pages, the collaboration binding, then `extensions` (carets and the like).
 */
export function sharedPageEditor(doc: Y.Doc, extensions: Extensions): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  return new Editor({
    element,
    extensions: [...sharedPageExtensions, Collaboration.configure({ document: doc }), ...extensions],
  });
}
