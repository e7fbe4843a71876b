/**
 * No job may kill its worker twice. A worker that dies running a job (its process killed or
 * out of memory) leaves the job running with a lease that ends; the takeover counts that
 * death on the job (`workerDeaths`), and after the second death the job fails as
 * JOB_KILLED_WORKER without running again (`runRefusal`).
 *
 * First with the repositories and a clock the test moves (the dead workers are claims whose
 * lease runs out); then with real processes: a child worker whose handler fills its heap
 * until the process dies (or is killed, on a machine too loaded for it to die soon), twice,
 * after which a worker in this process fails the job without running it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  type DomainServices,
  enqueueJob,
  JOB_KILLED_WORKER,
  JobFailure,
  type JobHandlers,
  type JobRecord,
  systemClock,
} from '@quire/domain';
import { createRepositories } from '@quire/persistence';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';
import { parseConfig } from '../../src/config';
import { type JobWorker, type JobWorkerEvent, startJobWorker } from '../../src/jobs/job-worker';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { bundledWorker } from '../support/bundled-worker';
import { envFor, makeDataDir } from '../support/data-dir-server';
import type { TestClock } from '../support/test-clock';
import { openTestDomain } from '../support/test-domain';
import { eventOf, workerEvents } from './worker-events';

const LEASE_MS = 1000;

let services: DomainServices;
let clock: TestClock;
const workers: JobWorker[] = [];

beforeAll(async () => {
  ({ services, clock } = await openTestDomain());
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ abort: true })));
});

/** The job's end, done or failed: a test that expects one fails at once on the other. */
const endOf = (jobId: string) => (event: JobWorkerEvent) =>
  eventOf('done', jobId)(event) || eventOf('failed', jobId)(event);

let organizationCount = 0;
const enqueue = (kind: string) =>
  enqueueJob(services, {
    kind,
    payload: {},
    organizationId: `org-deaths-${++organizationCount}`,
    createdBy: 'user-1',
  });

function worker(handlers: JobHandlers) {
  const events = workerEvents();
  workers.push(startJobWorker(services, handlers, { pollMs: 2, leaseMs: LEASE_MS, onEvent: events.onEvent }));
  return events;
}

const stored = async (id: string): Promise<JobRecord> => {
  const job = await services.repos.jobs.findById(id);
  if (!job) throw new Error(`job ${id} is gone`);
  return job;
};

/** A worker claims the job (the only one due) and dies with it: its lease runs out, nothing more is written by it. */
async function dieRunning(owner: string, jobId: string): Promise<JobRecord> {
  const claimed = await services.repos.jobs.claimNext(owner, clock.now(), LEASE_MS);
  if (claimed?.id !== jobId) throw new Error(`claimed ${claimed?.id} instead of ${jobId}`);
  clock.advance(LEASE_MS + 1);
  return claimed;
}

describe('a job whose worker died running it', () => {
  it('is marked by the takeover: one death per worker that died', async () => {
    const job = await enqueue('test.marked');
    expect((await dieRunning('dead-1', job.id)).workerDeaths).toBeUndefined();
    expect(await dieRunning('dead-2', job.id)).toMatchObject({ attempts: 2, workerDeaths: 1 });
    expect(await stored(job.id)).toMatchObject({ state: 'running', workerDeaths: 1 });
    // Ended, so the next tests' claims find only their own jobs.
    const ended = { code: 'TEST', message: 'ended by the test' };
    expect(
      await services.repos.jobs.fail(
        job.id,
        'dead-2',
        ended,
        { progress: job.progress, log: [] },
        clock.now(),
      ),
    ).toBe(true);
  });

  it('runs again after one death, and completes', async () => {
    let ran = 0;
    const job = await enqueue('test.once-deadly');
    await dieRunning('dead-1', job.id);
    const events = worker({
      'test.once-deadly': async () => {
        ran++;
        return {};
      },
    });
    await events.waitFor(eventOf('done', job.id));
    expect(ran).toBe(1);
    expect(await stored(job.id)).toMatchObject({ state: 'done', attempts: 2, workerDeaths: 1 });
  });

  it('fails as JOB_KILLED_WORKER after the second death, without running again', async () => {
    let ran = 0;
    const job = await enqueue('test.deadly');
    await dieRunning('dead-1', job.id);
    await dieRunning('dead-2', job.id);
    const events = worker({
      'test.deadly': async () => {
        ran++;
        return {};
      },
    });
    await events.waitFor(endOf(job.id));
    expect(ran).toBe(0);
    const failed = await stored(job.id);
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      workerDeaths: 2,
      error: {
        code: 'JOB_KILLED_WORKER',
        message:
          'The job stopped its worker: the process running it died 2 times (out of memory or killed), so it is not run again',
      },
    });
    expect(failed.log.map((line) => line.message)).toEqual([
      'attempt 3 of 5 started',
      'failed (JOB_KILLED_WORKER)',
    ]);
  });

  it('of a kind whose work is bounded (a webhook post) runs again after two deaths, up to its attempts', async () => {
    let ran = 0;
    const job = await enqueue('test.bounded');
    await dieRunning('dead-1', job.id);
    await dieRunning('dead-2', job.id);
    const bounded = Object.assign(
      async () => {
        ran++;
        return {};
      },
      { boundedWork: true },
    );
    const events = worker({ 'test.bounded': bounded });
    await events.waitFor(endOf(job.id));
    expect(ran).toBe(1);
    expect(await stored(job.id)).toMatchObject({ state: 'done', attempts: 3, workerDeaths: 2 });

    // Its attempts still end it: taken over past the last one, it is WORKER_LOST, not run.
    await workers.pop()?.stop();
    const lost = await enqueue('test.bounded');
    for (let death = 1; death <= 5; death++) await dieRunning(`dead-${death}`, lost.id);
    await worker({ 'test.bounded': bounded }).waitFor(endOf(lost.id));
    expect(ran).toBe(1);
    expect(await stored(lost.id)).toMatchObject({
      state: 'failed',
      attempts: 6,
      error: { code: 'WORKER_LOST' },
    });
  });

  it('counts no death for an attempt that ended with an error', async () => {
    let ran = 0;
    const job = await enqueue('test.flaky');
    const events = worker({
      'test.flaky': async () => {
        if (++ran < 3) throw new JobFailure('FLAKY', 'Not yet', true);
        return {};
      },
    });
    for (const attempt of [1, 2]) {
      await events.waitFor(eventOf('retrying', job.id, attempt));
      clock.advance(60_000);
    }
    await events.waitFor(eventOf('done', job.id));
    expect((await stored(job.id)).workerDeaths).toBeUndefined();
  });

  it('starts afresh when an operator retries it (`quire jobs retry`)', async () => {
    const job = await enqueue('test.forgiven');
    await dieRunning('dead-1', job.id);
    await dieRunning('dead-2', job.id);
    const refusing = worker({});
    await refusing.waitFor(endOf(job.id));
    await workers.pop()?.stop();
    expect(await services.repos.jobs.retry(job.id, clock.now())).toMatchObject({
      state: 'pending',
      attempts: 0,
    });
    expect((await stored(job.id)).workerDeaths).toBeUndefined();
    const events = worker({ 'test.forgiven': async () => ({ ran: true }) });
    await events.waitFor(eventOf('done', job.id));
    expect(await stored(job.id)).toMatchObject({ state: 'done', result: { ran: true } });
  });
});

