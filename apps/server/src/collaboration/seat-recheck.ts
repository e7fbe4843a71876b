/**
 * People's access to the pages they have open, checked again while they stay connected: a
 * socket outlives a sign-out, a revoked token, a removal from the organization or the space,
 * a demotion, a change request merged (review of the thirteenth session: a removed member
 * went on receiving the page live, and typed into it). Every `SEAT_RECHECK_MS`, each
 * connection's admission runs again with the credential it joined with (`Seat.recheck`):
 * - no access any more: its connection to the page is closed (`permission-denied`), its
 *   socket's other pages stay;
 * - access now read only, or writing again: the connection, the socket's guard and the seat
 *   follow (a read-only connection's updates are not applied), and the editor is told
 *   (`accessMessage`, a stateless message) so it stops taking typing that would not be kept;
 * - the check failed for another reason (rate limit, store): left as it was, for the next turn.
 * A save runs its own check first (`page-session.ts`), so nothing is saved as someone on an
 * answer older than the save; a save finding its author's access lost asks for this check at
 * once (`PageSession.onAccessLost`), so the editors learn it within a save's delay.
 * A change that may lessen someone's access checks the people it concerns at once
 * (`access-rechecks.ts`); this sweep stays as the backstop (a change this server did not hear).
 */
import type { Connection, Document } from '@hocuspocus/server';
import type { JoinedDocument } from './collaboration-socket';
import type { Seat } from './page-admission';

/** How often connected people's access is checked again. */
export const SEAT_RECHECK_MS = 30_000;

/** The stateless message telling an editor its access to the page changed. */
export const accessMessage = (readOnly: boolean): string => JSON.stringify({ type: 'access', readOnly });

/** Hocuspocus's close of one document's connection: the provider's `permission-denied`. */
const NO_LONGER_ADMITTED = { code: 4403, reason: 'permission-denied' };

interface SeatedContext {
  seat?: Seat;
  joined?: JoinedDocument;
}

/** Checks every connection of `documents` once (one at a time: a person costs one operation). */
export async function recheckSeats(
  documents: Iterable<Document>,
  onProblem: (message: string, error: unknown) => void,
): Promise<void> {
  for (const document of [...documents])
    for (const connection of document.getConnections()) await recheckConnection(connection, onProblem);
}

/** What a check found: the connection stays, was closed, or the check failed (left as it was). */
export type Recheck = 'stays' | 'closed' | 'unchecked';

/** Closes one connection to its page: its person may no longer be there. */
export const closeForLostAccess = (connection: Connection): void => connection.close(NO_LONGER_ADMITTED);

/** Checks one connection's access again and applies the answer (see the file's comment). */
export async function recheckConnection(
  connection: Connection,
  onProblem: (message: string, error: unknown) => void,
): Promise<Recheck> {
  const context = connection.context as SeatedContext | undefined;
  const seat = context?.seat;
  if (!seat) return 'stays';
  let access: Awaited<ReturnType<Seat['recheck']>>;
  try {
    access = await seat.recheck();
  } catch (error) {
    onProblem("a co-editor's access could not be checked again", error);
    return 'unchecked';
  }
  if (access === null) {
    closeForLostAccess(connection);
    return 'closed';
  }
  seat.ctx = access.ctx;
  if (access.readOnly === seat.readOnly) return 'stays';
  seat.readOnly = access.readOnly;
  connection.readOnly = access.readOnly;
  if (context.joined) context.joined.readOnly = access.readOnly;
  // The editor is told, so it stops (or starts) taking typing (`use-shared-page.ts`).
  connection.sendStateless(accessMessage(access.readOnly));
  return 'stays';
}
