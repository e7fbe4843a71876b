/**
 * A change that may have lessened someone's access (`access.changed`, published by the domain
 * after the change is written, before its caller's answer) reaches the connections it concerns
 * at once, not at the next sweep (`seat-recheck.ts`, every 30 s). As the event arrives, each
 * concerned connection's socket holds its messages to the page (`CollaborationSocket.hold`):
 * nothing the person sends from then on is applied until their access is known again. Then,
 * one connection at a time (a check costs the person one operation), their access is checked
 * with the credential they joined with: lost, the connection is closed and what was held is
 * dropped; read only now, the connection is made read only first, so what was held is read as
 * a reader's (its edits refused); unchanged, what was held is read as it came. A check that
 * fails (out of operations, the store) is made again a second later, the messages still held;
 * after `CHECK_ATTEMPTS` failures the connection is closed and what was held dropped: nothing
 * is applied on an access not known (joining again is checked as any join).
 *
 * The server that makes the change hears it as it is published (`EventBus.watchPublishing`),
 * inside the operation, before its answer: whatever the person sends once the change is made is
 * held. (Heard as its bus delivers it, on a later turn, an update sent right after the answer
 * was at times applied first.) Other servers hear it through the shared event log (MongoDB's
 * change stream): their window is the log's delivery delay.
 */
import type { Connection, Document } from '@hocuspocus/server';
import type { AccessChangedEvent } from '@quire/domain';
import type { CollaborationSocket } from './collaboration-socket';
import type { Seat } from './page-admission';
import { closeForLostAccess, type Recheck, recheckConnection } from './seat-recheck';

/** Whether an access change can concern a person's seat (`access-change.ts` for the scopes). */
export function concerns(event: AccessChangedEvent, seat: Seat): boolean {
  if (event.userId !== null && event.userId !== seat.userId) return false;
  if (event.spaceId !== null) return event.spaceId === seat.place.spaceId;
  return event.organizationId === '' || event.organizationId === seat.organizationId;
}

/** How many of its own events a server remembers until its bus delivers them back. */
const HEARD_HERE_KEPT = 1000;

/** How many times a connection's check may fail before the connection is closed. */
const CHECK_ATTEMPTS = 3;
/** How long after a failed check it is made again. */
const CHECK_AGAIN_MS = 1000;

interface Queued {
  connection: Connection;
  release: (kept: boolean) => void;
  /** Checks that failed so far. */
  failed: number;
}

export class AccessRechecks {
  /** Connections waiting for their check, in the order their changes came. */
  private readonly queue: Queued[] = [];
  /** The same, to take one change's connection once while it waits. */
  private readonly waiting = new Set<Connection>();
  private draining: Promise<void> | undefined;
  /** Events heard as this server published them, not to take again when the bus delivers them. */
  private readonly heardHere = new Set<string>();

  constructor(
    private readonly documents: () => Iterable<Document>,
    private readonly socketOf: (connection: Connection) => CollaborationSocket | undefined,
    private readonly onProblem: (message: string, error: unknown) => void,
  ) {}

  /** A change this server makes, as it is published. */
  publishedHere(event: AccessChangedEvent): Promise<void> {
    // Bounded: an event the bus never delivers back (a log that refused it) is not kept forever.
    if (this.heardHere.size >= HEARD_HERE_KEPT) this.heardHere.delete(this.heardHere.values().next().value!);
    this.heardHere.add(event.id);
    return this.changed(event);
  }

  /** A change as the bus delivers it: this server's own, heard already, or another server's. */
  delivered(event: AccessChangedEvent): Promise<void> | undefined {
    if (this.heardHere.delete(event.id)) return undefined;
    return this.changed(event);
  }

  /** Holds the messages of every connection the change concerns, and checks each again. */
  private changed(event: AccessChangedEvent): Promise<void> {
    for (const document of this.documents())
      for (const connection of document.getConnections()) {
        const seat = (connection.context as { seat?: Seat } | undefined)?.seat;
        if (!seat || !concerns(event, seat) || this.waiting.has(connection)) continue;
        const socket = this.socketOf(connection);
        this.waiting.add(connection);
        this.queue.push({ connection, release: socket?.hold(document.name) ?? (() => {}), failed: 0 });
      }
    return this.drainIfIdle();
  }

  private drainIfIdle(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      // Queued between the last check and here (a follower delivering in a microtask).
      if (this.queue.length > 0) void this.drainIfIdle();
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      // A change coming while this check runs may postdate what it reads: it queues the connection again.
      this.waiting.delete(next.connection);
      let found: Recheck = 'unchecked';
      try {
        found = await recheckConnection(next.connection, this.onProblem);
      } finally {
        if (found !== 'unchecked') next.release(found === 'stays');
        else this.checkAgain(next);
      }
    }
  }

  /** A failed check: made again later, its messages still held, or the connection closed. */
  private checkAgain(queued: Queued): void {
    queued.failed++;
    if (queued.failed >= CHECK_ATTEMPTS) {
      closeForLostAccess(queued.connection);
      queued.release(false);
      return;
    }
    const timer = setTimeout(() => {
      this.queue.push(queued);
      void this.drainIfIdle();
    }, CHECK_AGAIN_MS);
    timer.unref();
  }
}
