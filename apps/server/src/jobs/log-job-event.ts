/** The worker's events as log lines: one when a job starts, one when its attempt ends. */
import type { JobWorkerEvent } from './job-worker';

export interface JobLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export const logJobEvent =
  (log: JobLog) =>
  (event: JobWorkerEvent): void => {
    if (event.type === 'claimError') {
      log.error({ err: event.error }, 'the job worker could not claim a job');
      return;
    }
    const fields = { jobId: event.job.id, kind: event.job.kind, attempt: event.job.attempts };
    switch (event.type) {
      case 'started':
        log.info({ ...fields, worker: event.job.leaseOwner }, 'job started');
        return;
      case 'done':
        log.info(fields, 'job done');
        return;
      case 'retrying':
        // The cause stays here, in the operators' log: the job records only a safe message.
        log.warn(
          { ...fields, code: event.error.code, retryAt: event.retryAt, err: event.cause },
          'job attempt failed',
        );
        return;
      case 'failed':
        log.error({ ...fields, code: event.error.code, err: event.cause }, 'job failed');
        return;
      case 'lost':
        log.warn(fields, 'job taken over by another worker: this attempt wrote nothing');
        return;
    }
  };
