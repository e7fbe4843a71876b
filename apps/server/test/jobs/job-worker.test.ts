/**
 * The job runner over the real repositories (a store in memory) and a clock the test moves:
 * the lease and state machine of the repository, the worker's outcomes (done, retried with
 * backoff, failed with a handler's code or as INTERNAL, unknown kinds, jobs whose workers
 * kept dying), two workers racing over the same jobs, and a worker that lost its lease.
 */
import { once } from 'node:events';
import {
  type DomainServices,
  enqueueJob,
  JobFailure,
  type JobHandlers,
  type JobRecord,
  retryDelayMs,
} from '@quire/domain';
import { InProcessEventBus } from '@quire/persistence';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type JobWorker, type JobWorkerOptions, startJobWorker } from '../../src/jobs/job-worker';
import type { TestClock } from '../support/test-clock';
import { openTestDomain } from '../support/test-domain';
import { eventOf, type WorkerEvents, workerEvents } from './worker-events';

let services: DomainServices;
let clock: TestClock;
const workers: JobWorker[] = [];

beforeAll(async () => {
  ({ services, clock } = await openTestDomain());
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ abort: true })));
});

let organizationCount = 0;
/** Jobs of an organization of their own, so tests that list or claim see only theirs. */
const enqueue = (kind: string, extra: { maxAttempts?: number; payload?: Record<string, unknown> } = {}) =>
  enqueueJob(services, {
    kind,
    payload: extra.payload ?? {},
    organizationId: `org-${++organizationCount}`,
    createdBy: 'user-1',
    ...(extra.maxAttempts === undefined ? {} : { maxAttempts: extra.maxAttempts }),
  });

function worker(
  handlers: JobHandlers,
  options: JobWorkerOptions = {},
): { worker: JobWorker; events: WorkerEvents } {
  const events = workerEvents();
  const started = startJobWorker(services, handlers, { pollMs: 2, onEvent: events.onEvent, ...options });
  workers.push(started);
  return { worker: started, events };
}

const stored = async (id: string): Promise<JobRecord> => {
  const job = await services.repos.jobs.findById(id);
  if (!job) throw new Error(`job ${id} is gone`);
  return job;
};

