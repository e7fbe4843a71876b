/**
 * Keystrokes across servers (issue 33, item 3): several servers over one MongoDB each hold a
 * Hocuspocus document for the same page while people on each edit it. Every Yjs update and
 * awareness change a server's document makes goes to the others as a `collaboration.relay`
 * event on the shared event bus (the `events` log and its change stream, as every event), and
 * each applies the others' with the origin Hocuspocus gives its Redis extension's updates
 * (`source: 'redis'`): broadcast to its own editors, never stored by it, never published
 * again. Hocuspocus's Redis extension is the model: a server that loads a page asks the
 * others for what it lacks (its state vector) and they answer with the difference.
 *
 * - No echo: an event names the server that published it, which ignores its own; an answer
 *   names the server it is for.
 * - Bounded: an update larger than `maxBytes` is not published (counted, logged); such a
 *   page's content still crosses through its saved revisions (`space.content`).
 * - Nothing lost for good: a server that receives an update whose dependencies it lacks (an
 *   event lost) asks the others again, at most once a second per page.
 * - A page loaded on this server waits for the first answer (at most `loadWaitMs`) before its
 *   editors sync, so that they start from what the other servers hold, not from an empty page
 *   they would seed a second time. The answer names the revision the answering server's copy
 *   grew from (`base`, its session's own), which the loading server then saves against.
 *
 * Only for a bus that other servers share: on the embedded engine there is one server.
 */
import type { Document } from '@hocuspocus/server';
import type { Clock, IdSource } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { CollaborationRelayEvent, RelayKind } from './relay-event';

/** What a server's document is told by the relay: Hocuspocus's origin for another instance's updates. */
export const RELAY_ORIGIN = { source: 'redis' as const };

export interface RelayLimits {
  /** The largest update (in bytes, before base64) sent to the other servers. */
  maxBytes: number;
  /** How long a page loading here waits for another server's answer. */
  loadWaitMs: number;
}

export interface RelayCounters {
  published: number;
  applied: number;
  tooLarge: number;
  asked: number;
}

/** Whose page a document is (every event names its organization and space). */
export interface RelayedPage {
  organizationId: string;
  spaceId: string;
  /** The revision this server's copy grew from, told to a server that asks (undefined: not known yet). */
  base?: () => string | undefined;
}

/** What the first answer to a loading server's ask told it. */
export interface RelayAnswer {
  /** The revision the answering server's copy grew from, when it said. */
  base: string | undefined;
}

interface Held {
  doc: Document;
  page: RelayedPage;
  lastAsk: number;
  /** Called when the first answer to this server's ask arrives. */
  answered?: (answer: RelayAnswer) => void;
  stop: () => void;
}

const ASK_AGAIN_MS = 1_000;
/**
 * How long MongoDB's event log keeps a relayed update (its TTL index): it is read once, within
 * moments, by the servers following the log's change stream (which reads the oplog, so a
 * follower resuming after a failover does not need it in the collection).
 */
export const RELAY_RETAIN_SECONDS = 300;

