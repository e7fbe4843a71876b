/**
 * The job worker: claims due jobs from the store (`JobRepository.claimNext`, one atomic
 * step, so two workers never run one job), runs each kind's handler as the user who started
 * the job, holds the lease while it runs (renewed every third of it), stores progress and
 * log lines at most every `progressEveryMs`, and ends the attempt: done, retried with
 * backoff, or failed. A worker that loses its lease (it stalled past it and another worker
 * took the job over) aborts the handler's signal and writes nothing more: every write after
 * the claim matches only while the lease is its own. A job whose worker died running it is
 * counted at its takeover (`workerDeaths`), and `runRefusal` fails it without running it
 * again after the second death (JOB_KILLED_WORKER): no job kills its workers forever. Kinds
 * whose work is bounded (`boundedWork`) are not suspected; their attempts still end them.
 *
 * Runs inside the server (`QUIRE_JOBS_IN_SERVER`) or alone (`quire worker`); timers do not
 * keep the process alive, and `stop()` waits for the jobs in hand (or aborts them).
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type Clock,
  type DomainServices,
  JOB_LOG_LINES,
  type JobError,
  JobFailure,
  type JobHandlers,
  type JobLogLine,
  type JobProgress,
  type JobRecord,
  type JobRunState,
  type OperationContext,
  retryDelayMs,
  runRefusal,
} from '@quire/domain';
import type { EventBus } from '@quire/persistence';

export const DEFAULT_JOB_LEASE_MS = 30_000;
export const DEFAULT_JOB_POLL_MS = 1000;
export const DEFAULT_JOB_CONCURRENCY = 2;
export const DEFAULT_JOB_PROGRESS_EVERY_MS = 500;

/** Recorded for any error that is not a `JobFailure`: the cause goes to the worker's log, never to the job. */
export const INTERNAL_JOB_ERROR: JobError = {
  code: 'INTERNAL',
  message: 'The job failed because of an internal error',
};

/** What a worker did, for its log (`onEvent`); `cause` is the handler's own error, for operators only. */
export type JobWorkerEvent =
  | { type: 'started'; job: JobRecord }
  | { type: 'done'; job: JobRecord }
  | { type: 'retrying'; job: JobRecord; error: JobError; retryAt: string; cause: unknown }
  | { type: 'failed'; job: JobRecord; error: JobError; cause?: unknown }
  | { type: 'lost'; job: JobRecord }
  | { type: 'claimError'; error: unknown };

export interface JobWorkerOptions {
  /** This worker's name in the leases it takes (default: host, process id and a random part). */
  owner?: string;
  leaseMs?: number;
  /** How long the worker waits before looking again when no job was due. */
  pollMs?: number;
  /** Jobs run side by side. */
  concurrency?: number;
  /** Default: the services' clock. */
  clock?: Clock;
  progressEveryMs?: number;
  onEvent?: (event: JobWorkerEvent) => void;
  /** An event bus whose `job.enqueued` events wake the worker (the server's, or the CLI worker's). */
  wakeOn?: Pick<EventBus, 'subscribe'>;
}

export interface JobWorker {
  readonly owner: string;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /**
   * Stops claiming and resolves when the jobs in hand have ended. With `abort`, their
   * handlers' signals are aborted first (their attempts end as failed ones, retried later).
   */
  stop(options?: { abort?: boolean }): Promise<void>;
}

/** A lease owner name unique to this process and worker. */
export function newWorkerOwner(): string {
  return [hostname(), process.pid, randomBytes(4).toString('hex')].join(':');
}

const errorOf = (error: unknown): JobError =>
  error instanceof JobFailure ? { code: error.code, message: error.message } : INTERNAL_JOB_ERROR;

