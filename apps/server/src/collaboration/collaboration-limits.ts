/**
 * The bounds of co-editing on one server, each from its environment variable (empty means the
 * default). A document or a person beyond them is refused when joining; a client that sends a
 * message over the size or more messages or bytes than the budget is disconnected (its socket
 * closed), so one misbehaving editor never slows the others. Caps per person and per socket sit
 * under the global ones, so that one person can never use a global cap up for everyone.
 */
import { z } from 'zod';

export interface CollaborationLimits {
  /** Shared documents open at once on this server (`QUIRE_COLLAB_MAX_DOCUMENTS`, default 500). */
  maxDocuments: number;
  /** People (connections) in one document (`QUIRE_COLLAB_MAX_PEOPLE`, default 64). */
  maxPeoplePerDocument: number;
  /** The largest message a client may send, in bytes (`QUIRE_COLLAB_MAX_MESSAGE_BYTES`, default 1 MiB). */
  maxMessageBytes: number;
  /** Messages one connection may send per 10 s window (`QUIRE_COLLAB_MAX_MESSAGES`, default 3000). */
  maxMessagesPerWindow: number;
  /**
   * Bytes one connection may send per 10 s window (`QUIRE_COLLAB_MAX_BYTES`, default 4 MiB): a
   * count of messages alone let 30 updates of 800 KB through. Four full-size messages: pasting
   * a whole large page and joining it again fit; a sustained flood does not.
   */
  maxBytesPerWindow: number;
  /**
   * The largest a shared document may grow, as its encoded Yjs state, in bytes
   * (`QUIRE_COLLAB_MAX_DOCUMENT_BYTES`, default 16 MiB). A page of 1 MB of markdown measured
   * 6.3 MB (its content 2.3 MB, and the markdown four times over: `baseMarkdown`, `report`,
   * `incoming` with its `from`): 2.5 times that. An update that would grow it beyond is refused.
   */
  maxDocumentBytes: number;
  /**
   * The memory all shared documents of this server may take together, as estimated from the
   * items and bytes they hold (`QUIRE_COLLAB_MAX_MEMORY_BYTES`, default 1 GiB; `co-editing-memory.ts`):
   * an update that would pass it is refused as one past `maxDocumentBytes` is. The document cap
   * counts encoded bytes, and a document of tiny items takes about 18 times that in memory.
   */
  maxMemoryBytes: number;
  /**
   * Bytes the server may have queued for one socket, not yet taken by the client
   * (`QUIRE_COLLAB_MAX_UNREAD_BYTES`, default twice `maxDocumentBytes`: a whole document sent to
   * a slow link, and what others typed meanwhile). A client past it is not reading what it asks
   * for (a reader asking for a 1.8 MB page 300 times had 530 MB queued): its socket is dropped
   * the next time it sends anything.
   */
  maxUnreadBytes: number;
  /**
   * Documents one socket may join (`QUIRE_COLLAB_MAX_DOCUMENTS_PER_CONNECTION`, default 20): the
   * web app opens one socket per page; a Node client multiplexing pages has room for a few.
   */
  maxDocumentsPerConnection: number;
  /**
   * Documents one person may have joined at once, over all their sockets
   * (`QUIRE_COLLAB_MAX_DOCUMENTS_PER_USER`, default 20): twenty pages edited together at once is
   * beyond anyone's tabs; one reader could otherwise fill `QUIRE_COLLAB_MAX_DOCUMENTS`.
   */
  maxDocumentsPerUser: number;
  /**
   * Connections of one person to one document (`QUIRE_COLLAB_MAX_CONNECTIONS_PER_USER`, default
   * 4): a page open in a few tabs, and a connection that is rejoining before the old one is
   * gone; one person could otherwise take every seat of `QUIRE_COLLAB_MAX_PEOPLE`.
   */
  maxConnectionsPerUserPerDocument: number;
  /**
   * Co-editing sockets open at once on this server, authenticated or not
   * (`QUIRE_COLLAB_MAX_SOCKETS`, default 2000): each holds buffers until it authenticates
   * (`UNAUTHENTICATED_QUEUE_BYTES`), so their number bounds that memory (2000 x 64 KiB = 128 MiB).
   */
  maxSockets: number;
  /**
   * Sockets open at once from one remote address (`QUIRE_COLLAB_MAX_SOCKETS_PER_ADDRESS`,
   * default 200): an office behind one NAT, each person with a few pages open. Behind a reverse
   * proxy every socket comes from the proxy's address (the upgrade does not read forwarded
   * headers): raise it there.
   */
  maxSocketsPerAddress: number;
  /**
   * Sockets one remote address may open per second (`QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND`,
   * default 20): a page opens one; after a restart the providers reconnect with a backoff, so
   * those refused come back a moment later.
   */
  maxUpgradesPerSecondPerAddress: number;
  /**
   * How long a socket may stay without joining any document (`QUIRE_COLLAB_AUTH_DEADLINE_MS`,
   * default 10000): a provider authenticates at once, and joining is one request's work.
   * Hocuspocus's own deadline is its idle timeout (60 s), checked only every 60 s.
   */
  authenticationDeadlineMs: number;
  /** Quiet time before the shared document is saved as a revision (`QUIRE_COLLAB_SAVE_MS`, default 2000). */
  saveDebounceMs: number;
  /** Longest time edits wait for a save while people keep typing (`QUIRE_COLLAB_SAVE_MAX_MS`, default 10000). */
  saveMaxDebounceMs: number;
  /**
   * The largest update sent to the other servers over the event bus, in bytes
   * (`QUIRE_COLLAB_RELAY_MAX_BYTES`, default 4 MiB: 5.4 MB as base64, within a MongoDB document).
   */
  relayMaxBytes: number;
  /** How long a page loading on this server waits for another server's copy (`QUIRE_COLLAB_RELAY_WAIT_MS`, default 500). */
  relayWaitMs: number;
  /**
   * How long edits and presence wait to be sent out together (`QUIRE_COLLAB_BROADCAST_MS`,
   * default 16, one frame; 0 sends what arrived in one turn of the event loop). Each message is
   * sent to every person in the page, so with 50 people typing, one broadcast per edit and per
   * caret moved was some 20,000 socket writes a second, the server's largest cost; held for a
   * frame, the edits go as one merged update and the carets as their latest positions. An
   * editor draws remote edits once a frame anyway, so no one sees the wait.
   */
  broadcastDelayMs: number;
}

