/**
 * Requests for a document's state (y-protocols' sync step 1), which the server answers with what
 * the sender lacks: up to the whole document, encoded anew each time (~80 ms for 1.8 MB). A
 * provider makes one as it joins a document; a reader sending hundreds of them (a few dozen bytes
 * each, within the messages allowed per window) held the server's event loop 23 s and, reading
 * none of the answers, had 530 MB queued on its socket. So each connection's first request is
 * free; any other counts the document's size against the socket's bytes per window
 * (`SocketTraffic`). Decided as Hocuspocus takes each request up (its `beforeSync`), once the
 * document is loaded: requests queued before admission are counted too.
 */
import type { CollaborationSocket } from './collaboration-socket';
import type { LoadedPage } from './socket-guard';

/** y-protocols' sync message type of a request for what the sender lacks (sync step 1). */
export const SYNC_REQUEST = 0;

/** Why a request for `documentName`'s state is refused (the socket is then closed), or undefined. */
export function syncRequestRefusal(
  documentName: string,
  socket: CollaborationSocket,
  loaded: LoadedPage | undefined,
): string | undefined {
  if (socket.joiningSyncRequest(documentName)) return undefined;
  if (!loaded || socket.traffic.charge(loaded.budget.bytes)) return 'too many requests for the document';
  return undefined;
}
