/**
 * One co-editing WebSocket as the server's guards see it: where it came from, whether it has
 * been admitted to any document yet (until then it is on a deadline), and the documents it
 * joined, each holding a seat of its person (`seat-caps.ts`) until that connection or the
 * socket closes, the client id each connection's presence is pinned to (`own-presence.ts`), and
 * the requests for a document's state (sync step 1) it made (`sync-requests.ts`), and the
 * messages to a document held while its person's access is checked again (`access-rechecks.ts`).
 */
import type { PresencePin } from './own-presence';
import type { SocketTraffic } from './socket-traffic';

/** A document the socket joined. */
export interface JoinedDocument {
  documentName: string;
  readOnly: boolean;
  /** Gives the seat back (once; the connection's close and the socket's both call it). */
  leave(): void;
}

/** Messages to one document held until its person's access is known again. */
interface HeldMessages {
  /** Checks under way (an access change may come while another is checked). */
  checks: number;
  messages: Uint8Array[];
  /** The person lost the page: what was held is never applied. */
  dropped: boolean;
}

export class CollaborationSocket {
  /** Admitted to a document at least once. */
  authenticated = false;
  closed = false;
  /** Documents being admitted now (their checks are awaited). */
  admitting = 0;
  private readonly joined = new Set<JoinedDocument>();
  /** By the address messages name (a document, and a provider's session after a NUL). */
  private readonly presencePins = new Map<string, PresencePin>();
  /** Requests for each document's state (sync step 1) sent since it was joined. */
  private readonly syncRequests = new Map<string, number>();
  private readonly held = new Map<string, HeldMessages>();
  /**
   * Reads one message as it came (its guards, then Hocuspocus); set by the server, called again
   * for the messages held once they may be read.
   */
  receive: (message: Uint8Array) => void = () => {};

  constructor(
    readonly address: string,
    /** What the socket sent (and made the server send) per window. */
    readonly traffic: SocketTraffic,
    /** Closes the socket (1008) for breaking a rule. */
    readonly refuse: (reason: string) => void,
  ) {}

  /** The documents this socket holds or is joining: counted against its cap. */
  get documents(): number {
    return this.joined.size + this.admitting;
  }

  join(documentName: string, readOnly: boolean, releaseSeat: () => void): JoinedDocument {
    this.authenticated = true;
    const joined: JoinedDocument = {
      documentName,
      readOnly,
      leave: () => {
        if (!this.joined.delete(joined)) return;
        releaseSeat();
        // Joined again, the document may be another provider's, with another client id.
        for (const address of this.presencePins.keys())
          if (address.split('\0')[0] === documentName) this.presencePins.delete(address);
        this.syncRequests.delete(documentName);
      },
    };
    this.joined.add(joined);
    return joined;
  }

  /** Whether this socket joined `documentName` as someone who may write to it. */
  writes(documentName: string): boolean {
    for (const joined of this.joined)
      if (joined.documentName === documentName && !joined.readOnly) return true;
    return false;
  }

  /**
   * Counts a request for `documentName`'s state; says whether it is one of those a provider
   * makes as it joins: one per connection to the document (one before the first is admitted).
   */
  joiningSyncRequest(documentName: string): boolean {
    const made = (this.syncRequests.get(documentName) ?? 0) + 1;
    this.syncRequests.set(documentName, made);
    let connections = 0;
    for (const joined of this.joined) if (joined.documentName === documentName) connections++;
    return made <= Math.max(1, connections);
  }

  /** The pin of the connection messages to `address` are for (made at its first presence). */
  presencePin(address: string): PresencePin {
    let pin = this.presencePins.get(address);
    if (!pin) {
      pin = {};
      this.presencePins.set(address, pin);
    }
    return pin;
  }

  /** The pin made for `address`, if any. */
  pinned(address: string): PresencePin | undefined {
    return this.presencePins.get(address);
  }

  /**
   * Holds this socket's messages to `documentName` until the returned release: with `kept`
   * (the person may still read it, maybe read only now), they are read then, in their order;
   * without (the page was closed for them), never. Only the last release of overlapping holds
   * reads them. What is held was counted against the socket's traffic as it came.
   */
  hold(documentName: string): (kept: boolean) => void {
    let held = this.held.get(documentName);
    if (!held) {
      held = { checks: 0, messages: [], dropped: false };
      this.held.set(documentName, held);
    }
    held.checks++;
    const hold = held;
    return (kept) => {
      if (!kept) hold.dropped = true;
      if (--hold.checks > 0) return;
      this.held.delete(documentName);
      if (hold.dropped || this.closed) return;
      for (const message of hold.messages) this.receive(message);
    };
  }

  /** Keeps `message` when messages to `documentName` are held; says whether it did. */
  keepsWhileHeld(documentName: string, message: Uint8Array): boolean {
    const held = this.held.get(documentName);
    if (!held) return false;
    // A copy: the bytes may be a view of a buffer the socket reuses.
    held.messages.push(message.slice());
    return true;
  }

  close(): void {
    this.closed = true;
    for (const joined of [...this.joined]) joined.leave();
  }
}
