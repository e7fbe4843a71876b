/**
 * Real-time co-editing (issue 33): Hocuspocus (Yjs over a WebSocket) on the server's own
 * HTTP server at `/collaboration`. A document is one page of a space's live content or of a
 * change request (`document-name.ts`); joining is authenticated and authorized per page
 * (`page-admission.ts`); the content is saved into revisions and revisions written elsewhere
 * come in (`page-session.ts`). A document's shared state lives while someone is connected and
 * is dropped when the last one leaves (after the last save). Limits: `collaboration-limits.ts`;
 * sockets are let in by `socket-gate.ts`, their messages checked by `socket-guard.ts` before
 * Hocuspocus reads them, people's seats counted by `seat-caps.ts` and their access checked
 * again while they stay (`seat-recheck.ts`), at once after a change that may lessen it
 * (`access-rechecks.ts`).
 */
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Document, Hocuspocus, type onAuthenticatePayload } from '@hocuspocus/server';
import type { ChangeRequestPlace, DomainEvent } from '@quire/domain';
import { InProcessEventBus } from '@quire/persistence';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { type ClientAddressOf, clientAddressOf } from '../http/client-address';
import type { RequestGate } from '../request-context';
import type { Services } from '../services';
import { AccessRechecks } from './access-rechecks';
import { endedMessage, REPORT_REQUEST } from './change-request-end-messages';
import { CoEditingMemory } from './co-editing-memory';
import {
  type CollaborationLimits,
  PRESENCE_MESSAGES_PER_SECOND,
  SETTLE_WAIT_MS,
  UNAUTHENTICATED_QUEUE_BYTES,
  UNAUTHENTICATED_QUEUE_MESSAGES,
} from './collaboration-limits';
import { CollaborationRelay } from './collaboration-relay';
import { CollaborationSocket, type JoinedDocument } from './collaboration-socket';
import { DocumentBudget } from './document-budget';
import { sharedPlaceOf } from './document-name';
import { readMessageHead } from './message-head';
import { keepPinnedPresence, ownPresenceMessage } from './own-presence';
import { admitToPage, type Seat } from './page-admission';
import { PageSession, type SessionCounters } from './page-session';
import { caretOf } from './presence-caret';
import { PresenceThrottle } from './presence-throttle';
import { SeatCaps } from './seat-caps';
import { recheckSeats, SEAT_RECHECK_MS } from './seat-recheck';
import { SharedPageEdits } from './shared-page-edits';
import { SocketGate } from './socket-gate';
import { type LoadedPage, refusalOf } from './socket-guard';
import { SocketTraffic } from './socket-traffic';
import { SYNC_REQUEST, syncRequestRefusal } from './sync-requests';

export const COLLABORATION_PATH = '/collaboration';

interface ConnectionContext {
  seat?: Seat;
  /** The document as its socket joined it (its person's seat). */
  joined?: JoinedDocument;
}

/** The close code of a socket whose client broke a rule (WebSocket's policy violation). */
const POLICY_VIOLATION = 1008;

export interface Collaboration {
  hocuspocus: Hocuspocus<ConnectionContext>;
  sessions: Map<string, PageSession>;
  counters: SessionCounters;
  /** The relay to the other servers over the shared event bus (none when the bus is this server's alone). */
  relay: CollaborationRelay | undefined;
  /** The memory the open documents take, as estimated (`co-editing-memory.ts`). */
  memory: CoEditingMemory;
  /** Saves every open document now (before the server closes, and for tests). */
  saveAll(): Promise<void>;
  /** Checks connected people's access again now (`seat-recheck.ts`; every `SEAT_RECHECK_MS`, and for tests). */
  recheckAll(): Promise<void>;
}

/** A refusal the provider is told (its `permission-denied` reason). */
const refusal = (reason: string) => Object.assign(new Error(reason), { reason });

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'permission-denied';
}

/** The Fetch API request Hocuspocus reads (headers, query) from Node's upgrade request. */
function requestOf(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
  }
  return new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, { headers });
}

