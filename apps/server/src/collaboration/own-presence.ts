/**
 * A connection sets only its own presence. Its first state names its client id (a provider
 * announces its own state first), which is pinned for the connection; an entry for any other id
 * is taken out of the message before Hocuspocus reads it, so no one can add made-up people
 * (60,000 in one message froze the server) or change or remove someone else's presence. An id
 * someone in the document already has is never pinned (the message is dropped until it is
 * free): a client cannot start by claiming another's, and a provider reconnecting while its old
 * socket lingers shows once that one is gone. Taken out, not disconnected: a provider passes on
 * every change of its awareness not made by itself, which includes its removal of peers it has
 * not heard from in 30 s.
 */
import type { MessageHead } from './message-head';
import { concat, varBytes, WireReader } from './wire';

/** What a connection's presence is pinned to. */
export interface PresencePin {
  clientId?: number;
}

const NULL_STATE = 'null';
const utf8 = new TextDecoder();

/**
 * The presence message `message` (its head read) holding the connection's own entry alone, or
 * undefined when it holds none. Throws when the awareness update is not one.
 */
export function ownPresenceMessage(
  message: Uint8Array,
  head: Required<Pick<MessageHead, 'presence' | 'presenceAt'>>,
  pin: PresencePin,
  present: (clientId: number) => boolean,
): Uint8Array | undefined {
  const reader = new WireReader(head.presence);
  const entries = reader.varUint();
  for (let index = 0; index < entries; index++) {
    const start = reader.offset;
    const clientId = reader.varUint();
    reader.varUint(); // its clock
    const state = reader.varBytes();
    if (pin.clientId === undefined && utf8.decode(state) !== NULL_STATE && !present(clientId))
      pin.clientId = clientId;
    if (clientId !== pin.clientId) continue;
    const own = concat([Uint8Array.of(1), head.presence.subarray(start, reader.offset)]);
    return concat([message.subarray(0, head.presenceAt), varBytes(own)]);
  }
  return undefined;
}

/**
 * Keeps in `states` (Hocuspocus's decoding of a message, by client id) the pinned id's entry
 * alone. Hocuspocus decodes into an awareness of its own, whose own empty state is among them.
 */
export function keepPinnedPresence(states: Map<number, unknown>, pin: PresencePin | undefined): void {
  for (const clientId of [...states.keys()]) if (clientId !== pin?.clientId) states.delete(clientId);
}