export const MESSAGE_WINDOW_MS = 10_000;

/**
 * What Hocuspocus may buffer for a socket before it authenticates (its default is 5 MiB, which
 * 40 idle sockets turned into 200 MB): a provider sends its authentication, its state vector
 * and its presence first, a few hundred bytes.
 */
export const UNAUTHENTICATED_QUEUE_BYTES = 64 * 1024;
/** Messages buffered before authentication (Hocuspocus's default is 1000), as above. */
export const UNAUTHENTICATED_QUEUE_MESSAGES = 100;

/**
 * The largest presence (awareness) message, in bytes: one person's state is a name, a colour
 * and a caret (two Yjs relative positions), some 300 bytes. 60,000 made-up client ids in 780 KB
 * froze the server for 20 s; in 4 KiB fit one state, or a provider's removal of a few hundred
 * timed-out peers.
 */
export const MAX_PRESENCE_MESSAGE_BYTES = 4 * 1024;

/**
 * Presence messages one connection has applied per second: a caret moves with every key, so a
 * fast typist sends 10 to 15 a second. Beyond it the latest is held and applied when the second
 * is over (earlier held ones are dropped), so others see a caret at most a second late but
 * always where it ended.
 */
export const PRESENCE_MESSAGES_PER_SECOND = 10;

/**
 * How long a merge or an archive of a change request waits for the editors of its pages to
 * report what they typed (`PageSession.settle`): an editor answers within a round trip and a
 * conversion of the page (tens of ms); one that does not answer (gone, asleep) holds the merge
 * no longer than this, and the page is then saved as it stands.
 */
export const SETTLE_WAIT_MS = 2000;

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);
const count = (fallback: number, max: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(max).default(fallback));

const delay = (fallback: number, max: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(max).default(fallback));

