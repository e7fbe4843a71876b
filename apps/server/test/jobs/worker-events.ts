/** The events of job workers, gathered for tests to await (never to time). */
import { serverJobHandlers } from '../../src/jobs/job-handlers';
import { type JobWorkerEvent, startJobWorker } from '../../src/jobs/job-worker';
import type { Services } from '../../src/services';

export interface WorkerEvents {
  onEvent(event: JobWorkerEvent): void;
  all: JobWorkerEvent[];
  /** Resolves with the first event, past or to come, that `matches`. */
  waitFor(matches: (event: JobWorkerEvent) => boolean): Promise<JobWorkerEvent>;
}

export function workerEvents(): WorkerEvents {
  const all: JobWorkerEvent[] = [];
  const waiting: Array<{
    matches: (event: JobWorkerEvent) => boolean;
    resolve: (event: JobWorkerEvent) => void;
  }> = [];
  return {
    all,
    onEvent(event) {
      all.push(event);
      for (const waiter of [...waiting]) {
        if (!waiter.matches(event)) continue;
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
    waitFor(matches) {
      const seen = all.find(matches);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.push({ matches, resolve }));
    },
  };
}

/** The event of `type` for the job `jobId` (and its attempt, when given). */
export const eventOf =
  (type: JobWorkerEvent['type'], jobId: string, attempt?: number) =>
  (event: JobWorkerEvent): boolean =>
    event.type === type &&
    'job' in event &&
    event.job.id === jobId &&
    (attempt === undefined || event.job.attempts === attempt);

/**
 * Works the job `jobId` with a worker of the server's own handlers until it is done or has
 * failed (for servers started without their worker), then stops that worker.
 */
export async function workJobToEnd(services: Services, jobId: string): Promise<void> {
  const events = workerEvents();
  const worker = startJobWorker(services, serverJobHandlers(services), {
    pollMs: 2,
    onEvent: events.onEvent,
  });
  try {
    await events.waitFor((event) => eventOf('done', jobId)(event) || eventOf('failed', jobId)(event));
  } finally {
    await worker.stop();
  }
}
