import type { PageRequest, Slice } from '../core/paging';
import type { JobError, JobRecord, JobRunState, JobState } from './records';

/** Which jobs a list shows: the newest first. */
export interface JobListFilter {
  organizationId?: string;
  state?: JobState;
}

/**
 * The jobs, with their lease. Every write after the claim names the lease owner and matches
 * only while that worker still holds the job (`state: 'running'`, `leaseOwner`): a worker
 * whose lease was taken over learns it from a false answer and can change nothing.
 */
export interface JobRepository {
  insert(job: JobRecord): Promise<void>;
  findById(id: string): Promise<JobRecord | null>;
  /**
   * The newest job of `kind` with `key` (`JobRecord.key`), whatever its state; null when
   * there is none. Its starter reads it to join unfinished work or reuse a finished result.
   */
  findLatestByKey(kind: string, key: string): Promise<JobRecord | null>;
  /** Newest first (ids are time-ordered), keyset-paged. */
  list(filter: JobListFilter, page: PageRequest): Promise<Slice<JobRecord>>;
  /**
   * In one atomic step, takes the oldest due job: pending with `runAt <= now`, or running
   * with a lease that ended before `now` (its worker died: taken over, the death counted in
   * `workerDeaths`). Sets it running for `owner` until `now + leaseMs` and counts the
   * attempt. Null when no job is due. The jobs in `running` (those the claiming worker is
   * running itself) are never taken over: their lease lapsing means the worker fell behind
   * renewing it (a process busy collecting a full heap), not that it died.
   */
  claimNext(
    owner: string,
    now: Date,
    leaseMs: number,
    running?: readonly string[],
  ): Promise<JobRecord | null>;
  /** Extends the lease; false when `owner` no longer holds the job. */
  renewLease(id: string, owner: string, until: Date): Promise<boolean>;
  /** Records progress and the log; false when `owner` no longer holds the job. */
  report(id: string, owner: string, state: JobRunState, now: Date): Promise<boolean>;
  /** Ends the job done, with its last progress and log; false when `owner` no longer holds the job. */
  complete(
    id: string,
    owner: string,
    result: Record<string, unknown> | undefined,
    state: JobRunState,
    now: Date,
  ): Promise<boolean>;
  /**
   * Ends the attempt: back to pending until `retryAt` when one is given (the error kept as
   * the last attempt's), else failed for good. False when `owner` no longer holds the job.
   */
  fail(
    id: string,
    owner: string,
    error: JobError,
    state: JobRunState,
    now: Date,
    retryAt?: Date,
  ): Promise<boolean>;
  /** A failed job back to pending, due now, its attempts and worker deaths reset; null when the job is not failed. */
  retry(id: string, now: Date): Promise<JobRecord | null>;
}
