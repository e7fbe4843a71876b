/**
 * What a shared page's Y document holds besides the editor's content, in its `quire` map. The
 * web app writes the same keys (`apps/web/src/editor/collaboration/shared-state.ts`): this is
 * the protocol between the two, written on both sides because an app never imports another.
 *
 * - `base`, `baseMarkdown`: the revision the shared content was loaded from (or last saved
 *   into) and the page's markdown there. Written by the server.
 * - `seed`: the Yjs client id every editor seeds the empty content with (see the web side):
 *   editors that seed at once make the same items under this id, which Yjs merges into one.
 *   Chosen by the server for each load.
 * - `report`: `{markdown, hash}`, the page's markdown as an editor converted the content, and
 *   the hash of the content it converted (`contentHashOf`). Written by the editors. The server
 *   saves `markdown` only while `hash` is its own content's: the markdown is then of exactly
 *   the shared content.
 * - `incoming`: `{revision, markdown, from}`, a revision written elsewhere (or a merge of a save
 *   with one) for the editors to bring into the content: applied by one editor, and only while
 *   the content's markdown is still `from`.
 */
import type * as Y from 'yjs';

export const STATE_MAP = 'quire';
/** TipTap's collaboration extension's fragment. */
export const CONTENT_FRAGMENT = 'default';

export interface MarkdownReport {
  markdown: string;
  hash: string;
}

export interface IncomingRevision {
  revision: string;
  markdown: string;
  from: string;
}

export const stateOf = (doc: Y.Doc): Y.Map<unknown> => doc.getMap(STATE_MAP);

export function reportOf(doc: Y.Doc): MarkdownReport | undefined {
  const report = stateOf(doc).get('report') as Partial<MarkdownReport> | undefined;
  return typeof report?.markdown === 'string' && typeof report.hash === 'string'
    ? { markdown: report.markdown, hash: report.hash }
    : undefined;
}

/**
 * A hash of the content as Yjs writes it out (`toString()` sorts every element's attributes and
 * every text's formatting, so two replicas with the same content write the same string): two
 * 32-bit FNV-1a lanes with different offsets over its UTF-16 code units, as hex. Not for
 * secrecy: to tell one content from another.
 */
export function contentHashOf(doc: Y.Doc): string {
  const text = doc.getXmlFragment(CONTENT_FRAGMENT).toString();
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second ^ unit, 0x5bd1e995);
    second ^= second >>> 15;
  }
  return (first >>> 0).toString(16).padStart(8, '0') + (second >>> 0).toString(16).padStart(8, '0');
}
