/**
 * What a socket's message is refused for, decided before Hocuspocus reads it: a message that is
 * none, a presence message larger than one person's state needs, a Yjs update that adds to a
 * type the editor does not use or that would grow the document beyond its cap. A refused
 * message closes the socket (1008): a client of ours never sends one.
 */
import { MAX_PRESENCE_MESSAGE_BYTES } from './collaboration-limits';
import type { CollaborationSocket } from './collaboration-socket';
import type { DocumentBudget } from './document-budget';
import type { MessageHead } from './message-head';
import { foreignTypeIn } from './shared-types';

export function refusalOf(
  head: MessageHead | undefined,
  socket: CollaborationSocket,
  budgetOf: (documentName: string) => DocumentBudget | undefined,
): string | undefined {
  if (!head) return 'unreadable message';
  if (head.presence && head.presence.byteLength > MAX_PRESENCE_MESSAGE_BYTES) return 'presence too large';
  if (!head.update) return undefined;
  let foreign: string | undefined;
  try {
    foreign = foreignTypeIn(head.update);
  } catch {
    return 'unreadable update';
  }
  if (foreign !== undefined) return 'not a type of the editor';
  // A reader's update is not applied (Hocuspocus refuses it): it does not grow the document.
  if (!socket.writes(head.documentName)) return undefined;
  const budget = budgetOf(head.documentName);
  if (budget && !budget.admits(head.update.byteLength)) return 'document too large';
  return undefined;
}
