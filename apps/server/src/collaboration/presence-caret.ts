/**
 * The caret a presence state carries (`cursor`: `{anchor, head}`, two Yjs relative positions as
 * JSON, which y-tiptap's caret plugin writes and every other editor reads), kept only in the shape
 * editors read. Every editor turns each person's caret into a position in its own document
 * whenever the page changes (y-tiptap's `createDecorations`, inside the ProseMirror transaction of
 * a remote edit): a caret it cannot read (`{}`, a position with no place, ids that are not
 * numbers) threw there, so that transaction failed in every editor of the page — someone else's
 * edits no longer showed, and the markdown it then reported was of its stale view with the hash of
 * the whole content, which the server saved, dropping the others' edits. Anyone who may view a
 * page sends presence (readers too), so the server keeps a caret only when it is one: otherwise
 * the person is present without a caret (`null`, as before their first).
 */
import { CONTENT_FRAGMENT } from '@quire/documents';

/** A Yjs id as JSON: the client and the clock of an item. */
interface IdJson {
  client: number;
  clock: number;
}

/** A Yjs relative position as JSON (`Y.relativePositionToJSON`). */
interface RelativePositionJson {
  type?: IdJson;
  tname?: string;
  item?: IdJson;
  assoc?: number;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function idOf(value: unknown): IdJson | undefined {
  if (!isRecord(value) || !isCount(value.client) || !isCount(value.clock)) return undefined;
  return { client: value.client, clock: value.clock };
}

/**
 * `value` as a relative position an editor can resolve, or undefined. It names a place (an item,
 * a type's item, or the content's own fragment by name: a top-level type of another name would be
 * made empty in each editor's document, for nothing).
 */
function relativePositionOf(value: unknown): RelativePositionJson | undefined {
  if (!isRecord(value)) return undefined;
  const position: RelativePositionJson = {};
  if (value.type != null) {
    const type = idOf(value.type);
    if (!type) return undefined;
    position.type = type;
  }
  if (value.tname != null) {
    if (value.tname !== CONTENT_FRAGMENT) return undefined;
    position.tname = value.tname;
  }
  if (value.item != null) {
    const item = idOf(value.item);
    if (!item) return undefined;
    position.item = item;
  }
  if (value.assoc != null) {
    if (typeof value.assoc !== 'number' || !Number.isSafeInteger(value.assoc)) return undefined;
    position.assoc = value.assoc;
  }
  const placed = position.type !== undefined || position.tname !== undefined || position.item !== undefined;
  return placed ? position : undefined;
}

/** The caret of a presence state as editors read it, or null for none (or one they could not read). */
export function caretOf(
  cursor: unknown,
): { anchor: RelativePositionJson; head: RelativePositionJson } | null {
  if (!isRecord(cursor)) return null;
  const anchor = relativePositionOf(cursor.anchor);
  const head = relativePositionOf(cursor.head);
  return anchor && head ? { anchor, head } : null;
}
