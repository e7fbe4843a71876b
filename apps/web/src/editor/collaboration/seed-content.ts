/**
 * Fills an empty shared page from its base markdown. Every editor that joins an empty page
 * seeds it, at once perhaps: each converts the same markdown the same way into a Y document of
 * its own whose client id is the server's `seed` for this load, so all of them make the very
 * same items (same ids, same content), and Yjs keeps one copy of items it already has. The
 * seed id is new for each load, so the items of an earlier load never meet these.
 */

import { CONTENT_FRAGMENT, stateOf } from '@quire/documents/shared-state';
import type { Schema } from '@tiptap/pm/model';
import { prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { markdownToEditor } from '../editor-content';

/** Seeds `doc` when it is empty and the server said from what; says whether it has content now. */
export function seedIfEmpty(doc: Y.Doc, schema: Schema): boolean {
  if (doc.getXmlFragment(CONTENT_FRAGMENT).length > 0) return true;
  const state = stateOf(doc);
  const seed = state.get('seed');
  const markdown = state.get('baseMarkdown');
  if (typeof seed !== 'number' || typeof markdown !== 'string') return false;
  const seeded = new Y.Doc({ gc: false });
  seeded.clientID = seed;
  prosemirrorJSONToYXmlFragment(
    schema,
    markdownToEditor(markdown, schema),
    seeded.getXmlFragment(CONTENT_FRAGMENT),
  );
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seeded), 'seed');
  seeded.destroy();
  return true;
}