export function startJobWorker(
  services: DomainServices,
  handlers: JobHandlers,
  options: JobWorkerOptions = {},
): JobWorker {
  const owner = options.owner ?? newWorkerOwner();
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_JOB_POLL_MS;
  const concurrency = options.concurrency ?? DEFAULT_JOB_CONCURRENCY;
  /** The ids of the jobs this worker's slots are running. */
  const runningIds = new Set<string>();
  const clock = options.clock ?? services.clock;
  const progressEveryMs = options.progressEveryMs ?? DEFAULT_JOB_PROGRESS_EVERY_MS;
  const emit = options.onEvent ?? (() => {});
  const jobs = services.repos.jobs;

  const controllers = new Set<AbortController>();
  const sleepers = new Set<() => void>();
  let stopping = false;

  /** Waits `pollMs`, or less when woken (by `wake`, or `stop`). */
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };

  async function runJob(job: JobRecord): Promise<void> {
    const controller = new AbortController();
    controllers.add(controller);
    const log: JobLogLine[] = [...job.log];
    let progress: JobProgress = job.progress;
    let lost = false;
    // The first report waits too: a short job's progress is written once, with its end.
    let lastFlush = Date.now();
    let flushTimer: NodeJS.Timeout | undefined;
    let flushing: Promise<void> = Promise.resolve();

    const loseLease = () => {
      if (lost) return;
      lost = true;
      controller.abort(new Error('the job was taken over by another worker'));
    };
    const line = (message: string) => {
      log.push({ at: clock.now().toISOString(), message });
      if (log.length > JOB_LOG_LINES) log.splice(0, log.length - JOB_LOG_LINES);
    };
    const flush = () => {
      flushTimer = undefined;
      lastFlush = Date.now();
      const snapshot: JobRunState = { progress, log: [...log] };
      flushing = flushing
        .then(() => jobs.report(job.id, owner, snapshot, clock.now()))
        .then((held) => {
          if (!held) loseLease();
        })
        .catch(() => {
          // A failed progress write is retried by the next one; the lease decides who owns the job.
        });
    };
    const changed = () => {
      if (lost || flushTimer) return;
      const wait = lastFlush + progressEveryMs - Date.now();
      if (wait <= 0) flush();
      else {
        flushTimer = setTimeout(flush, wait);
        flushTimer.unref();
      }
    };
    const renewal = setInterval(
      () => {
        jobs
          .renewLease(job.id, owner, new Date(clock.now().getTime() + leaseMs))
          .then((held) => {
            if (!held) loseLease();
          })
          .catch(() => {
            // The store refused: the next renewal tries again before the lease ends.
          });
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renewal.unref();

    const end = async (write: () => Promise<boolean>, event: JobWorkerEvent) => {
      clearInterval(renewal);
      clearTimeout(flushTimer);
      await flushing;
      if (lost || !(await write())) emit({ type: 'lost', job });
      else emit(event);
    };

    try {
      emit({ type: 'started', job });
      // The worker's name (host, process id) stays in the operators' log: the job's log is shown
      // to every reader of the space.
      line(`attempt ${job.attempts} of ${job.maxAttempts} started`);
      const failNow = async (error: JobError) => {
        line(`failed (${error.code})`);
        await end(() => jobs.fail(job.id, owner, error, { progress, log }, clock.now()), {
          type: 'failed',
          job,
          error,
        });
      };
      // Its workers died running it (twice, or past its last attempt): it may be what kills them.
      const known = Object.hasOwn(handlers, job.kind);
      const refusal = runRefusal(job, known ? handlers[job.kind] : {});
      if (refusal) return await failNow(refusal);
      if (!known)
        return await failNow({ code: 'UNKNOWN_JOB_KIND', message: 'No handler runs jobs of this kind' });
      const handler = handlers[job.kind]!;
      const ctx: OperationContext = {
        ...services,
        // The job acts as the user who started it, within the organizations they belong to.
        caller: { userId: job.createdBy, tokenId: job.id, isInstanceAdmin: false },
      };
      const report = {
        progress(done: number, total: number) {
          progress = { done, total };
          changed();
        },
        log(message: string) {
          line(message);
          changed();
        },
        signal: controller.signal,
      };
      let result: Record<string, unknown> | undefined;
      try {
        result = await handler(ctx, job, report);
      } catch (cause) {
        const error = errorOf(cause);
        const retries = (!(cause instanceof JobFailure) || cause.retry) && job.attempts < job.maxAttempts;
        if (retries) {
          const retryAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts));
          line(`attempt ${job.attempts} failed (${error.code}): next attempt at ${retryAt.toISOString()}`);
          await end(() => jobs.fail(job.id, owner, error, { progress, log }, clock.now(), retryAt), {
            type: 'retrying',
            job,
            error,
            retryAt: retryAt.toISOString(),
            cause,
          });
        } else {
          line(`failed (${error.code})`);
          await end(() => jobs.fail(job.id, owner, error, { progress, log }, clock.now()), {
            type: 'failed',
            job,
            error,
            cause,
          });
        }
        return;
      }
      line('done');
      await end(() => jobs.complete(job.id, owner, result, { progress, log }, clock.now()), {
        type: 'done',
        job,
      });
    } finally {
      clearInterval(renewal);
      clearTimeout(flushTimer);
      controllers.delete(controller);
    }
  }

  /**
   * One slot per job run side by side, each claiming and running one job after another:
   * the claims of several slots overlap, so the store commits them together.
   */
  const slot = async () => {
    while (!stopping) {
      let job: JobRecord | null = null;
      try {
        // Never a job another slot of this worker runs: its lease lapses when the process falls
        // behind renewing it (a heap filling up), and taking it over counted a death of a worker
        // still alive, and ran the job a second time beside the first.
        job = await jobs.claimNext(owner, clock.now(), leaseMs, [...runningIds]);
      } catch (error) {
        emit({ type: 'claimError', error });
      }
      if (job) {
        const { id } = job;
        runningIds.add(id);
        await runJob(job)
          .catch((error: unknown) => emit({ type: 'claimError', error }))
          .finally(() => runningIds.delete(id));
      } else if (!stopping) await idle();
    }
  };
  const slots = Array.from({ length: concurrency }, slot);
  const unsubscribe = options.wakeOn?.subscribe((event) => {
    if (event.type === 'job.enqueued') wakeAll();
  });

  return {
    owner,
    wake: wakeAll,
    async stop(stopOptions = {}) {
      stopping = true;
      unsubscribe?.();
      wakeAll();
      if (stopOptions.abort)
        for (const controller of controllers) controller.abort(new Error('the worker stopped'));
      await Promise.all(slots);
    },
  };
}
