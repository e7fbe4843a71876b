/**
 * What a page edited together (issue 33) holds besides the editor's content, in its Y
 * document's `quire` map: the protocol between the server and the web app's editors, written
 * once here because both sides compute the same things from it (an app never imports another).
 * Typed by shape, not by Yjs (this package depends on no Yjs): a Y document and a Y map fit.
 *
 * - `base`, `baseMarkdown`: the revision the shared content was loaded from (or last saved
 *   into) and the page's markdown there. Written by the server, and by the editor that brings
 *   `incoming` in; for the editors only: the server keeps its own base and never reads these
 *   back (any writer can write them).
 * - `seed`: the Yjs client id every editor seeds the empty content with (the web app's
 *   `seed-content.ts`): editors that seed at once make the same items under this id, which Yjs
 *   merges into one. Chosen by the server for each load, so it also tells one load from
 *   another: an editor that joined an earlier load (before a restart) sees a different `seed`.
 *   The server's alone: a client's update that sets it is refused (the server's
 *   `server-owned-keys.ts`).
 * - `report`: `{markdown, hash}`, the page's markdown as an editor converted the content, and
 *   the hash of the content it converted (`contentHashOf`). Written by the editors. The server
 *   saves `markdown` only while `hash` is its own content's: the markdown is then of exactly
 *   the shared content.
 * - `incoming`: `{revision, markdown, from}`, a revision written elsewhere (or a merge of a save
 *   with one) for the editors to bring into the content: applied by one editor, and only while
 *   the content's markdown is still `from`. Set by the server alone; the editor that applies it
 *   deletes it.
 */

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

/** What is read here of a Y document: its state map and its content (TipTap's Y XML). */
interface SharedDocument<StateMap> {
  getMap(name: string): StateMap;
  getXmlFragment(name: string): ContentParent;
}

/** A Y XML element (a node) or the fragment: children in order. */
interface ContentParent {
  toArray(): unknown[];
}

interface ContentElement extends ContentParent {
  nodeName: string;
  getAttributes(): Record<string, unknown>;
}

/** A Y XML text: its runs with their marks. */
interface ContentText {
  toDelta(): Array<{ insert?: unknown; attributes?: Record<string, unknown> }>;
}

interface ReadableMap {
  get(key: string): unknown;
}

/** The `quire` map of a shared page's document, typed as the document's own maps are. */
export const stateOf = <StateMap>(doc: SharedDocument<StateMap>): StateMap => doc.getMap(STATE_MAP);

export function reportOf(doc: SharedDocument<ReadableMap>): MarkdownReport | undefined {
  const report = stateOf(doc).get('report') as Partial<MarkdownReport> | undefined;
  return typeof report?.markdown === 'string' && typeof report.hash === 'string'
    ? { markdown: report.markdown, hash: report.hash }
    : undefined;
}

export function incomingOf(doc: SharedDocument<ReadableMap>): IncomingRevision | undefined {
  const incoming = stateOf(doc).get('incoming') as Partial<IncomingRevision> | undefined;
  return typeof incoming?.revision === 'string' &&
    typeof incoming.markdown === 'string' &&
    typeof incoming.from === 'string'
    ? { revision: incoming.revision, markdown: incoming.markdown, from: incoming.from }
    : undefined;
}

/** The hash of the shared content (`contentText`). */
export const contentHashOf = (doc: SharedDocument<unknown>): string =>
  contentTextHash(contentText(doc.getXmlFragment(CONTENT_FRAGMENT)));

/** JSON with every object's keys in order: the same value written the same way everywhere. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  ) ?? 'undefined';

const isElement = (node: unknown): node is ContentElement =>
  typeof (node as ContentElement).nodeName === 'string' &&
  typeof (node as ContentElement).getAttributes === 'function';
const isText = (node: unknown): node is ContentText => typeof (node as ContentText).toDelta === 'function';

/**
 * The shared content written out whole and the same on every replica: each node's name, its
 * attributes in key order with their values as canonical JSON (a node's `data`, a kept block's
 * JSON: Yjs's own `toString()` writes an object as `[object Object]`, so a change there would
 * not show), and each text's runs with their marks. Walked without recursion: however deep a
 * client nests elements, the server's stack is not what bounds it.
 */
export function contentText(fragment: ContentParent): string {
  const parts: string[] = [];
  const pending: unknown[] = [...fragment.toArray()].reverse();
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      parts.push(node);
    } else if (isElement(node)) {
      const attributes = node.getAttributes();
      const keys = Object.keys(attributes).sort();
      parts.push('<', node.nodeName);
      for (const key of keys) parts.push(' ', key, '=', canonicalJson(attributes[key]));
      parts.push('>');
      // The closing tag, then the children, go on the stack: the children come out first.
      pending.push('</' + node.nodeName + '>');
      const children = node.toArray();
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
    } else if (isText(node)) {
      parts.push(canonicalJson(node.toDelta()));
    } else {
      parts.push(String(node));
    }
  }
  return parts.join('');
}

/**
 * A hash of the content's text (`contentText`): two 32-bit FNV-1a lanes with different offsets
 * over its UTF-16 code units, as hex. Not for secrecy: to tell one content from another.
 */
export function contentTextHash(text: string): string {
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