/** A promise the test resolves by hand. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [9, 256_000],
    [10, 300_000],
    [1000, 300_000],
  ])('after %i failed attempts waits %i ms', (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });
});

describe('the job repository', () => {
  // The claim takes the oldest due job of the whole store: these tests run no worker.
  it('moves a job pending → running → done, only for the worker holding its lease', async () => {
    const jobs = services.repos.jobs;
    const job = await enqueue('repo.done');
    expect(job).toMatchObject({
      state: 'pending',
      attempts: 0,
      maxAttempts: 5,
      runAt: clock.now().toISOString(),
    });

    const claimed = await jobs.claimNext('worker-a', clock.now(), 1000);
    expect(claimed).toMatchObject({ id: job.id, state: 'running', attempts: 1, leaseOwner: 'worker-a' });
    expect(claimed?.leaseUntil).toBe(new Date(clock.now().getTime() + 1000).toISOString());
    // Held: nobody else takes it, and nobody else writes to it.
    expect(await jobs.claimNext('worker-b', clock.now(), 1000)).toBeNull();
    const state = { progress: { done: 1, total: 2 }, log: [] };
    expect(await jobs.renewLease(job.id, 'worker-b', clock.now())).toBe(false);
    expect(await jobs.report(job.id, 'worker-b', state, clock.now())).toBe(false);
    expect(await jobs.complete(job.id, 'worker-b', { by: 'b' }, state, clock.now())).toBe(false);
    expect(await jobs.fail(job.id, 'worker-b', { code: 'X', message: 'x' }, state, clock.now())).toBe(false);

    expect(await jobs.report(job.id, 'worker-a', state, clock.now())).toBe(true);
    expect(await jobs.complete(job.id, 'worker-a', { by: 'a' }, state, clock.now())).toBe(true);
    expect(await stored(job.id)).toMatchObject({
      state: 'done',
      result: { by: 'a' },
      progress: { done: 1, total: 2 },
    });
    expect((await stored(job.id)).leaseOwner).toBeUndefined();
    // Ended: the lease holder cannot write again, and only failed jobs are retried.
    expect(await jobs.complete(job.id, 'worker-a', {}, state, clock.now())).toBe(false);
    expect(await jobs.retry(job.id, clock.now())).toBeNull();
  });

  it('waits out a retry, takes over an ended lease, and retries a failed job from zero', async () => {
    const jobs = services.repos.jobs;
    const job = await enqueue('repo.retry', { maxAttempts: 3 });
    const state = { progress: { done: 0, total: 0 }, log: [] };
    await jobs.claimNext('worker-a', clock.now(), 1000);
    const retryAt = new Date(clock.now().getTime() + 5000);
    expect(
      await jobs.fail(job.id, 'worker-a', { code: 'X', message: 'x' }, state, clock.now(), retryAt),
    ).toBe(true);
    expect(await stored(job.id)).toMatchObject({
      state: 'pending',
      runAt: retryAt.toISOString(),
      error: { code: 'X' },
    });
    expect(await jobs.claimNext('worker-a', clock.now(), 1000)).toBeNull();
    clock.advance(5000);
    expect(await jobs.claimNext('worker-b', clock.now(), 1000)).toMatchObject({ id: job.id, attempts: 2 });

    // worker-b dies: a moment after its lease ends, worker-c takes the job over.
    clock.advance(1000);
    expect(await jobs.claimNext('worker-c', clock.now(), 1000)).toBeNull();
    clock.advance(1);
    expect(await jobs.claimNext('worker-c', clock.now(), 1000)).toMatchObject({
      attempts: 3,
      leaseOwner: 'worker-c',
    });
    expect(await jobs.complete(job.id, 'worker-b', {}, state, clock.now())).toBe(false);

    expect(await jobs.fail(job.id, 'worker-c', { code: 'Y', message: 'y' }, state, clock.now())).toBe(true);
    expect(await stored(job.id)).toMatchObject({
      state: 'failed',
      error: { code: 'Y' },
      finishedAt: clock.now().toISOString(),
    });
    clock.advance(10);
    const retried = await jobs.retry(job.id, clock.now());
    expect(retried).toMatchObject({ state: 'pending', attempts: 0, runAt: clock.now().toISOString() });
    expect(retried?.error).toBeUndefined();
    expect(retried?.finishedAt).toBeUndefined();
    expect(await jobs.claimNext('worker-a', clock.now(), 1000)).toMatchObject({ id: job.id, attempts: 1 });
    await jobs.complete(job.id, 'worker-a', undefined, state, clock.now());
  });

  it('lists jobs newest first, by organization and state, a page at a time', async () => {
    const jobs = services.repos.jobs;
    const first = await enqueue('repo.list');
    const organizationId = first.organizationId;
    const more = [];
    for (let i = 0; i < 4; i++)
      more.push(
        await enqueueJob(services, { kind: 'repo.list', payload: { i }, organizationId, createdBy: 'u' }),
      );
    const page1 = await jobs.list({ organizationId }, { limit: 3 });
    expect(page1.items.map((job) => job.id)).toEqual([more[3]!.id, more[2]!.id, more[1]!.id]);
    const page2 = await jobs.list({ organizationId }, { limit: 3, after: page1.next! });
    expect(page2.items.map((job) => job.id)).toEqual([more[0]!.id, first.id]);
    expect(page2.next).toBeUndefined();
    expect((await jobs.list({ organizationId, state: 'done' }, { limit: 10 })).items).toEqual([]);
  });
});

describe('the job worker', () => {
  it('runs a job as its creator, stores its progress, log and result', async () => {
    const handlers: JobHandlers = {
      'test.echo': async (ctx, job, report) => {
        for (let done = 1; done <= 50; done++) report.progress(done, 50);
        report.log('echoing');
        return { caller: ctx.caller?.userId, payload: job.payload };
      },
    };
    const { events } = worker(handlers);
    const job = await enqueue('test.echo', { payload: { text: 'hi' } });
    await events.waitFor(eventOf('done', job.id));
    const done = await stored(job.id);
    expect(done).toMatchObject({
      state: 'done',
      attempts: 1,
      progress: { done: 50, total: 50 },
      result: { caller: 'user-1', payload: { text: 'hi' } },
      finishedAt: clock.now().toISOString(),
    });
    expect(done.log.map((line) => line.message)).toEqual(['attempt 1 of 5 started', 'echoing', 'done']);
  });

  it('retries a failing job after 1 s, 2 s, … then fails it as INTERNAL without the internal text', async () => {
    const { events } = worker({
      'test.broken': async () => {
        throw new Error('secret internal detail');
      },
    });
    const job = await enqueue('test.broken', { maxAttempts: 3 });
    const first = await events.waitFor(eventOf('retrying', job.id, 1));
    expect(first).toMatchObject({ retryAt: new Date(clock.now().getTime() + 1000).toISOString() });
    expect(await stored(job.id)).toMatchObject({ state: 'pending', error: { code: 'INTERNAL' } });
    clock.advance(1000);
    const second = await events.waitFor(eventOf('retrying', job.id, 2));
    expect(second).toMatchObject({ retryAt: new Date(clock.now().getTime() + 2000).toISOString() });
    clock.advance(1999);
    // Not due yet: the worker leaves it pending until the clock reaches its runAt.
    expect(await stored(job.id)).toMatchObject({ state: 'pending', attempts: 2 });
    clock.advance(1);
    await events.waitFor(eventOf('failed', job.id, 3));
    const failed = await stored(job.id);
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: { code: 'INTERNAL', message: 'The job failed because of an internal error' },
    });
    expect(JSON.stringify(failed)).not.toContain('secret');
    expect(failed.log.map((line) => line.message)).toContain('failed (INTERNAL)');
  });

  it('ends a job at once on a JobFailure, with its code and message', async () => {
    const { events } = worker({
      'test.refused': async () => {
        throw new JobFailure('PARSE_ERROR', 'The document is not OpenAPI');
      },
    });
    const job = await enqueue('test.refused');
    await events.waitFor(eventOf('failed', job.id));
    expect(await stored(job.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: { code: 'PARSE_ERROR', message: 'The document is not OpenAPI' },
    });
  });

  it('retries a JobFailure that asks for it, and fails with its code when attempts run out', async () => {
    const { events } = worker({
      'test.flaky': async () => {
        throw new JobFailure('FETCH_TIMEOUT', 'The source did not answer in time', true);
      },
    });
    const job = await enqueue('test.flaky', { maxAttempts: 2 });
    await events.waitFor(eventOf('retrying', job.id, 1));
    clock.advance(1000);
    await events.waitFor(eventOf('failed', job.id, 2));
    expect(await stored(job.id)).toMatchObject({ state: 'failed', error: { code: 'FETCH_TIMEOUT' } });
  });

  it('fails a job of a kind no handler runs', async () => {
    const { events } = worker({});
    const job = await enqueue('nobody.runs.this');
    await events.waitFor(eventOf('failed', job.id));
    expect(await stored(job.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: { code: 'UNKNOWN_JOB_KIND' },
    });
  });

  it('fails, without running it, a job taken over after its last attempt (its workers kept dying)', async () => {
    let ran = 0;
    const job = await enqueue('test.deadly', { maxAttempts: 1 });
    await services.repos.jobs.claimNext('dead-worker', clock.now(), 1000);
    clock.advance(1001);
    const { events } = worker({
      'test.deadly': async () => {
        ran++;
        return {};
      },
    });
    await events.waitFor(eventOf('failed', job.id));
    expect(ran).toBe(0);
    expect(await stored(job.id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      error: { code: 'WORKER_LOST' },
    });
  });

  it('does not let a worker that lost its lease complete the job: it learns it and aborts', async () => {
    const stalled = gate();
    let calls = 0;
    const handlers: JobHandlers = {
      'test.zombie': async (_ctx, _job, report) => {
        calls++;
        if (calls > 1) return { by: 'second worker' };
        await stalled.opened;
        // The first worker wakes up long after its lease: its next write tells it it lost the job.
        report.progress(1, 1);
        if (!report.signal.aborted) await once(report.signal, 'abort');
        return { by: 'zombie' };
      },
    };
    const zombie = worker(handlers, { leaseMs: 60_000, owner: 'zombie' });
    const job = await enqueue('test.zombie');
    await zombie.events.waitFor(eventOf('started', job.id));
    clock.advance(60_001);
    const rescuer = worker(handlers, { leaseMs: 60_000, owner: 'rescuer' });
    await rescuer.events.waitFor(eventOf('done', job.id));
    stalled.open();
    await zombie.events.waitFor(eventOf('lost', job.id));
    expect(zombie.events.all.some(eventOf('done', job.id))).toBe(false);
    expect(await stored(job.id)).toMatchObject({
      state: 'done',
      attempts: 2,
      result: { by: 'second worker' },
    });
    expect(calls).toBe(2);
  });

  it('renews the lease while the handler runs, so no other worker takes the job over', async () => {
    const running = gate();
    const finish = gate();
    const { events } = worker(
      {
        'test.long': async () => {
          running.open();
          await finish.opened;
          return {};
        },
      },
      { leaseMs: 30, owner: 'long' },
    );
    const job = await enqueue('test.long');
    await running.opened;
    const claimed = await stored(job.id);
    clock.advance(20);
    // Renewals run every leaseMs / 3 of real time: wait (with a deadline) for one to land.
    const deadline = Date.now() + 10_000;
    while ((await stored(job.id)).leaseUntil === claimed.leaseUntil) {
      if (Date.now() > deadline) throw new Error('the lease was never renewed');
      await new Promise((resolve) => setImmediate(resolve));
    }
    clock.advance(25); // past the first lease, within the renewed one
    expect((await services.repos.jobs.claimNext('intruder', clock.now(), 30))?.id).not.toBe(job.id);
    finish.open();
    await events.waitFor(eventOf('done', job.id));
    expect(await stored(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('stops after the jobs in hand have ended, or aborts them when asked', async () => {
    const running = gate();
    const finish = gate();
    const patient = worker({
      'test.patient': async () => {
        running.open();
        await finish.opened;
        return { finished: true };
      },
    });
    const job = await enqueue('test.patient');
    await running.opened;
    let stopped = false;
    const stopping = patient.worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish.open();
    await stopping;
    expect(await stored(job.id)).toMatchObject({ state: 'done', result: { finished: true } });

    const aborted = gate();
    const hasty = worker({
      'test.aborted': async (_ctx, _job, report) => {
        aborted.open();
        await once(report.signal, 'abort');
        throw report.signal.reason;
      },
    });
    const second = await enqueue('test.aborted');
    await aborted.opened;
    await hasty.worker.stop({ abort: true });
    // The attempt ended like a failed one: the job waits for its retry, for another worker.
    expect(await stored(second.id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      error: { code: 'INTERNAL' },
    });
  });

  it('runs each of 200 jobs exactly once with two workers racing for them', async () => {
    const runs = new Map<string, number>();
    const handlers: JobHandlers = {
      'test.race': async (_ctx, job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return {};
      },
    };
    const jobs: JobRecord[] = [];
    for (let i = 0; i < 200; i++) jobs.push(await enqueue('test.race'));
    const doneBy = { a: 0, b: 0 };
    const allDone = gate();
    const counter = (name: 'a' | 'b') => (event: { type: string }) => {
      if (event.type !== 'done') return;
      doneBy[name]++;
      if (doneBy.a + doneBy.b === 200) allDone.open();
    };
    worker(handlers, { owner: 'a', concurrency: 3, onEvent: counter('a') });
    worker(handlers, { owner: 'b', concurrency: 3, onEvent: counter('b') });
    await allDone.opened;
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
    const stored200 = await Promise.all(jobs.map((job) => stored(job.id)));
    expect(stored200.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
    expect(doneBy.a + doneBy.b).toBe(200);
  });
});

describe('a worker whose lease lapsed while it runs the job', () => {
  it('does not take its own job over with another slot: no death counted, the job not run twice', async () => {
    // Renewals that never land: the worker has fallen behind (a process collecting a full heap).
    const jobs = services.repos.jobs;
    const behind: DomainServices = {
      ...services,
      repos: {
        ...services.repos,
        jobs: new Proxy(jobs, {
          get(target, name) {
            if (name === 'renewLease') return async () => true;
            const value: unknown = Reflect.get(target, name, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      },
    };
    const running = gate();
    const finish = gate();
    let runs = 0;
    const events = workerEvents();
    const started = startJobWorker(
      behind,
      {
        'test.behind': async () => {
          runs++;
          running.open();
          await finish.opened;
          return {};
        },
      },
      { pollMs: 2, leaseMs: 30, concurrency: 2, onEvent: events.onEvent },
    );
    workers.push(started);
    const job = await enqueue('test.behind');
    await running.opened;
    clock.advance(1000); // the lease ended long ago, by the store's reckoning
    // The other slot polls every 2 ms: give it many chances to claim.
    for (let poll = 0; poll < 50; poll++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await stored(job.id)).toMatchObject({ state: 'running', attempts: 1, leaseOwner: started.owner });
    expect((await stored(job.id)).workerDeaths).toBeUndefined();
    expect(runs).toBe(1);
    // Another worker (another process) still takes it over: this one might be dead.
    const other = await jobs.claimNext('other-worker', clock.now(), 30);
    expect(other).toMatchObject({ id: job.id, attempts: 2, workerDeaths: 1, leaseOwner: 'other-worker' });
    finish.open();
    await events.waitFor(eventOf('lost', job.id));
  });
});

describe('waking', () => {
  it('runs a job as soon as it is stored, not at the next poll, when it follows the event bus', async () => {
    const bus = new InProcessEventBus(() => {});
    // The worker's store, telling when a claim found nothing (the worker then sleeps).
    const idle = gate();
    const jobs = services.repos.jobs;
    const watched: DomainServices = {
      ...services,
      events: bus,
      repos: {
        ...services.repos,
        jobs: new Proxy(jobs, {
          get(target, name) {
            if (name === 'claimNext')
              return async (...args: Parameters<typeof jobs.claimNext>) => {
                const claimed = await target.claimNext(...args);
                if (!claimed) idle.open();
                return claimed;
              };
            const value: unknown = Reflect.get(target, name, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      },
    };
    const events = workerEvents();
    // A poll an hour away: only the `job.enqueued` event can get the job run within the test.
    workers.push(
      startJobWorker(
        watched,
        { 'wake.example': async () => ({ woken: true }) },
        {
          pollMs: 3_600_000,
          concurrency: 1,
          onEvent: events.onEvent,
          wakeOn: bus,
        },
      ),
    );
    await idle.opened;
    const job = await enqueueJob(watched, {
      kind: 'wake.example',
      payload: {},
      organizationId: `org-${++organizationCount}`,
      createdBy: 'user-1',
    });
    await events.waitFor(eventOf('done', job.id));
    expect((await stored(job.id)).result).toEqual({ woken: true });
  });
});
