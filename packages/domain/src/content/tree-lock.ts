/**
 * Structural changes of an organization's tree of spaces and collections run one at a time
 * per organization: creating, duplicating, moving, transferring and restoring spaces;
 * creating, moving, transferring and deleting collections. Each holds the organization's
 * tree lock (`TreeLockRepository`: a lease in the store, so it holds across server processes
 * and on both engines) while it validates (the parent exists and is live, no cycle, the
 * caller's rights along the chain) and writes. Without it, three concurrent moves (X under Y,
 * Y under Z, Z under X) each found no cycle and together made one, and a space moved into a
 * collection being deleted stayed under the deleted parent.
 *
 * - A transfer holds both organizations' locks, taken in id order, so two transfers in
 *   opposite directions never wait on each other.
 * - Contention waits (pauses from 2 ms, doubling up to 64 ms), 5 s in all, then gives up with
 *   a 409 'conflict' that says to retry.
 * - A lease lasts 30 s by the services' clock: a holder that crashed blocks its organization's
 *   tree that long at most. A change is expected to take milliseconds; one that runs longer
 *   (a slow store, a large duplicate) renews its leases every 10 s while it runs, so no one
 *   takes them over from a holder still at work. Only a process stalled past a whole lease
 *   (its event loop held 30 s) can still be overtaken.
 * - Operations never take a lock while holding one (that would wait on itself).
 */

import type { DomainServices } from '../core/context';
import { conflict } from '../core/errors';

export const TREE_LOCK_LEASE_MS = 30_000;
/** The total of the pauses a change spends waiting for a lock before it gives up. */
export const TREE_LOCK_PATIENCE_MS = 5_000;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 64;

/** How often a holder renews its leases while its change runs: a third of a lease. */
export const TREE_LOCK_RENEW_EVERY_MS = TREE_LOCK_LEASE_MS / 3;

export interface TreeLockOptions {
  /** Waits between attempts; tests pass one that moves their clock instead of waiting. */
  pause?: (ms: number) => Promise<void>;
  /** The interval of lease renewals in real time (default `TREE_LOCK_RENEW_EVERY_MS`); tests pass a short one. */
  renewEveryMs?: number;
}

const pauseFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The 409 of a change that could not get its organization's tree: retry. */
export const treeBusy = () =>
  conflict('Another change to the spaces and collections of this organization is in progress: retry');

async function acquire(
  services: Pick<DomainServices, 'repos' | 'clock'>,
  organizationId: string,
  holder: string,
  pause: (ms: number) => Promise<void>,
): Promise<void> {
  let waited = 0;
  let step = FIRST_PAUSE_MS;
  for (;;) {
    const now = services.clock.now();
    const expiresAt = new Date(now.getTime() + TREE_LOCK_LEASE_MS).toISOString();
    if (await services.repos.treeLocks.acquire(organizationId, holder, now.toISOString(), expiresAt)) return;
    if (waited >= TREE_LOCK_PATIENCE_MS) throw treeBusy();
    await pause(step);
    waited += step;
    step = Math.min(step * 2, LONGEST_PAUSE_MS);
  }
}

/**
 * Runs `work` holding the tree locks of the organizations, and releases them however it
 * ends. `work` must read again whatever it validates: only what it reads under the locks
 * is known to stay true until it has written.
 */
export async function withTreeLocks<T>(
  services: Pick<DomainServices, 'repos' | 'clock' | 'ids'>,
  organizationIds: readonly string[],
  work: () => Promise<T>,
  options: TreeLockOptions = {},
): Promise<T> {
  const holder = services.ids.newId();
  const held: string[] = [];
  let renewing: Promise<unknown> = Promise.resolve();
  const renew = () => {
    const expiresAt = new Date(services.clock.now().getTime() + TREE_LOCK_LEASE_MS).toISOString();
    renewing = Promise.all(
      held.map((organizationId) =>
        // A renewal the store refuses leaves the lease as it was; the next one tries again.
        services.repos.treeLocks.renew(organizationId, holder, expiresAt).catch(() => undefined),
      ),
    );
  };
  const renewals = setInterval(renew, options.renewEveryMs ?? TREE_LOCK_RENEW_EVERY_MS);
  renewals.unref?.();
  try {
    for (const organizationId of [...new Set(organizationIds)].sort()) {
      await acquire(services, organizationId, holder, options.pause ?? pauseFor);
      held.push(organizationId);
    }
    return await work();
  } finally {
    clearInterval(renewals);
    await renewing;
    for (const organizationId of held.reverse()) {
      // A release the store refuses (a full disk) leaves the lock to its lease: the change
      // itself is done or failed already, and its answer must say which, not this.
      await services.repos.treeLocks.release(organizationId, holder).catch(() => undefined);
    }
  }
}

/**
 * An item read again under the locks must still be in a locked organization: one that was
 * transferred while the change waited for the lock is refused with the 409 to retry.
 */
export function assertInLockedTree(organizationId: string, locked: readonly string[]): void {
  if (!locked.includes(organizationId)) throw treeBusy();
}
