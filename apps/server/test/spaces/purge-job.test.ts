/**
 * The purge of deleted spaces on the server's timer: it runs every
 * QUIRE_PURGE_INTERVAL_SECONDS (the interval faked, the injected clock moved), removes what
 * was deleted 7 days ago and keeps the rest, and stops with the server. What the purge
 * removes is `lifecycle.test.ts`'s.
 */
import { Writable } from 'node:stream';
import { operations } from '@quire/domain';
import { describe, expect, it, vi } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { startTestServer } from '../support/test-server';

/** The spaces of each purge the server logs (its `onPurged`), or the error of a failed run. */
function purgeLog() {
  const runs: Array<(outcome: { spaceIds?: string[]; failed?: unknown }) => void> = [];
  const outcomes: Array<{ spaceIds?: string[]; failed?: unknown }> = [];
  const deliver = (outcome: { spaceIds?: string[]; failed?: unknown }) => {
    const waiting = runs.shift();
    if (waiting) waiting(outcome);
    else outcomes.push(outcome);
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; spaceIds?: string[]; err?: unknown };
        if (entry.msg === 'purged spaces deleted more than 7 days ago')
          deliver({ spaceIds: entry.spaceIds ?? [] });
        if (entry.msg === 'purge of deleted spaces failed') deliver({ failed: entry.err });
      }
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    /** The next purge that removed something (or failed). */
    next: () =>
      new Promise<{ spaceIds?: string[]; failed?: unknown }>((resolve) => {
        const ready = outcomes.shift();
        if (ready) resolve(ready);
        else runs.push(resolve);
      }),
  };
}

describe('the purge job of the server', () => {
  it('runs on its timer by the injected clock: purges what was deleted 7 days ago, keeps the rest, stops with the server', async () => {
    // Only the interval is faked: the server's I/O and the test's requests keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = purgeLog();
    const own = await startTestServer({ QUIRE_PURGE_INTERVAL_SECONDS: '3600' }, { logger: log.logger });
    try {
      const org = await createOrganization(own);
      const old = await createSpace(own, org, { title: 'Old' });
      const young = await createSpace(own, org, { title: 'Young' });
      const removeAs = (spaceId: string) =>
        own.callOperation(operations.spaces.remove, org.admin, { spaceId });
      await removeAs(old.id);
      own.clock.advanceDays(6);
      await removeAs(young.id);
      own.clock.advanceDays(2);
      // Eight days on, nothing is purged until the timer fires.
      expect(await own.services.repos.spaces.findById(old.id)).not.toBeNull();

      vi.advanceTimersByTime(3600 * 1000);
      const run = await log.next();
      expect(run.failed).toBeUndefined();
      // The run removed the space deleted 8 days ago, and only it: the young one stays.
      expect(run.spaceIds).toEqual([old.id]);
      expect(await own.services.repos.spaces.findById(old.id)).toBeNull();
      expect(await own.services.repos.spaces.findById(young.id)).not.toBeNull();
    } finally {
      await own.close();
      // Closing the server stopped the purge's interval (the only one it faked).
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  });
});
