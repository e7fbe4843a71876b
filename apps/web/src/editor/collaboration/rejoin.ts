/**
 * Joining a shared page again after the connection was lost (issue 33). The provider alone
 * would send the document it has as it is; but when the server lost the page meanwhile (it
 * restarted, or everyone left and it dropped the page), the page is loaded and seeded afresh —
 * from the revision the last save made, under another seed (`seed-content.ts`) — and the old
 * document's content, seeded under the old one, would be added beside it: the page twice.
 *
 * So an editor joins again with a fresh document, and brings what it has into it:
 * - the same load of the page (the fresh document holds the server's `seed` the old one holds,
 *   the very Yjs item): the old content grew from it, so the old document merges into it as Yjs
 *   merges any offline edits;
 * - another load: the old content is not put into the page. *Changed:* a load at the same
 *   revision has the same `seed` value (`seedOf` is per revision), and the old document was
 *   merged then too; but its state map carries the earlier load's `seed` and `incoming`, set
 *   by that server, which only the server may set: the server closed the socket (1008), the
 *   editor joined again and sent them again, forever, and what was typed was never saved
 *   (a server restarted, or killed, before anything new was saved; or the page dropped when
 *   everyone left). What was typed and never saved (its
 *   markdown differs from the base it was saved into) is sent as an ordinary batch against that
 *   base; the server merges it three-way into the page, and the shared page hears that revision
 *   as any edit made elsewhere (`incoming`), never over others' typing. When it conflicts (the
 *   save the server made as it stopped is typically the revision after that base, and what was
 *   typed offline sits right beside what it saved), it is sent against the revision the page
 *   was loaded from again: what was typed is kept, as a co-edited save that conflicts is, and
 *   the other revision stays in the history.
 */

import { CONTENT_FRAGMENT, stateOf } from '@quire/documents/shared-state';
import type { Schema } from '@tiptap/pm/model';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { editorToMarkdown } from '../editor-content';

/**
 * What was typed and never saved: the page's markdown, the revision it was typed from, and the
 * revision the page was loaded from again (`head`).
 */
export interface UnsavedEdit {
  markdown: string;
  revision: string;
  head: string;
}

export type Rejoined = { kind: 'merged' } | { kind: 'unsaved'; edit: UnsavedEdit } | { kind: 'nothing' };

/** The page's markdown as the editors write it, from a shared document's content. */
export const sharedMarkdownOf = (doc: Y.Doc, schema: Schema): string =>
  editorToMarkdown(yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(CONTENT_FRAGMENT), schema).toJSON());

/**
 * Brings `old` (the document of the lost connection) into `fresh` (joined again, synced and
 * seeded): merged when both grew from one seed; else what to send as a batch, if anything.
 */
export function rejoin(old: Y.Doc, fresh: Y.Doc, schema: Schema): Rejoined {
  if (sameLoad(old, fresh)) {
    Y.applyUpdate(fresh, Y.encodeStateAsUpdate(old), 'rejoin');
    return { kind: 'merged' };
  }
  const head = stateOf(fresh).get('base');
  const unsaved = unsavedOf(old, schema);
  if (typeof head !== 'string' || unsaved === undefined) return { kind: 'nothing' };
  return { kind: 'unsaved', edit: { ...unsaved, head } };
}

/**
 * What `doc` holds that was typed and never saved: its markdown when it differs from the base
 * it was last saved into, with that base's revision; undefined when nothing is.
 */
export function unsavedOf(doc: Y.Doc, schema: Schema): Omit<UnsavedEdit, 'head'> | undefined {
  const state = stateOf(doc);
  const revision = state.get('base');
  const markdown = sharedMarkdownOf(doc, schema);
  if (typeof revision !== 'string' || markdown === state.get('baseMarkdown')) return undefined;
  return { markdown, revision };
}

/** The keys of the state map only the server sets (the server's `server-owned-keys.ts`). */
const SERVER_OWNED_KEYS = ['seed', 'incoming'] as const;

/**
 * Whether `fresh` is the same load of the page as `old`: it holds the items through which the
 * server set `old`'s `seed` and `incoming` (the same value set by another load is another
 * item, which the server refuses from a client).
 */
function sameLoad(old: Y.Doc, fresh: Y.Doc): boolean {
  if (stateOf(old).get('seed') !== stateOf(fresh).get('seed')) return false;
  const state = stateOf(old) as Y.Map<unknown>;
  for (const key of SERVER_OWNED_KEYS) {
    const item = state._map.get(key);
    if (item && Y.getState(fresh.store, item.id.client) < item.id.clock + item.length) return false;
  }
  return true;
}

/**
 * Sends what was typed and never saved (`write` sends the page's markdown as a batch against
 * the revision it is given): against the revision it was typed from, or, when that conflicts,
 * against the revision the page was loaded from again.
 */
export async function sendUnsaved(
  edit: UnsavedEdit,
  write: (markdown: string, revision: string) => Promise<void>,
  isConflict: (error: unknown) => boolean,
): Promise<void> {
  try {
    await write(edit.markdown, edit.revision);
  } catch (error) {
    if (!isConflict(error) || edit.head === edit.revision) throw error;
    await write(edit.markdown, edit.head);
  }
}
