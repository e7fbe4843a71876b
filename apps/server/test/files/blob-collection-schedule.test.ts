/**
 * The blob collection on the server's timer: it runs when its last run, as the store records
 * it, is QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS ago (checked every hour at most; the interval
 * faked, the injected clock moved), deletes a blob no record names once past its grace, logs
 * one line a run (what was kept, deleted, freed, how long it took), and stops with the server;
 * 0 schedules no run.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../support/test-server';

/** The blob collection's log lines, as they come. */
function collectionLog() {
  const lines: Array<{ msg: string; blobCollection?: Record<string, unknown> }> = [];
  let waiting: (() => void) | undefined;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; blobCollection?: Record<string, unknown> };
        if (entry.msg?.startsWith('blob collection')) {
          lines.push({
            msg: entry.msg,
            ...(entry.blobCollection ? { blobCollection: entry.blobCollection } : {}),
          });
          waiting?.();
        }
      }
      done();
    },
  });
  return {
    logger: { level: 'debug', stream },
    /** The next line, once the run or check that logged it has ended (a tick during one is skipped). */
    next: async () => {
      while (lines.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
      await new Promise((resolve) => setImmediate(resolve));
      return lines.shift() as (typeof lines)[number];
    },
  };
}

describe('the scheduled blob collection', () => {
  it('runs on its timer by the injected clock, logs one line a run, stops with the server', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = collectionLog();
    const own = await startTestServer(
      { QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS: '3600' },
      { logger: log.logger },
    );
    try {
      const { hash } = await own.services.blobs.put(new Uint8Array(randomBytes(100)));
      own.clock.advanceDays(2);
      vi.advanceTimersByTime(3600 * 1000);
      const line = await log.next();
      expect(line.msg).toMatch(
        /^blob collection: deleted 1 blob\(s\), 100 B freed; kept \d+ named by the store, 0 in their grace \(24 h\); 1 blob\(s\), \d+ record\(s\) read, in \d+ ms$/,
      );
      expect(line.blobCollection).toMatchObject({ deleted: 1, deletedBytes: 100, dryRun: false });
      expect(await own.services.blobs.has(hash)).toBe(false);
    } finally {
      await own.close();
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  });

  it('checks every hour, and runs only when its last run, as the store records it, is an interval ago', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = collectionLog();
    const own = await startTestServer(
      { QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS: '86400' },
      { logger: log.logger },
    );
    try {
      vi.advanceTimersByTime(3600 * 1000);
      // None recorded: the first check runs one.
      expect((await log.next()).msg).toMatch(/^blob collection: deleted 0 blob\(s\)/);
      own.clock.advance(23 * 3600 * 1000);
      vi.advanceTimersByTime(3600 * 1000);
      expect((await log.next()).msg).toBe('blob collection not due: its last run is recent');
      own.clock.advance(3600 * 1000);
      vi.advanceTimersByTime(3600 * 1000);
      expect((await log.next()).msg).toMatch(/^blob collection: deleted 0 blob\(s\)/);
    } finally {
      await own.close();
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  });

  it('schedules no run when the interval is 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await startTestServer({ QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS: '0' });
    try {
      const withoutIt = vi.getTimerCount();
      await own.close();
      const other = await startTestServer({ QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS: '3600' });
      expect(vi.getTimerCount()).toBe(withoutIt + 1);
      await other.close();
    } finally {
      await own.close();
      vi.useRealTimers();
    }
  });
});
