/**
 * Store sessions: how a process opening the store learns that an earlier one did not close
 * it cleanly (SIGKILL, a crash, a power loss), on either engine.
 *
 * Each process that opens the store inserts a session document first, before any other
 * write, and deletes it at a clean close, after its last write. A session document found at
 * open is therefore an unclean shutdown, or another process using the store right now:
 * - the embedded engine's LOCK keeps other processes out, so every session found is dead;
 * - on MongoDB several servers may share one database: each renews its session every
 *   `SESSION_RENEW_MS`, and a session not renewed for `SESSION_EXPIRES_MS` is dead. Both the
 *   renewal and the judgement read the database server's clock (`storeClock`), so a server
 *   whose own clock runs ahead does not take a live peer for dead (issue 34, item 4).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Store, StoreCollection } from '@quire/store';

const SESSIONS = 'storeSessions';

/** How often a server on MongoDB renews its session. */
export const SESSION_RENEW_MS = 10_000;
/** A MongoDB session not renewed for this long belongs to a process that is gone. */
export const SESSION_EXPIRES_MS = 60_000;

export interface StoreSessionDocument {
  _id: string;
  pid: number;
  host: string;
  /** ms since the epoch. */
  startedAt: number;
  renewedAt: number;
}

export interface StoreSession {
  readonly id: string;
  /** Sessions of processes that ended without closing the store. */
  readonly abandoned: readonly StoreSessionDocument[];
  /** Sessions of other processes using the store now (MongoDB only). */
  readonly live: readonly StoreSessionDocument[];
  /** How often `renew` must run while the store is open; null when it need not (embedded). */
  readonly renewEveryMs: number | null;
  renew(): Promise<void>;
  /** Forgets the abandoned sessions, once what they left behind is repaired. */
  settle(): Promise<void>;
  /** Ends this session: the store was closed cleanly. */
  end(): Promise<void>;
}

/** A clock in ms: the store's (`Store.time`), or a test's. */
export type StoreClock = () => number | Promise<number>;

/** The clock sessions are renewed and judged by: the database server's when it has one. */
export function storeClock(store: Store): StoreClock {
  return store.time ? () => (store.time as () => Promise<number>)() : Date.now;
}

/** Whether a session found in `store` at `at` (by `storeClock`) belongs to a process alive now. */
export const isLiveSession =
  (store: Store, at: number) =>
  (session: StoreSessionDocument): boolean =>
    store.engine === 'mongodb' && session.renewedAt > at - SESSION_EXPIRES_MS;

/**
 * Registers this process's session, then (past the start gate, `startup-gate.ts`, when
 * `gate` is given) reads the others': registered first, so two processes starting together
 * each see the other.
 */
export async function openStoreSession(
  store: Store,
  now: StoreClock = storeClock(store),
  gate?: (mine: string) => Promise<unknown>,
): Promise<StoreSession> {
  const sessions: StoreCollection<StoreSessionDocument> = store.db.collection<StoreSessionDocument>(SESSIONS);
  const openedAt = await now();
  const mine: StoreSessionDocument = {
    _id: `${openedAt.toString(36)}-${randomBytes(6).toString('hex')}`,
    pid: process.pid,
    host: hostname(),
    startedAt: openedAt,
    renewedAt: openedAt,
  };
  await sessions.insertOne(mine);
  await gate?.(mine._id);
  const found = await sessions.find({ _id: { $ne: mine._id } }).toArray();
  const isLive = isLiveSession(store, await now());
  const abandoned = found.filter((session) => !isLive(session));
  return {
    id: mine._id,
    abandoned,
    live: found.filter(isLive),
    renewEveryMs: store.engine === 'mongodb' ? SESSION_RENEW_MS : null,
    async renew() {
      await sessions.updateOne({ _id: mine._id }, { $set: { renewedAt: await now() } });
    },
    async settle() {
      if (abandoned.length === 0) return;
      await sessions.deleteMany({ _id: { $in: abandoned.map((session) => session._id) } });
    },
    async end() {
      await sessions.deleteOne({ _id: mine._id });
    },
  };
}
