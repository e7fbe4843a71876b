/**
 * What a message from the collaboration server is, read from its first bytes without applying
 * it (issue 33): Hocuspocus frames each message as the document's name (a length-prefixed
 * string), the message type, and for a sync message the y-protocols sync type, all as lib0
 * variable-length unsigned integers. Remote edits (`update`) can then be held and applied
 * together; everything else is applied as it comes.
 */

/** Hocuspocus's message types (`@hocuspocus/common`'s MessageType) that matter here. */
const SYNC = 0;
const AWARENESS = 1;
/** y-protocols' sync message carrying an update (`messageYjsUpdate`); 0 and 1 are the sync steps. */
const SYNC_UPDATE = 2;

export type IncomingMessageKind = 'update' | 'awareness' | 'other';

export function incomingMessageKindOf(data: ArrayBuffer | Uint8Array): IncomingMessageKind {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let at = 0;
  /** lib0's varUint; -1 past the end or when too long to be a length or a type. */
  const readVarUint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= bytes.length) return -1;
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    return -1;
  };
  const nameLength = readVarUint();
  if (nameLength < 0) return 'other';
  at += nameLength;
  const type = readVarUint();
  if (type === AWARENESS) return 'awareness';
  if (type === SYNC && readVarUint() === SYNC_UPDATE) return 'update';
  return 'other';
}
