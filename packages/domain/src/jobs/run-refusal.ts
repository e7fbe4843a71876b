/**
 * Whether a claimed job may run, or must fail at once without running. A worker that dies
 * in the middle of a job (killed, out of memory) leaves it running with a lease that ends;
 * the next worker takes it over (`JobRepository.claimNext`) and counts that death on the
 * job (`workerDeaths`). A job that killed its worker may kill the next one too, so:
 *
 * 1. A job whose worker died `MAX_WORKER_DEATHS` times running it fails as
 *    `JOB_KILLED_WORKER` (it is what stops its workers: never run again), unless its kind's
 *    work is bounded by limits of its own (`JobHandler.boundedWork`: a webhook post, with a
 *    timeout and a capped answer): such a job cannot be what kills a worker, so a worker that
 *    died running it died of something else (an operator's kill -9, a restart), and the job
 *    runs again. Counting those deaths lost a delivery held by two restarts.
 * 2. A job taken over after its last attempt fails as `WORKER_LOST` (its workers kept
 *    stopping before it ended, whatever stopped them).
 * 3. Otherwise it runs.
 *
 * An attempt that ends by an error, or by a worker stopping on purpose, is no death: it
 * ends through `fail`, and is retried by the attempts' count as any failure.
 */
import type { JobError, JobRecord } from './records';

/** Deaths of the worker running a job after which the job runs no more. */
export const MAX_WORKER_DEATHS = 2;

export const JOB_KILLED_WORKER: JobError = {
  code: 'JOB_KILLED_WORKER',
  message: `The job stopped its worker: the process running it died ${MAX_WORKER_DEATHS} times (out of memory or killed), so it is not run again`,
};

export const WORKER_LOST: JobError = {
  code: 'WORKER_LOST',
  message: 'The workers running the job stopped before it ended',
};

export function runRefusal(
  job: Pick<JobRecord, 'attempts' | 'maxAttempts' | 'workerDeaths'>,
  kind: { boundedWork?: boolean } = {},
): JobError | null {
  if (!kind.boundedWork && (job.workerDeaths ?? 0) >= MAX_WORKER_DEATHS) return JOB_KILLED_WORKER;
  if (job.attempts > job.maxAttempts) return WORKER_LOST;
  return null;
}
