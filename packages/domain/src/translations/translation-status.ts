/**
 * A translation's status, from its latest run and that run's job: the job's state is the
 * run's, so a run that ended (done, failed, or its job lost) never leaves the translation
 * looking busy.
 */
import type { JobError, JobProgress, JobRecord } from '../jobs';
import type { TranslationRunRecord } from './records';

export const TRANSLATION_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/**
 * How long a run may name a job that is not stored yet: the run is recorded, then its job
 * stored, one write after the other. Past this, the job was lost (a crash between the two
 * writes) and the run counts as failed, so a new run may start.
 */
export const RUN_ENQUEUE_GRACE_MS = 60_000;

export interface TranslationRunState {
  status: TranslationStatus;
  /** True while a run is waiting or running: another run is refused (409). */
  going: boolean;
  /** While it runs: the texts translated so far of those it sends. */
  progress?: JobProgress;
  /** When it failed: why (the job's safe error). */
  error?: JobError;
}

/** The error of a run whose job was never stored (rule 4). */
export const LOST_RUN_ERROR: JobError = {
  code: 'RUN_LOST',
  message: 'The run was recorded but its job was never stored (the server stopped meanwhile): run it again',
};

/**
 * The rules, in order (the first that decides wins):
 *
 * 1. Never run: 'pending' (GitBook's first state: waiting for a run), nothing going.
 * 2. The run's job is stored: pending → 'pending', running → 'running' (both going; running
 *    with the job's progress), done → 'completed', failed → 'failed' with the job's error.
 * 3. The job is not stored yet, the run recorded less than `RUN_ENQUEUE_GRACE_MS` ago:
 *    'pending', going (its starter is storing it).
 * 4. Otherwise the job was lost: 'failed' (`LOST_RUN_ERROR`), nothing going.
 */
export function translationRunStateOf(subject: {
  run: TranslationRunRecord | undefined;
  job: Pick<JobRecord, 'state' | 'progress' | 'error'> | null;
  now: Date;
}): TranslationRunState {
  const { run, job, now } = subject;
  if (run === undefined) return { status: 'pending', going: false }; // 1
  if (job !== null) {
    // 2
    if (job.state === 'pending') return { status: 'pending', going: true };
    if (job.state === 'running') return { status: 'running', going: true, progress: { ...job.progress } };
    if (job.state === 'done') return { status: 'completed', going: false };
    return {
      status: 'failed',
      going: false,
      error: job.error ? { ...job.error } : { code: 'INTERNAL', message: 'The run failed' },
    };
  }
  if (now.getTime() - Date.parse(run.requestedAt) < RUN_ENQUEUE_GRACE_MS)
    return { status: 'pending', going: true }; // 3
  return { status: 'failed', going: false, error: LOST_RUN_ERROR }; // 4
}
