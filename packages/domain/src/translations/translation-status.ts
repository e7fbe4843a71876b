/**
 * A translation's status, from its latest run and that run's job: the job's state is the
 * run's, so a run that ended (done, failed, or its job lost) never leaves the translation
 * looking busy.
 */
import type { JobRecord } from '../jobs';
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
}

/**
 * The rules, in order (the first that decides wins):
 *
 * 1. Never run: 'pending' (GitBook's first state: waiting for a run), nothing going.
 * 2. The run's job is stored: pending → 'pending', running → 'running' (both going),
 *    done → 'completed', failed → 'failed'.
 * 3. The job is not stored yet, the run recorded less than `RUN_ENQUEUE_GRACE_MS` ago:
 *    'pending', going (its starter is storing it).
 * 4. Otherwise the job was lost: 'failed', nothing going.
 */
export function translationRunStateOf(subject: {
  run: TranslationRunRecord | undefined;
  job: Pick<JobRecord, 'state'> | null;
  now: Date;
}): TranslationRunState {
  const { run, job, now } = subject;
  if (run === undefined) return { status: 'pending', going: false }; // 1
  if (job !== null) {
    // 2
    if (job.state === 'pending') return { status: 'pending', going: true };
    if (job.state === 'running') return { status: 'running', going: true };
    return { status: job.state === 'done' ? 'completed' : 'failed', going: false };
  }
  if (now.getTime() - Date.parse(run.requestedAt) < RUN_ENQUEUE_GRACE_MS)
    return { status: 'pending', going: true }; // 3
  return { status: 'failed', going: false }; // 4
}
