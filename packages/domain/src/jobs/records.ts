/**
 * What the job repository stores: background work (imports, processing, translations) as a
 * document with a state, attempts and a lease, so it survives restarts and a dead worker's
 * job is taken over by another.
 *
 * pending ──claim──▶ running ──▶ done
 *    ▲                  │
 *    └── retry (backoff)┤
 *                       └──────▶ failed ──(quire jobs retry)──▶ pending
 */

export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The error that ended a job (or the last failed attempt of a job waiting for its retry). */
export interface JobError {
  /** A stable code (`INTERNAL`, `UNKNOWN_JOB_KIND`, or one of the handler's own). */
  code: string;
  /** Safe to show: never an internal error's text. */
  message: string;
}

export interface JobLogLine {
  at: string;
  message: string;
}

/** How many log lines a job keeps (the oldest go first). */
export const JOB_LOG_LINES = 100;

export interface JobProgress {
  done: number;
  total: number;
}

/** What a running job has told so far: written with each report and with the attempt's end. */
export interface JobRunState {
  progress: JobProgress;
  log: JobLogLine[];
}

export interface JobRecord {
  id: string;
  /** Which handler runs it, e.g. `openapi.process`. */
  kind: string;
  state: JobState;
  organizationId: string;
  /** Set for work on one space: who may see the job follows who may see the space. */
  spaceId?: string;
  /**
   * What the job works on, when the same work must not run twice side by side (a PDF of one
   * revision, say): its starter looks for an unfinished job of the same kind and key first
   * (`JobRepository.findLatestByKey`). Not unique: two starters racing may both enqueue.
   */
  key?: string;
  /** The user who started it: handlers run as this user. */
  createdBy: string;
  /** The handler's input, plain JSON. */
  payload: Record<string, unknown>;
  /** Attempts started so far (a claim counts one, a takeover too). */
  attempts: number;
  /**
   * Attempts that ended with their worker's death (the process died, its lease ran out and
   * another worker took the job over): counted by the takeover; see `runRefusal`.
   */
  workerDeaths?: number;
  maxAttempts: number;
  /** ISO time before which the job is not claimed (its retry's backoff). */
  runAt: string;
  /** The worker holding the job while it runs. */
  leaseOwner?: string;
  /** ISO time the lease ends; past it, another worker takes the job over. */
  leaseUntil?: string;
  progress: JobProgress;
  /** The last `JOB_LOG_LINES` lines. */
  log: JobLogLine[];
  error?: JobError;
  /** What the handler returned, plain JSON. */
  result?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  version: number;
}