const LimitsSchema = z.object({
  QUIRE_COLLAB_MAX_DOCUMENTS: count(500, 100_000),
  QUIRE_COLLAB_MAX_PEOPLE: count(64, 10_000),
  QUIRE_COLLAB_MAX_MESSAGE_BYTES: count(1024 * 1024, 64 * 1024 * 1024),
  QUIRE_COLLAB_MAX_MESSAGES: count(3000, 1_000_000),
  QUIRE_COLLAB_MAX_BYTES: count(4 * 1024 * 1024, 1024 * 1024 * 1024),
  QUIRE_COLLAB_MAX_DOCUMENT_BYTES: count(16 * 1024 * 1024, 1024 * 1024 * 1024),
  QUIRE_COLLAB_MAX_MEMORY_BYTES: count(1024 * 1024 * 1024, 1024 * 1024 * 1024 * 1024),
  QUIRE_COLLAB_MAX_UNREAD_BYTES: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .max(4 * 1024 * 1024 * 1024)
      .optional(),
  ),
  QUIRE_COLLAB_MAX_DOCUMENTS_PER_CONNECTION: count(20, 10_000),
  QUIRE_COLLAB_MAX_DOCUMENTS_PER_USER: count(20, 10_000),
  QUIRE_COLLAB_MAX_CONNECTIONS_PER_USER: count(4, 10_000),
  QUIRE_COLLAB_MAX_SOCKETS: count(2000, 1_000_000),
  QUIRE_COLLAB_MAX_SOCKETS_PER_ADDRESS: count(200, 1_000_000),
  QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND: count(20, 1_000_000),
  QUIRE_COLLAB_AUTH_DEADLINE_MS: count(10_000, 600_000),
  QUIRE_COLLAB_SAVE_MS: count(2000, 600_000),
  QUIRE_COLLAB_SAVE_MAX_MS: count(10_000, 3_600_000),
  QUIRE_COLLAB_RELAY_MAX_BYTES: count(4 * 1024 * 1024, 12 * 1024 * 1024),
  QUIRE_COLLAB_RELAY_WAIT_MS: count(500, 60_000),
  QUIRE_COLLAB_BROADCAST_MS: delay(16, 1000),
});

/** The limits the environment sets (a value out of range is an error naming the variable). */
export function collaborationLimitsFrom(env: Record<string, string | undefined>): CollaborationLimits {
  const parsed = LimitsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${String(issue.path[0])}: ${issue.message}`);
  }
  const read = parsed.data;
  return {
    maxDocuments: read.QUIRE_COLLAB_MAX_DOCUMENTS,
    maxPeoplePerDocument: read.QUIRE_COLLAB_MAX_PEOPLE,
    maxMessageBytes: read.QUIRE_COLLAB_MAX_MESSAGE_BYTES,
    maxMessagesPerWindow: read.QUIRE_COLLAB_MAX_MESSAGES,
    maxBytesPerWindow: read.QUIRE_COLLAB_MAX_BYTES,
    maxDocumentBytes: read.QUIRE_COLLAB_MAX_DOCUMENT_BYTES,
    maxMemoryBytes: read.QUIRE_COLLAB_MAX_MEMORY_BYTES,
    maxUnreadBytes: read.QUIRE_COLLAB_MAX_UNREAD_BYTES ?? 2 * read.QUIRE_COLLAB_MAX_DOCUMENT_BYTES,
    maxDocumentsPerConnection: read.QUIRE_COLLAB_MAX_DOCUMENTS_PER_CONNECTION,
    maxDocumentsPerUser: read.QUIRE_COLLAB_MAX_DOCUMENTS_PER_USER,
    maxConnectionsPerUserPerDocument: read.QUIRE_COLLAB_MAX_CONNECTIONS_PER_USER,
    maxSockets: read.QUIRE_COLLAB_MAX_SOCKETS,
    maxSocketsPerAddress: read.QUIRE_COLLAB_MAX_SOCKETS_PER_ADDRESS,
    maxUpgradesPerSecondPerAddress: read.QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND,
    authenticationDeadlineMs: read.QUIRE_COLLAB_AUTH_DEADLINE_MS,
    saveDebounceMs: read.QUIRE_COLLAB_SAVE_MS,
    saveMaxDebounceMs: Math.max(read.QUIRE_COLLAB_SAVE_MAX_MS, read.QUIRE_COLLAB_SAVE_MS),
    relayMaxBytes: read.QUIRE_COLLAB_RELAY_MAX_BYTES,
    relayWaitMs: read.QUIRE_COLLAB_RELAY_WAIT_MS,
    broadcastDelayMs: read.QUIRE_COLLAB_BROADCAST_MS,
  };
}
