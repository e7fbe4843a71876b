/**
 * The bounds of co-editing on one server, each from its environment variable (empty means the
 * default). A document or a person beyond them is refused when joining; a client that sends a
 * message over the size or more messages than the budget is disconnected (its socket closed),
 * so one misbehaving editor never slows the others.
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
}

export const MESSAGE_WINDOW_MS = 10_000;

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);
const count = (fallback: number, max: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(max).default(fallback));

const LimitsSchema = z.object({
  QUIRE_COLLAB_MAX_DOCUMENTS: count(500, 100_000),
  QUIRE_COLLAB_MAX_PEOPLE: count(64, 10_000),
  QUIRE_COLLAB_MAX_MESSAGE_BYTES: count(1024 * 1024, 64 * 1024 * 1024),
  QUIRE_COLLAB_MAX_MESSAGES: count(3000, 1_000_000),
  QUIRE_COLLAB_SAVE_MS: count(2000, 600_000),
  QUIRE_COLLAB_SAVE_MAX_MS: count(10_000, 3_600_000),
  QUIRE_COLLAB_RELAY_MAX_BYTES: count(4 * 1024 * 1024, 12 * 1024 * 1024),
  QUIRE_COLLAB_RELAY_WAIT_MS: count(500, 60_000),
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
    saveDebounceMs: read.QUIRE_COLLAB_SAVE_MS,
    saveMaxDebounceMs: Math.max(read.QUIRE_COLLAB_SAVE_MAX_MS, read.QUIRE_COLLAB_SAVE_MS),
    relayMaxBytes: read.QUIRE_COLLAB_RELAY_MAX_BYTES,
    relayWaitMs: read.QUIRE_COLLAB_RELAY_WAIT_MS,
  };
}
