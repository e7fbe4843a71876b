/**
 * What a process does when it opens the store, before it serves: open its session and,
 * when an earlier process did not close the store cleanly, repair what a crash between two
 * writes can leave behind:
 * - the counters kept by `$inc` (members, admins, active spaces; the change requests of
 *   each space by status; the open comments of spaces and change requests), recounted;
 * - hostname claims and marks of hostname changes that nothing points at, released;
 * - the organizations' tree locks, released (their holders are gone).
 * Both need the store to themselves (no write in flight anywhere), which holds before this
 * process listens, provided no other process uses the store: always on the embedded engine
 * (its LOCK), and on MongoDB when no other live session is found, the others being held at
 * the start gate (`startup-gate.ts`) until the repair is done. Otherwise the repair waits for
 * a start that finds none, and says so.
 */

import type { Store } from '@quire/store';
import { MongoTreeLockRepository } from '../repositories/content/tree-lock-repository';
import { MongoOrganizationRepository } from '../repositories/organizations/organization-repository';
import { recountChangeRequestCounters } from './recount-change-request-counters';
import { recountCommentCounters } from './recount-comment-counters';
import { recountOrganizationCounters } from './recount-organization-counters';
import { type StartGate, takeStartGate } from './startup-gate';
import {
  isLiveSession,
  openStoreSession,
  type StoreSession,
  type StoreSessionDocument,
  storeClock,
} from './store-sessions';

/** The two levels of a logger such as pino's that the startup repair reports on. */
export interface MaintenanceLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** During a long recount, a progress line at most this often. */
const PROGRESS_EVERY_MS = 5_000;
/** Corrections listed in the log line (all are counted). */
const CORRECTIONS_LOGGED = 20;

export interface StartupRepair {
  organizations: number;
  corrected: number;
  /** Spaces whose change-request counters were corrected. */
  changeRequestCountersCorrected: number;
  commentCountersCorrected: number;
  hostnameClaimsReleased: number;
  hostnameChangesEnded: number;
  treeLocksReleased: number;
  ms: number;
}

const describeSession = ({ pid, host, startedAt }: StoreSessionDocument) => ({
  pid,
  host,
  startedAt: new Date(startedAt).toISOString(),
});

/** Repairs the store after an unclean shutdown; the caller guarantees nothing else writes. */
export async function repairAfterUncleanShutdown(
  store: Store,
  options: { log: MaintenanceLog; now?: () => number },
): Promise<StartupRepair> {
  const { log, now = Date.now } = options;
  const started = now();
  let lastLine = started;
  // Everything marked or claimed before now was left by a process that is gone.
  const hostnames = await new MongoOrganizationRepository(store.db, now).releaseAbandonedHostnames(started);
  const treeLocksReleased = await new MongoTreeLockRepository(store.db).releaseAbandoned();
  const recount = await recountOrganizationCounters(store.db, {
    onProgress: (done, total) => {
      const at = now();
      if (at - lastLine < PROGRESS_EVERY_MS) return;
      lastLine = at;
      log.info({ done, total }, `recounting counters: ${done} of ${total} organizations`);
    },
  });
  const changeRequests = await recountChangeRequestCounters(store.db);
  const comments = await recountCommentCounters(store.db);
  const repair: StartupRepair = {
    organizations: recount.organizations,
    corrected: recount.corrections.length,
    changeRequestCountersCorrected: changeRequests.corrections.length,
    commentCountersCorrected: comments.corrections.length,
    hostnameClaimsReleased: hostnames.claims,
    hostnameChangesEnded: hostnames.changes,
    treeLocksReleased,
    ms: now() - started,
  };
  log.info(
    {
      ...repair,
      corrections: recount.corrections.slice(0, CORRECTIONS_LOGGED),
      changeRequestCorrections: changeRequests.corrections.slice(0, CORRECTIONS_LOGGED),
      commentCorrections: comments.corrections.slice(0, CORRECTIONS_LOGGED),
    },
    `recounted the counters of ${repair.organizations} organizations in ${repair.ms} ms ` +
      `(${repair.corrected} corrected, ${repair.hostnameClaimsReleased} abandoned hostname claims and ${repair.treeLocksReleased} tree locks released)`,
  );
  return repair;
}

/**
 * Opens this process's session and repairs the store when an earlier process did not close
 * it cleanly. Returns the session (the caller renews it and ends it at a clean close).
 */
export async function openSessionAndRepair(
  store: Store,
  options: { log: MaintenanceLog; now?: () => number; pause?: (ms: number) => Promise<void> },
): Promise<StoreSession> {
  // Sessions are judged by the store's clock; a test gives its own.
  const clock = options.now ?? storeClock(store);
  let gate: StartGate | undefined;
  const session = await openStoreSession(store, clock, async (mine) => {
    gate = await takeStartGate(store, mine, {
      isLive: async (found) => isLiveSession(store, await clock())(found),
      onWait: (holder) =>
        options.log.info(
          { holder: holder && describeSession(holder) },
          'another server is starting on this store (it may be repairing it): waiting for it before serving',
        ),
      ...(options.pause ? { pause: options.pause } : {}),
    });
  });
  try {
    await repairIfAlone(store, session, options);
  } finally {
    // Opened whatever happened: a repair that failed is left to the next start, and a crash
    // leaves the gate to be taken over from a dead session.
    await gate?.open();
  }
  return session;
}

async function repairIfAlone(
  store: Store,
  session: StoreSession,
  options: { log: MaintenanceLog; now?: () => number },
): Promise<void> {
  if (session.abandoned.length === 0) return;
  const abandoned = session.abandoned.map(describeSession);
  if (session.live.length > 0) {
    options.log.warn(
      { abandoned, live: session.live.map(describeSession) },
      'an earlier process did not close the store cleanly, but other servers are using it now: ' +
        'counters will be recounted at a start that finds no other server running',
    );
    return;
  }
  options.log.warn(
    { abandoned },
    'the store was not closed cleanly last time: repairing counters, hostname claims and tree locks before serving',
  );
  await repairAfterUncleanShutdown(store, options);
  // Forgotten only once repaired: a crash during the repair repeats it at the next start.
  await session.settle();
}
