/**
 * What a socket's message is refused for, decided before Hocuspocus reads it: a message that is
 * none, a presence message larger than one person's state needs, a Yjs update that adds to a
 * type the editor does not use, that sets a key of the page's state only the server sets
 * (`server-owned-keys.ts`), or that would grow the document beyond its cap (or all documents
 * beyond the server's co-editing memory). A refused
 * message closes the socket (1008): a client of ours never sends one.
 */

import * as Y from 'yjs';
import { MAX_PRESENCE_MESSAGE_BYTES } from './collaboration-limits';
import type { CollaborationSocket } from './collaboration-socket';
import type { DocumentBudget } from './document-budget';
import type { MessageHead } from './message-head';
import { serverOwnedKeySetIn } from './server-owned-keys';
import { foreignTypeIn, type UpdateStructs } from './shared-types';

/** A page's document as this server holds it, once loaded. */
export interface LoadedPage {
  doc: Y.Doc;
  budget: DocumentBudget;
}

export function refusalOf(
  head: MessageHead | undefined,
  socket: CollaborationSocket,
  loadedPageOf: (documentName: string) => LoadedPage | undefined,
): string | undefined {
  if (!head) return 'unreadable message';
  if (head.presence && head.presence.byteLength > MAX_PRESENCE_MESSAGE_BYTES) return 'presence too large';
  if (!head.update) return undefined;
  let structs: UpdateStructs;
  try {
    structs = Y.decodeUpdate(head.update).structs;
  } catch {
    return 'unreadable update';
  }
  if (foreignTypeIn(structs) !== undefined) return 'not a type of the editor';
  // A reader's update is not applied (Hocuspocus refuses it): it neither grows nor sets anything.
  if (!socket.writes(head.documentName)) return undefined;
  const loaded = loadedPageOf(head.documentName);
  if (serverOwnedKeySetIn(structs, loaded?.doc) !== undefined) return 'sets what only the server sets';
  // Past the document's cap, or the memory of all of them (`co-editing-memory.ts`): one refusal.
  if (loaded && !loaded.budget.admits(head.update.byteLength, structs.length)) return 'document too large';
  return undefined;
}
