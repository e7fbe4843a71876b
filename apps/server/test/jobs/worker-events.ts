/** The events of job workers, gathered for tests to await (never to time). */
import type { JobWorkerEvent } from '../../src/jobs/job-worker';

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