export function registerCollaboration(
  app: FastifyInstance,
  services: Services,
  gate: RequestGate,
  options: {
    limits: CollaborationLimits;
    allowedOrigins: readonly string[];
    /** The client's address of an upgrade (behind a trusted proxy, the forwarded one). */
    addressOf?: ClientAddressOf;
  },
): Collaboration {
  const { limits } = options;
  const addressOf = options.addressOf ?? clientAddressOf(false);
  const allowedOrigins = new Set(options.allowedOrigins);
  const sessions = new Map<string, PageSession>();
  const counters: SessionCounters = { saved: 0, merged: 0, conflicted: 0, stale: 0, refused: 0, remote: 0 };
  const problem = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  /** Each socket as the guards see it, by its request (which Hocuspocus hands its hooks). */
  const socketsByRequest = new WeakMap<Request, CollaborationSocket>();
  const seatCaps = new SeatCaps(limits);
  const socketGate = new SocketGate(limits);
  /** How large each open document may still grow. */
  const loadedPages = new Map<string, LoadedPage>();
  /** The memory all of them take together, as estimated (`co-editing-memory.ts`). */
  const memory = new CoEditingMemory(limits.maxMemoryBytes);
  // Other servers edit the same pages only when they share the bus (MongoDB's event log).
  const relay =
    services.events instanceof InProcessEventBus
      ? undefined
      : new CollaborationRelay(
          services.events,
          randomUUID(),
          services,
          { maxBytes: limits.relayMaxBytes, loadWaitMs: limits.relayWaitMs },
          problem,
        );

  const hocuspocus = new Hocuspocus<ConnectionContext>({
    name: 'quire',
    quiet: true,
    debounce: limits.saveDebounceMs,
    maxDebounce: limits.saveMaxDebounceMs,
    unloadImmediately: true,
    flushDelay: limits.broadcastDelayMs,
    maxUnauthenticatedQueueSize: UNAUTHENTICATED_QUEUE_BYTES,
    maxUnauthenticatedQueueMessages: UNAUTHENTICATED_QUEUE_MESSAGES,
    // A socket waiting to join more documents than it may hold is closed by Hocuspocus.
    maxPendingDocuments: limits.maxDocumentsPerConnection,
    async onAuthenticate(payload: onAuthenticatePayload<ConnectionContext>) {
      const place = sharedPlaceOf(payload.documentName);
      if (!place) throw refusal('not_found');
      const socket = socketsByRequest.get(payload.request);
      if (!socket || socket.closed) throw refusal('permission-denied');
      if (socket.documents >= limits.maxDocumentsPerConnection) throw refusal('too_many_documents');
      const open = hocuspocus.documents.get(payload.documentName);
      if (!open && hocuspocus.documents.size + hocuspocus.loadingDocuments.size >= limits.maxDocuments)
        throw refusal('too_many_documents');
      if (open && open.getConnectionsCount() >= limits.maxPeoplePerDocument) throw refusal('too_many_people');
      let seat: Seat;
      socket.admitting++;
      try {
        seat = await admitToPage(
          gate,
          {
            token: payload.token,
            cookie: payload.requestHeaders.get('cookie') ?? undefined,
            origin: payload.requestHeaders.get('origin') ?? undefined,
            host: payload.requestHeaders.get('host') ?? undefined,
            address: socket.address,
          },
          place,
          allowedOrigins,
        );
      } catch (error) {
        throw refusal(reasonOf(error));
      } finally {
        socket.admitting--;
      }
      if (socket.closed) throw refusal('permission-denied');
      // The person's own caps: no one uses a global cap up for the others.
      const taken = seatCaps.take(seat.userId, payload.documentName);
      if ('reason' in taken) throw refusal(taken.reason);
      const joined = socket.join(payload.documentName, seat.readOnly, taken.release);
      payload.connectionConfig.readOnly = seat.readOnly;
      return { seat, joined };
    },
    async beforeSync({ type, documentName, connection }) {
      if (type !== SYNC_REQUEST) return;
      // Each request is answered with up to the whole document, encoded anew (`sync-requests.ts`).
      const socket = socketsByRequest.get(connection.request);
      const refused = socket && syncRequestRefusal(documentName, socket, loadedPages.get(documentName));
      if (!refused) return;
      socket.refuse(refused);
      throw refusal(refused);
    },
    async onDisconnect({ context }) {
      context?.joined?.leave();
    },
    async onLoadDocument({ document, documentName, context }) {
      const seat = context.seat!;
      const session = new PageSession(seat.place, document, counters, problem);
      session.anySeat = () => anySeatOf(document);
      session.onAccessLost = () => void recheckAll();
      session.hasWriter = () => hasWriter(document);
      session.askForReport = () => document.broadcastStateless(REPORT_REQUEST);
      sessions.set(documentName, session);
      // What the other servers hold of the page comes first: its editors then sync with it, and
      // its saves are made against the revision the answering server's copy grew from.
      const answer = await relay?.join(documentName, document, {
        organizationId: seat.organizationId,
        spaceId: seat.place.spaceId,
        base: () => sessions.get(documentName)?.baseRevision,
      });
      await session.start(seat, answer?.base);
      loadedPages.set(documentName, {
        doc: document,
        budget: new DocumentBudget(document, limits.maxDocumentBytes, memory),
      });
    },
    async onStoreDocument({ documentName }) {
      await sessions.get(documentName)?.save();
    },
    async afterUnloadDocument({ documentName }) {
      const session = sessions.get(documentName);
      if (session) relay?.leave(documentName, session.doc);
      sessions.delete(documentName);
      loadedPages.get(documentName)?.budget.stop();
      loadedPages.delete(documentName);
    },
    async beforeHandleAwareness({ states, context, connection }) {
      // A connection sets its own presence only: no one adds, changes or removes another's.
      if (connection)
        keepPinnedPresence(
          states,
          socketsByRequest.get(connection.request)?.pinned(connection.messageAddress),
        );
      // Presence says who someone is as the server knows them: no one shows as another.
      const seat = context?.seat;
      for (const state of states.values()) {
        if (!state || typeof state !== 'object') continue;
        const user = (state.user ?? {}) as Record<string, unknown>;
        state.user = {
          name: seat?.name ?? 'Someone',
          id: seat?.userId ?? null,
          color:
            typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#777777',
          readOnly: seat?.readOnly ?? true,
        };
        // A caret no editor could read broke every editor of the page (`presence-caret.ts`).
        if ('cursor' in state) state.cursor = caretOf(state.cursor);
      }
    },
  });

  /** Whether someone connected to a document may write. */
  function hasWriter(document: Document): boolean {
    for (const connection of document.getConnections()) if (!connection.readOnly) return true;
    return false;
  }

  /** Anyone connected to a document, to read with. */
  function anySeatOf(document: Document): Seat | undefined {
    for (const connection of document.getConnections()) {
      const seat = (connection.context as ConnectionContext | undefined)?.seat;
      if (seat) return seat;
    }
    return undefined;
  }

  // A revision written elsewhere reaches the pages being edited in that space's content, or
  // in that change request.
  const stopFollowing = services.events.subscribe((event) => {
    if (event.type !== 'space.content' && event.type !== 'change_request.content') return;
    const changeRequestId = event.type === 'change_request.content' ? event.changeRequestId : undefined;
    for (const session of sessions.values()) {
      const place = session.place;
      if (place.spaceId !== event.spaceId) continue;
      const hears =
        place.kind === 'live' ? changeRequestId === undefined : place.changeRequestId === changeRequestId;
      if (hears)
        void session
          .remoteRevision(event.revisionId)
          .catch((error) => problem('a revision could not come in', error));
    }
  });

  // A change that may lessen someone's access reaches their connections at once.
  const accessRechecks = new AccessRechecks(
    () => hocuspocus.documents.values(),
    (connection) => socketsByRequest.get(connection.request),
    problem,
  );
  // As this server publishes it (before the operation answers), in the context co-editing was
  // registered in, not the operation's; and as the bus delivers it (another server's).
  const publishedHere = AsyncResource.bind((event: DomainEvent) => {
    if (event.type === 'access.changed') void accessRechecks.publishedHere(event);
  });
  const stopWatchingAccess = services.events.watchPublishing(publishedHere);
  const stopFollowingAccess = services.events.subscribe((event) => {
    if (event.type === 'access.changed') void accessRechecks.delivered(event);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const onUpgrade = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (incoming.url ?? '').split('?')[0];
    if (path !== COLLABORATION_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const address = addressOf(incoming);
    const entered = socketGate.enter(address);
    if ('status' in entered) {
      const text = entered.status === 429 ? 'Too Many Requests' : 'Service Unavailable';
      socket.end(`HTTP/1.1 ${entered.status} ${text}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n`);
      return;
    }
    // The place is given back when the TCP socket closes, whether the upgrade succeeded or not.
    socket.once('close', entered.release);
    sockets.handleUpgrade(incoming, socket, head, (ws) => {
      const request = requestOf(incoming);
      const traffic = new SocketTraffic(limits);
      let refused = false;
      // A client breaking a rule is disconnected: the others are not slowed.
      const refuse = (reason: string) => {
        if (refused) return;
        refused = true;
        ws.close(POLICY_VIOLATION, reason);
      };
      const guarded = new CollaborationSocket(address, traffic, refuse);
      socketsByRequest.set(request, guarded);
      const connection = hocuspocus.handleConnection(ws, request, {});
      /** Presence messages, throttled per document (and provider session) the socket talks to. */
      const throttles = new Map<string, PresenceThrottle>();
      const deadline = setTimeout(() => {
        if (!guarded.authenticated) refuse('not authenticated in time');
      }, limits.authenticationDeadlineMs);
      const apply = (message: Uint8Array) => {
        if (!refused) connection.handleMessage(message);
      };
      ws.on('message', (data: Buffer) => {
        if (refused) return;
        // A client that does not read what it is sent: its answers pile up here. A close frame
        // would wait behind them, so the socket is dropped.
        if (ws.bufferedAmount > limits.maxUnreadBytes) {
          refused = true;
          ws.terminate();
          return;
        }
        const message = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        const over = traffic.count(message.byteLength);
        if (over) return refuse(over);
        guarded.receive(message);
      });
      guarded.receive = (message) => {
        if (refused) return;
        const head = readMessageHead(message);
        // The person's access is being checked again after a change (`access-rechecks.ts`).
        if (head && guarded.keepsWhileHeld(head.documentName, message)) return;
        const problem = refusalOf(head, guarded, (name) => loadedPages.get(name));
        if (problem) return refuse(problem);
        if (!head?.presence || head.presenceAt === undefined) return apply(message);
        let throttle = throttles.get(head.address);
        if (!throttle) {
          // Hocuspocus closes a socket waiting on more documents than this; so is one naming more.
          if (throttles.size >= 2 * limits.maxDocumentsPerConnection) return refuse('too many documents');
          throttle = new PresenceThrottle(PRESENCE_MESSAGES_PER_SECOND, apply);
          throttles.set(head.address, throttle);
        }
        let own: Uint8Array | undefined;
        try {
          const presence = { presence: head.presence, presenceAt: head.presenceAt };
          const present = (clientId: number) =>
            hocuspocus.documents.get(head.documentName)?.awareness.getStates().has(clientId) ?? false;
          own = ownPresenceMessage(message, presence, guarded.presencePin(head.address), present);
        } catch {
          return refuse('unreadable presence');
        }
        if (own) throttle.offer(own);
      };
      ws.on('close', (code, reason) => {
        refused = true;
        clearTimeout(deadline);
        for (const throttle of throttles.values()) throttle.stop();
        guarded.close();
        connection.handleClose({ code, reason: reason.toString() });
      });
      ws.on('error', () => ws.terminate());
    });
  };
  app.server.on('upgrade', onUpgrade);

  const saveAll = async () => {
    await Promise.all([...sessions.values()].map((session) => session.save()));
  };
  // One check of everyone at a time: a slow store makes the turns further apart, never overlap.
  let rechecking: Promise<void> | undefined;
  const recheckAll = () => {
    rechecking ??= recheckSeats(hocuspocus.documents.values(), problem).finally(() => {
      rechecking = undefined;
    });
    return rechecking;
  };
  // A merge or an archive of a change request settles the edits of its pages first, and their
  // people learn at once that it takes no more (`shared-page-edits.ts`).
  const sessionsOf = (place: ChangeRequestPlace) =>
    [...sessions.entries()].filter(
      ([, session]) =>
        session.place.kind === 'changeRequest' &&
        session.place.spaceId === place.spaceId &&
        session.place.changeRequestId === place.changeRequestId,
    );
  const sharedPageEdits = services.liveEdits instanceof SharedPageEdits ? services.liveEdits : undefined;
  sharedPageEdits?.attach({
    async settle(place) {
      const outcomes = await Promise.all(
        sessionsOf(place).map(([, session]) => session.settle(SETTLE_WAIT_MS)),
      );
      return outcomes.some(
        (outcome) => outcome === 'saved' || outcome === 'merged' || outcome === 'conflicted',
      );
    },
    async ended(place, status) {
      const documents = sessionsOf(place).flatMap(([name]) => hocuspocus.documents.get(name) ?? []);
      for (const document of documents) document.broadcastStateless(endedMessage(status));
      await recheckSeats(documents, problem).catch((error) => problem('co-editors could not be told', error));
    },
  });
  const recheckTimer = setInterval(() => void recheckAll(), SEAT_RECHECK_MS);
  recheckTimer.unref();
  // Before Fastify closes the HTTP server: upgraded sockets are not requests it would wait for.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    clearInterval(recheckTimer);
    sharedPageEdits?.attach(undefined);
    // What was acknowledged is saved before the connections go.
    await saveAll();
    stopFollowing();
    stopWatchingAccess();
    stopFollowingAccess();
    relay?.close();
    hocuspocus.closeConnections();
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  });

  const collaboration = { hocuspocus, sessions, counters, relay, memory, saveAll, recheckAll };
  running.set(app, collaboration);
  return collaboration;
}

const running = new WeakMap<FastifyInstance, Collaboration>();

/** The co-editing of a built app (its tests read the counters and save at will). */
export const collaborationOf = (app: FastifyInstance): Collaboration | undefined => running.get(app);
