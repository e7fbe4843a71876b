/**
 * What a shared page's Y document holds besides the editor's content, in its `quire` map: the
 * protocol with the server, written on both sides (`apps/server/src/collaboration/shared-state.ts`
 * says what each key means) because an app never imports another.
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

export function incomingOf(doc: Y.Doc): IncomingRevision | undefined {
  const incoming = stateOf(doc).get('incoming') as Partial<IncomingRevision> | undefined;
  return typeof incoming?.revision === 'string' &&
    typeof incoming.markdown === 'string' &&
    typeof incoming.from === 'string'
    ? { revision: incoming.revision, markdown: incoming.markdown, from: incoming.from }
    : undefined;
}

/**
 * A hash of the content as Yjs writes it out (sorted attributes and formatting, so the same on
 * every replica): two 32-bit FNV-1a lanes, as hex. The server's function, line for line.
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
