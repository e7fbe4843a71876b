/**
 * `npx tsx bench/jobs.ts` (from apps/server): the job runner's targets of issue 15, over the
 * embedded store on disk, in process.
 *
 * 1. Draining: 1,000 queued small jobs (each reports progress once and returns a result)
 *    run by one worker, at its default concurrency (2) and at 8 (target: under 10 s).
 * 2. Takeover: a worker claims a job and dies at once (no renewal after its claim: the whole
 *    lease is left to wait out); a second worker, polling every `pollMs`, takes the job over.
 *    Printed: the time from the death to the takeover against the lease, and how long after
 *    the lease's end the takeover came (at most one poll interval).
 *
 * `BENCH_JOBS` changes the number of jobs.
 */
import { rm } from 'node:fs/promises';
import { enqueueJob, type JobHandlers } from '@quire/domain';
import { type JobWorkerEvent, startJobWorker } from '../src/jobs/job-worker';
import { openBenchServices } from './bench-services';

const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const { services, store, dataDir } = await openBenchServices('jobs');

const handlers: JobHandlers = {
  'bench.small': async (_ctx, job, report) => {
    report.progress(1, 1);
    return { n: job.payload.n };
  },
  'bench.takeover': async () => ({ rescued: true }),
};

async function drain(concurrency: number): Promise<number> {
  for (let n = 0; n < JOBS; n++)
    await enqueueJob(services, {
      kind: 'bench.small',
      payload: { n },
      organizationId: 'bench',
      createdBy: 'bench',
    });
  let done = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const worker = startJobWorker(services, handlers, {
      concurrency,
      onEvent: (event: JobWorkerEvent) => {
        if (event.type === 'done' && ++done === JOBS) void worker.stop().then(resolve);
      },
    });
  });
  return performance.now() - started;
}

async function takeover(
  leaseMs: number,
  pollMs: number,
): Promise<{ sinceDeath: number; afterLease: number }> {
  const job = await enqueueJob(services, {
    kind: 'bench.takeover',
    payload: {},
    organizationId: 'bench',
    createdBy: 'bench',
  });
  // The dead worker: its claim is the last thing it did.
  const claimed = await services.repos.jobs.claimNext('dead-worker', new Date(), leaseMs);
  if (claimed?.id !== job.id) throw new Error('bench: another job was due');
  const death = performance.now();
  const leaseEnds = death + leaseMs;
  return new Promise((resolve) => {
    const rescuer = startJobWorker(services, handlers, {
      pollMs,
      leaseMs,
      onEvent: (event) => {
        if (event.type !== 'started' || event.job.id !== job.id) return;
        const at = performance.now();
        void rescuer.stop().then(() => resolve({ sinceDeath: at - death, afterLease: at - leaseEnds }));
      },
    });
  });
}

// The workers' timers do not hold the process: this does, while the bench runs.
const keepAlive = setInterval(() => {}, 1 << 30);
try {
  for (const concurrency of [2, 8]) {
    const ms = await drain(concurrency);
    console.log(
      `drain: ${JOBS} jobs, one worker, concurrency ${concurrency}: ${(ms / 1000).toFixed(2)} s (${Math.round((JOBS / ms) * 1000)} jobs/s)`,
    );
  }
  for (const [leaseMs, pollMs] of [
    [2000, 1000],
    [2000, 100],
    [5000, 1000],
  ] as const) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await takeover(leaseMs, pollMs));
    const worst = runs.reduce((a, b) => (b.sinceDeath > a.sinceDeath ? b : a));
    console.log(
      `takeover: lease ${leaseMs} ms, poll ${pollMs} ms: taken over ${runs.map((r) => Math.round(r.sinceDeath)).join(', ')} ms after the death; worst ${Math.round(worst.afterLease)} ms after the lease ended`,
    );
  }
} finally {
  clearInterval(keepAlive);
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
}