export class CollaborationRelay {
  readonly counters: RelayCounters = { published: 0, applied: 0, tooLarge: 0, asked: 0 };
  private readonly held = new Map<string, Held>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly serverId: string,
    private readonly services: { ids: IdSource; clock: Clock },
    private readonly limits: RelayLimits,
    private readonly onProblem: (message: string, error: unknown) => void,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type === 'collaboration.relay') this.receive(event);
    });
  }

  /**
   * Relays `doc` (just loaded here) from now on and asks the other servers for what they hold
   * of it. Resolves with the first answer once one came, null when none did within `loadWaitMs`.
   */
  join(name: string, doc: Document, page: RelayedPage): Promise<RelayAnswer | null> {
    this.held.get(name)?.stop();
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin !== RELAY_ORIGIN) this.publish(name, page, 'update', update);
    };
    const onAwareness = (
      change: { added: number[]; updated: number[]; removed: number[] },
      origin: unknown,
    ) => {
      if (origin === RELAY_ORIGIN) return;
      const clients = [...change.added, ...change.updated, ...change.removed];
      this.publish(name, page, 'awareness', encodeAwarenessUpdate(doc.awareness, clients));
    };
    doc.on('update', onUpdate);
    doc.awareness.on('update', onAwareness);
    const held: Held = {
      doc,
      page,
      lastAsk: 0,
      stop: () => {
        doc.off('update', onUpdate);
        doc.awareness.off('update', onAwareness);
      },
    };
    this.held.set(name, held);
    return new Promise<RelayAnswer | null>((resolve) => {
      const timer = setTimeout(() => {
        held.answered = undefined;
        resolve(null);
      }, this.limits.loadWaitMs);
      timer.unref?.();
      held.answered = (answer) => {
        clearTimeout(timer);
        held.answered = undefined;
        resolve(answer);
      };
      this.ask(name, held);
    });
  }

  /** Stops relaying a document this server unloaded. */
  leave(name: string, doc: Y.Doc): void {
    const held = this.held.get(name);
    if (held?.doc !== doc) return;
    held.stop();
    held.answered?.({ base: undefined });
    this.held.delete(name);
  }

  close(): void {
    this.unsubscribe();
    for (const [name, held] of this.held) this.leave(name, held.doc);
  }

  private ask(name: string, held: Held): void {
    held.lastAsk = Date.now();
    this.counters.asked++;
    this.publish(name, held.page, 'ask', Y.encodeStateVector(held.doc));
  }

  private publish(
    name: string,
    page: RelayedPage,
    kind: RelayKind,
    bytes: Uint8Array,
    answer?: { to: string; base: string | undefined },
  ): void {
    if (bytes.byteLength > this.limits.maxBytes) {
      this.counters.tooLarge++;
      this.onProblem(
        `a co-editing ${kind} of ${bytes.byteLength} bytes is over the relay's limit: not sent to the other servers`,
        undefined,
      );
      return;
    }
    const event: CollaborationRelayEvent = {
      id: this.services.ids.newId(),
      type: 'collaboration.relay',
      at: this.services.clock.now().toISOString(),
      actorId: null,
      retainSeconds: RELAY_RETAIN_SECONDS,
      organizationId: page.organizationId,
      spaceId: page.spaceId,
      document: name,
      origin: this.serverId,
      ...(answer === undefined ? {} : { to: answer.to }),
      ...(answer?.base === undefined ? {} : { base: answer.base }),
      kind,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    };
    this.counters.published++;
    void this.bus
      .publish(event)
      .catch((error) => this.onProblem('a co-editing update was not relayed', error));
  }

  private receive(event: CollaborationRelayEvent): void {
    if (event.origin === this.serverId) return;
    if (event.to !== undefined && event.to !== this.serverId) return;
    const held = this.held.get(event.document);
    if (!held) return;
    try {
      const bytes = new Uint8Array(Buffer.from(event.bytes, 'base64'));
      const { doc } = held;
      if (event.kind === 'ask') {
        // The difference the asker lacks, what it grew from, and who is here, for it alone.
        this.publish(event.document, held.page, 'update', Y.encodeStateAsUpdate(doc, bytes), {
          to: event.origin,
          base: held.page.base?.(),
        });
        const clients = [...doc.awareness.getStates().keys()].filter((id) => id !== doc.awareness.clientID);
        if (clients.length > 0)
          this.publish(
            event.document,
            held.page,
            'awareness',
            encodeAwarenessUpdate(doc.awareness, clients),
            { to: event.origin, base: undefined },
          );
        return;
      }
      this.counters.applied++;
      if (event.kind === 'awareness') {
        applyAwarenessUpdate(doc.awareness, bytes, RELAY_ORIGIN);
        return;
      }
      Y.applyUpdate(doc, bytes, RELAY_ORIGIN);
      if (event.to === this.serverId) held.answered?.({ base: event.base });
      // An update whose dependencies never came (an event lost): ask for them again.
      const missing = doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
      if (missing && Date.now() - held.lastAsk > ASK_AGAIN_MS) this.ask(event.document, held);
    } catch (error) {
      this.onProblem('a co-editing update from another server could not be applied', error);
    }
  }
}
