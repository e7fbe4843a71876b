import type { JobRepository } from './ports';
import type { JobRecord } from './records';

/**
 * Waits for a job to end (done or failed), reading its record every `pollMs` for at most
 * `waitMs` of real time, or until `signal` aborts (the client went away). Polling, because
 * the worker may run in another process. Answers the job as last read: ended, or still
 * pending or running when the wait ran out; null when it is gone.
 */
export async function waitForJobEnd(
  jobs: Pick<JobRepository, 'findById'>,
  jobId: string,
  options: { waitMs: number; pollMs: number; signal?: AbortSignal | undefined },
): Promise<JobRecord | null> {
  const deadline = performance.now() + options.waitMs;
  for (;;) {
    const job = await jobs.findById(jobId);
    const left = deadline - performance.now();
    if (!job || job.state === 'done' || job.state === 'failed' || left <= 0 || options.signal?.aborted)
      return job;
    await pause(Math.min(options.pollMs, left), options.signal);
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
