/**
 * The tree lock of an organization (`withTreeLocks` over the store's `treeLocks`): one holder
 * at a time, a lease that a crashed holder cannot keep past its end, a bounded wait that
 * ends in a 'conflict' (409), and locks of two organizations taken in one order whatever the caller's.
 * Waits go through an injected pause that moves the test clock: nothing sleeps.
 */
import { DomainError, TREE_LOCK_LEASE_MS, TREE_LOCK_PATIENCE_MS, withTreeLocks } from '@quire/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

let next = 0;
const organizationId = () => `org-lock-${++next}`;

/** A pause that only moves the test clock, and records how long the lock was waited for. */
function clockPause() {
  const waited = { ms: 0, pauses: 0 };
  const pause = async (ms: number) => {
    waited.ms += ms;
    waited.pauses += 1;
    quire.clock.advance(ms);
  };
  return { waited, pause };
}

/** Takes the lock as a holder that then crashes (never releases it). */
async function crashedHolder(id: string): Promise<void> {
  const now = quire.clock.now();
  const expiresAt = new Date(now.getTime() + TREE_LOCK_LEASE_MS).toISOString();
  expect(await quire.services.repos.treeLocks.acquire(id, 'crashed', now.toISOString(), expiresAt)).toBe(
    true,
  );
}

describe('the tree lock of an organization', () => {
  it('is taken and given back: the next change gets it at once', async () => {
    const id = organizationId();
    const { waited, pause } = clockPause();
    expect(await withTreeLocks(quire.services, [id], async () => 'first', { pause })).toBe('first');
    expect(await withTreeLocks(quire.services, [id], async () => 'second', { pause })).toBe('second');
    expect(waited.pauses).toBe(0);
  });

  it('is given back when the work fails', async () => {
    const id = organizationId();
    const { waited, pause } = clockPause();
    const failing = withTreeLocks(
      quire.services,
      [id],
      async () => {
        throw new Error('work failed');
      },
      { pause },
    );
    await expect(failing).rejects.toThrow('work failed');
    expect(await withTreeLocks(quire.services, [id], async () => 'after', { pause })).toBe('after');
    expect(waited.pauses).toBe(0);
  });

  it('makes a second change wait while the first holds it', async () => {
    const id = organizationId();
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = withTreeLocks(quire.services, [id], async () => {
      order.push('first in');
      entered();
      await held;
      order.push('first out');
    });
    await inside;
    // The second change finds the lock held; while it pauses, the first finishes.
    let pauses = 0;
    const second = withTreeLocks(quire.services, [id], async () => order.push('second in'), {
      pause: async () => {
        pauses += 1;
        release();
        await first;
      },
    });
    await Promise.all([first, second]);
    expect(pauses).toBe(1);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('gives up with a 409 to retry after waiting its patience for a holder that does not let go', async () => {
    const id = organizationId();
    await crashedHolder(id);
    const { waited, pause } = clockPause();
    let ran = false;
    const error = await withTreeLocks(
      quire.services,
      [id],
      async () => {
        ran = true;
      },
      { pause },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('conflict');
    expect((error as DomainError).message).toMatch(/in progress: retry/);
    expect(ran).toBe(false);
    expect(waited.ms).toBeGreaterThanOrEqual(TREE_LOCK_PATIENCE_MS);
    expect(waited.ms).toBeLessThan(TREE_LOCK_PATIENCE_MS + 100);
  });

  it('is taken over once the lease of a crashed holder has ended, and the crashed holder cannot release it', async () => {
    const id = organizationId();
    await crashedHolder(id);
    quire.clock.advance(TREE_LOCK_LEASE_MS);
    const { waited, pause } = clockPause();
    const result = await withTreeLocks(
      quire.services,
      [id],
      async () => {
        // The crashed holder comes back and releases: the lock stays with the new holder.
        await quire.services.repos.treeLocks.release(id, 'crashed');
        const now = quire.clock.now().toISOString();
        return quire.services.repos.treeLocks.acquire(id, 'intruder', now, now);
      },
      { pause },
    );
    expect(result).toBe(false);
    expect(waited.pauses).toBe(0);
  });

  it('renews its lease while the change runs: a change longer than a lease is not overtaken', async () => {
    const id = organizationId();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const renewals = vi.spyOn(quire.services.repos.treeLocks, 'renew');
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const long = withTreeLocks(
      quire.services,
      [id],
      async () => {
        entered();
        await held;
      },
      { renewEveryMs: 5 },
    );
    await inside;
    // Two thirds of a lease pass twice while the change runs (40 s in all); a renewal follows each.
    for (let round = 0; round < 2; round++) {
      const before = renewals.mock.calls.length;
      quire.clock.advance((TREE_LOCK_LEASE_MS * 2) / 3);
      await expect.poll(() => renewals.mock.calls.length).toBeGreaterThan(before);
      await renewals.mock.results.at(-1)?.value;
    }
    const now = quire.clock.now();
    const intruder = await quire.services.repos.treeLocks.acquire(
      id,
      'intruder',
      now.toISOString(),
      new Date(now.getTime() + TREE_LOCK_LEASE_MS).toISOString(),
    );
    expect(intruder).toBe(false);
    release();
    await long;
    renewals.mockRestore();
    const { pause } = clockPause();
    expect(await withTreeLocks(quire.services, [id], async () => 'next', { pause })).toBe('next');
  });

  it('takes the locks of two organizations in one order: opposite transfers both complete', async () => {
    const [a, b] = [organizationId(), organizationId()];
    const order: string[] = [];
    const transfer = (from: string, to: string) =>
      withTreeLocks(quire.services, [from, to], async () => {
        order.push(`${from}->${to} in`);
        // Let the other transfer try its locks while this one holds both.
        await new Promise<void>((resolve) => setImmediate(resolve));
        order.push(`${from}->${to} out`);
      });
    await Promise.all([transfer(a, b), transfer(b, a)]);
    // One after the other, never interleaved.
    expect(order[0]!.replace(' in', '')).toBe(order[1]!.replace(' out', ''));
    expect(order[2]!.replace(' in', '')).toBe(order[3]!.replace(' out', ''));
  });
});
