/**
 * Real-time co-editing (issue 33): Hocuspocus (Yjs over a WebSocket) on the server's own
 * HTTP server at `/collaboration`. A document is one page of a space's live content or of a
 * change request (`document-name.ts`); joining is authenticated and authorized per page
 * (`page-admission.ts`); the content is saved into revisions and revisions written elsewhere
 * come in (`page-session.ts`). A document's shared state lives while someone is connected and
 * is dropped when the last one leaves (after the last save). Limits: `collaboration-limits.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Document, Hocuspocus, type onAuthenticatePayload } from '@hocuspocus/server';
import { InProcessEventBus } from '@quire/persistence';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { RequestGate } from '../request-context';
import type { Services } from '../services';
import { type CollaborationLimits, MESSAGE_WINDOW_MS } from './collaboration-limits';
import { CollaborationRelay } from './collaboration-relay';
import { sharedPlaceOf } from './document-name';
import { admitToPage, type Seat } from './page-admission';
import { PageSession, type SessionCounters } from './page-session';

export const COLLABORATION_PATH = '/collaboration';

interface ConnectionContext {
  seat?: Seat;
}

export interface Collaboration {
  hocuspocus: Hocuspocus<ConnectionContext>;
  sessions: Map<string, PageSession>;
  counters: SessionCounters;
  /** The relay to the other servers over the shared event bus (none when the bus is this server's alone). */
  relay: CollaborationRelay | undefined;
  /** Saves every open document now (before the server closes, and for tests). */
  saveAll(): Promise<void>;
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
  options: { limits: CollaborationLimits; allowedOrigins: readonly string[] },
): Collaboration {
  const { limits } = options;
  const allowedOrigins = new Set(options.allowedOrigins);
  const sessions = new Map<string, PageSession>();
  const counters: SessionCounters = { saved: 0, merged: 0, conflicted: 0, stale: 0, refused: 0, remote: 0 };
  const problem = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  /** The address each socket came from (the upgrade request's, which Hocuspocus does not keep). */
  const addresses = new WeakMap<Request, string>();
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
    async onAuthenticate(payload: onAuthenticatePayload<ConnectionContext>) {
      const place = sharedPlaceOf(payload.documentName);
      if (!place) throw refusal('not_found');
      const open = hocuspocus.documents.get(payload.documentName);
      if (!open && hocuspocus.documents.size + hocuspocus.loadingDocuments.size >= limits.maxDocuments)
        throw refusal('too_many_documents');
      if (open && open.getConnectionsCount() >= limits.maxPeoplePerDocument) throw refusal('too_many_people');
      let seat: Seat;
      try {
        seat = await admitToPage(
          gate,
          {
            token: payload.token,
            cookie: payload.requestHeaders.get('cookie') ?? undefined,
            origin: payload.requestHeaders.get('origin') ?? undefined,
            host: payload.requestHeaders.get('host') ?? undefined,
            address: addresses.get(payload.request) ?? '',
          },
          place,
          allowedOrigins,
        );
      } catch (error) {
        throw refusal(reasonOf(error));
      }
      payload.connectionConfig.readOnly = seat.readOnly;
      return { seat };
    },
    async onLoadDocument({ document, documentName, context }) {
      const seat = context.seat!;
      const session = new PageSession(seat.place, document, counters, problem);
      session.anySeat = () => anySeatOf(document);
      sessions.set(documentName, session);
      // What the other servers hold of the page comes first: its editors then sync with it.
      await relay?.join(documentName, document, {
        organizationId: seat.organizationId,
        spaceId: seat.place.spaceId,
      });
      session.start(seat.base);
    },
    async onStoreDocument({ documentName }) {
      await sessions.get(documentName)?.save();
    },
    async afterUnloadDocument({ documentName }) {
      const session = sessions.get(documentName);
      if (session) relay?.leave(documentName, session.doc);
      sessions.delete(documentName);
    },
    async beforeHandleAwareness({ states, context }) {
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
      }
    },
  });

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

  const sockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const onUpgrade = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (incoming.url ?? '').split('?')[0];
    if (path !== COLLABORATION_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(incoming, socket, head, (ws) => {
      const request = requestOf(incoming);
      addresses.set(request, incoming.socket.remoteAddress ?? '');
      const connection = hocuspocus.handleConnection(ws, request, {});
      let windowStart = Date.now();
      let messages = 0;
      ws.on('message', (data: Buffer) => {
        const now = Date.now();
        if (now - windowStart > MESSAGE_WINDOW_MS) {
          windowStart = now;
          messages = 0;
        }
        // A client sending beyond its budget is disconnected: the others are not slowed.
        if (++messages > limits.maxMessagesPerWindow) {
          ws.close(1008, 'too many messages');
          return;
        }
        connection.handleMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      });
      ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
      ws.on('error', () => ws.terminate());
    });
  };
  app.server.on('upgrade', onUpgrade);

  const saveAll = async () => {
    await Promise.all([...sessions.values()].map((session) => session.save()));
  };
  // Before Fastify closes the HTTP server: upgraded sockets are not requests it would wait for.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    // What was acknowledged is saved before the connections go.
    await saveAll();
    stopFollowing();
    relay?.close();
    hocuspocus.closeConnections();
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  });

  const collaboration = { hocuspocus, sessions, counters, relay, saveAll };
  running.set(app, collaboration);
  return collaboration;
}

const running = new WeakMap<FastifyInstance, Collaboration>();

/** The co-editing of a built app (its tests read the counters and save at will). */
export const collaborationOf = (app: FastifyInstance): Collaboration | undefined => running.get(app);
