/**
 * What a client's Hocuspocus message is, read from its first bytes before Hocuspocus decodes
 * it: the document it is for, its type, and for a presence message or a Yjs update, where that
 * payload is. The guards in front of Hocuspocus (`socket-guard.ts`) decide on this alone, so a
 * message they refuse costs the server no decoding. The encoding is lib0's (`wire.ts`).
 */
import { WireReader } from './wire';

/** Hocuspocus's message types (`MessageType` of @hocuspocus/server) that are read here. */
export const MessageKind = { sync: 0, awareness: 1, syncReply: 4 } as const;
/** y-protocols' sync message types that carry a Yjs update. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

export interface MessageHead {
  /** Whom the message is for: the document's name, with a provider's session after a NUL. */
  address: string;
  /** The document's name (without a session's suffix). */
  documentName: string;
  type: number;
  /** A presence message's awareness update, and where it starts in the message. */
  presence?: Uint8Array;
  presenceAt?: number;
  /** A Yjs update (sync step 2, or an update). */
  update?: Uint8Array;
}

const utf8 = new TextDecoder();

/** The head of a message, or undefined when it is not one (the socket is then closed). */
export function readMessageHead(bytes: Uint8Array): MessageHead | undefined {
  try {
    const reader = new WireReader(bytes);
    const address = utf8.decode(reader.varBytes());
    const separator = address.indexOf('\0');
    const documentName = separator === -1 ? address : address.slice(0, separator);
    const type = reader.varUint();
    if (type === MessageKind.awareness) {
      const presenceAt = reader.offset;
      return { address, documentName, type, presence: reader.varBytes(), presenceAt };
    }
    if (type === MessageKind.sync || type === MessageKind.syncReply) {
      const syncType = reader.varUint();
      if (syncType === SYNC_STEP_2 || syncType === SYNC_UPDATE)
        return { address, documentName, type, update: reader.varBytes() };
    }
    return { address, documentName, type };
  } catch {
    return undefined;
  }
}
