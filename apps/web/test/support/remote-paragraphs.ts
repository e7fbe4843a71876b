/**
 * Another person's Yjs document on a shared page, holding these paragraphs in the fragment the
 * editor binds (`default`): what the collaboration tests sync into an editor's own document.
 */
import * as Y from 'yjs';

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
