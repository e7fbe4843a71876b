/**
 * Insights are kept QUIRE_INSIGHTS_RETENTION_DAYS days (30 here): the purge deletes older
 * counters and comments across sites in bounded batches, a run cut short by a failure loses
 * nothing kept and the next run finishes the work, and the server runs it on its purge timer
 * (the interval faked, the injected clock moved), which stops with the server.
 */
import { Writable } from 'node:stream';
import {
  type InsightsCommentRecord,
  type InsightsCounterRecord,
  purgeExpiredInsights,
  type SiteInsightsRepository,
} from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { type InsightsFixture, insightsFixture, rowsOf } from './insights-support';

/** The purges the server logs (its `onPurged`), or the error of a failed run. */
function purgeLog() {
  const waiting: Array<(entry: Record<string, unknown>) => void> = [];
  const ready: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (
          entry.msg === 'purged insights older than their retention' ||
          entry.msg === 'purge of expired insights failed'
        ) {
          const resolve = waiting.shift();
          if (resolve) resolve(entry);
          else ready.push(entry);
        }
      }
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    next: () =>
      new Promise<Record<string, unknown>>((resolve) => {
        const entry = ready.shift();
        if (entry) resolve(entry);
        else waiting.push(resolve);
      }),
  };
}

let server: TestServer;
let f: InsightsFixture;
const log = purgeLog();
beforeAll(async () => {
  // Only the interval is faked: the server's I/O and the test's requests keep real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  server = await startTestServer(
    { QUIRE_INSIGHTS_RETENTION_DAYS: '30', QUIRE_PURGE_INTERVAL_SECONDS: '3600' },
    { logger: log.logger },
  );
  f = await insightsFixture(server);
});
afterAll(async () => {
  await server.close();
  // Closing the server stopped both purges' intervals (the only timers it faked).
  expect(vi.getTimerCount()).toBe(0);
  vi.useRealTimers();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (days: number) =>
  new Date(server.clock.now().getTime() - days * DAY_MS).toISOString().slice(0, 10);

const counter = (siteId: string, day: string, type: string): InsightsCounterRecord => ({
  siteId,
  day,
  type,
  siteSectionId: null,
  siteSpaceId: null,
  spaceId: null,
  pageId: null,
  rating: null,
  position: null,
  count: 1,
});

const comment = (siteId: string, day: string, id: string): InsightsCommentRecord => ({
  id,
  siteId,
  day,
  at: `${day}T12:00:00.000Z`,
  siteSectionId: null,
  siteSpaceId: null,
  spaceId: null,
  pageId: null,
  rating: 'good',
  comment: 'Kept as written',
});

/** Every counter's day of the sites, sorted. */
async function daysOfCounters(siteIds: string[]): Promise<string[]> {
  const days: string[] = [];
  for (const siteId of siteIds) {
    const counters = await server.services.repos.siteInsights.counters(
      { siteId, fromDay: '2000-01-01', toDay: '2100-01-01' },
      10_000,
    );
    days.push(...counters.map((kept) => kept.day));
  }
  return days.sort();
}

describe('the purge of expired insights', () => {
  it('deletes what is older than the retention in bounded batches, across sites; a failed run loses nothing kept', async () => {
    const repo = server.services.repos.siteInsights;
    const sites = ['retention-site-a', 'retention-site-b'];
    // 31 to 36 days old: expired (30 days kept, today included); 29 days and today: kept.
    const expiredDays = [31, 32, 33, 34, 35, 36].map(dayBefore);
    const keptDays = [29, 0].map(dayBefore);
    const counters = sites.flatMap((siteId) =>
      [...expiredDays, ...keptDays].flatMap((day) => [
        counter(siteId, day, 'page_view'),
        counter(siteId, day, 'search_open'),
      ]),
    );
    await repo.increment(counters);
    await repo.addComments([
      comment(sites[0] as string, expiredDays[0] as string, 'old-comment'),
      comment(sites[0] as string, keptDays[0] as string, 'kept-comment'),
    ]);
    const expiredCount = 2 * expiredDays.length * 2;
    const now = server.clock.now();

    // Two batches of 5 a run: 10 of the 24 expired counters, and the run says it did not finish.
    const first = await purgeExpiredInsights(server.services, now, {
      retentionDays: 30,
      batchSize: 5,
      maxBatches: 2,
    });
    // Comments are purged in the same run, after the counters' batches.
    expect(first).toMatchObject({
      firstDayKept: dayBefore(29),
      countersDeleted: 10,
      commentsDeleted: 1,
      complete: false,
    });

    // A run failing after its first batch (the store gone away mid-run): what it did stays done, nothing kept is lost.
    let batches = 0;
    const failing: Pick<SiteInsightsRepository, 'deleteCountersBefore' | 'deleteCommentsBefore'> = {
      deleteCountersBefore: (day, limit) => {
        if (++batches > 1) return Promise.reject(new Error('the store went away'));
        return repo.deleteCountersBefore(day, limit);
      },
      deleteCommentsBefore: (day, limit) => repo.deleteCommentsBefore(day, limit),
    };
    await expect(
      purgeExpiredInsights({ repos: { siteInsights: failing } }, now, {
        retentionDays: 30,
        batchSize: 5,
      }),
    ).rejects.toThrow('the store went away');
    const keptAfterFailure = await daysOfCounters(sites);
    expect(keptAfterFailure.length).toBe(counters.length - 15);
    expect(keptAfterFailure.filter((day) => keptDays.includes(day))).toHaveLength(2 * keptDays.length * 2);

    // The next run finishes: every expired counter and comment gone, every kept one there.
    const last = await purgeExpiredInsights(server.services, now, { retentionDays: 30, batchSize: 5 });
    expect(last).toMatchObject({ countersDeleted: expiredCount - 15, commentsDeleted: 0, complete: true });
    expect(await daysOfCounters(sites)).toEqual(
      sites.flatMap(() => keptDays.flatMap((day) => [day, day])).sort(),
    );
    const comments = await repo.comments(
      { siteId: sites[0] as string, fromDay: '2000-01-01', toDay: '2100-01-01' },
      10,
    );
    expect(comments.map((kept) => kept.id)).toEqual(['kept-comment']);
    // Again: nothing more to delete.
    expect(await purgeExpiredInsights(server.services, now, { retentionDays: 30 })).toMatchObject({
      countersDeleted: 0,
      commentsDeleted: 0,
      complete: true,
    });
  });

  it("runs on the server's purge timer: a site's page views of 31 days ago are gone from its aggregate, today's stay", async () => {
    const view = () => f.event('page_view', f.guideId);
    expect((await f.send([view(), view()])).status).toBe(204);
    const sentOn = server.clock.now().toISOString();
    server.clock.advanceDays(31);
    expect((await f.send([view()])).status).toBe(204);
    const query = {
      select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      range: { from: sentOn, to: server.clock.now().toISOString() },
    };
    expect(rowsOf(await f.aggregate(query)).map((row) => row.eventsCount)).toEqual([2, 1]);

    vi.advanceTimersByTime(3600 * 1000);
    const run = await log.next();
    expect(run.msg).toBe('purged insights older than their retention');
    expect(run.countersDeleted).toBeGreaterThanOrEqual(1);
    expect(rowsOf(await f.aggregate(query)).map((row) => row.eventsCount)).toEqual([1]);
  });
});