describe('a job that kills the process running it', () => {
  const SERVER_PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
  const CHILD = fileURLToPath(new URL('./memory-hungry-worker-child.ts', import.meta.url));
  const CHILD_LEASE_MS = 500;
  const CHILD_DEATH_WAIT_MS = 10_000;
  let dataDir = '';
  let bundle = { command: [] as string[], dir: '' };
  const live = new Set<ChildProcess>();
  afterAll(async () => {
    for (const child of live) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (bundle.dir) await rm(bundle.dir, { recursive: true, force: true });
  });

  /**
   * Runs a child worker (64 MB of heap) until it dies (of its job, or killed 10 s after its
   * claim); answers its stdout lines and how it ended.
   */
  async function childUntilDeath(): Promise<{
    lines: string[];
    code: number | null;
    signal: string | null;
    stderr: string;
  }> {
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=64', ...bundle.command, String(CHILD_LEASE_MS)],
      {
        cwd: SERVER_PACKAGE,
        env: { ...process.env, ...envFor(dataDir) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    live.add(child);
    const lines: string[] = [];
    let stderr = '';
    let killer: NodeJS.Timeout | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      // A heap filling under a loaded machine can take long to die of it: past a while, the
      // process is killed instead (a death all the same: the worker's process is gone).
      if (line.startsWith('claimed ')) killer = setTimeout(() => child.kill('SIGKILL'), CHILD_DEATH_WAIT_MS);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(killer);
    live.delete(child);
    return { lines, code, signal, stderr };
  }

  it('fails as JOB_KILLED_WORKER after killing two workers, and never runs a third time', async () => {
    dataDir = await makeDataDir();
    bundle = await bundledWorker(CHILD);
    const config = parseConfig(envFor(dataDir));
    const first = await openConfiguredStore(config);
    const job = await enqueueJob(
      {
        repos: createRepositories(first.db),
        clock: systemClock,
        ids: new TimeOrderedIds(),
        events: { publish: async () => {} },
      },
      { kind: 'test.hungry', payload: {}, organizationId: 'org-hungry', createdBy: 'user-1' },
    );
    await first.close();

    // Each child claims the job (the second one once the first one's lease has run out) and dies of it.
    const deaths = [await childUntilDeath(), await childUntilDeath()];
    for (const [index, death] of deaths.entries()) {
      expect(death.lines, death.stderr).toContain(`claimed ${job.id} ${index}`);
      expect(death.code !== 0 || death.signal !== null).toBe(true);
    }

    const store = await openConfiguredStore(config);
    const rescuerServices = await buildServices({ config, store });
    const events = workerEvents();
    let ran = 0;
    const rescuer = startJobWorker(
      rescuerServices,
      {
        'test.hungry': async () => {
          ran++;
          return {};
        },
      },
      // The rescuer's own lease is long: with the children's 500 ms, a refusal written late on
      // a busy machine (CI) found its lease taken over by the rescuer's other claim loop,
      // which counted a third death.
      { owner: 'rescuer', leaseMs: 30_000, pollMs: 10, onEvent: events.onEvent },
    );
    try {
      await events.waitFor(endOf(job.id));
      expect(ran).toBe(0);
      expect(await rescuerServices.repos.jobs.findById(job.id)).toMatchObject({
        state: 'failed',
        attempts: 3,
        workerDeaths: 2,
        error: JOB_KILLED_WORKER,
      });
    } finally {
      await rescuer.stop();
      await rescuerServices.events.close();
      await store.close();
    }
  }, 120_000);
});
