import type { OperationContext } from '../core/context';
import type { JobEnqueuedEvent } from './job-enqueued-event';
import type { JobRecord } from './records';

/** Attempts of a job unless its starter says otherwise. */
export const DEFAULT_JOB_MAX_ATTEMPTS = 5;

export interface EnqueueJobInput {
  /**
   * The job's id when its starter named it before storing it (a translation records its run
   * first, so that no two runs start); a new id otherwise.
   */
  id?: string;
  kind: string;
  payload: Record<string, unknown>;
  organizationId: string;
  spaceId?: string;
  /** What the job works on, to find it again (`JobRecord.key`). */
  key?: string;
  /** The user the handler runs as; default: the operation's caller. */
  createdBy?: string;
  maxAttempts?: number;
}

/**
 * Stores a job, pending and due now, for a worker to claim, and tells the workers
 * (`job.enqueued`); it will run as the operation's caller (or `createdBy`). Operations that
 * start background work call it and return at once; the job's own record says how it went.
 */
export async function enqueueJob(
  ctx: Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'> & { caller?: OperationContext['caller'] },
  input: EnqueueJobInput,
): Promise<JobRecord> {
  const createdBy = input.createdBy ?? ctx.caller?.userId;
  if (createdBy === undefined)
    throw new Error('enqueueJob: no caller and no createdBy: a job runs as someone');
  const now = ctx.clock.now().toISOString();
  const job: JobRecord = {
    id: input.id ?? ctx.ids.newId(),
    kind: input.kind,
    state: 'pending',
    organizationId: input.organizationId,
    ...(input.spaceId === undefined ? {} : { spaceId: input.spaceId }),
    ...(input.key === undefined ? {} : { key: input.key }),
    createdBy,
    payload: input.payload,
    attempts: 0,
    maxAttempts: input.maxAttempts ?? DEFAULT_JOB_MAX_ATTEMPTS,
    runAt: now,
    progress: { done: 0, total: 0 },
    log: [],
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await ctx.repos.jobs.insert(job);
  const event: JobEnqueuedEvent = {
    id: ctx.ids.newId(),
    type: 'job.enqueued',
    at: now,
    actorId: job.createdBy,
    organizationId: job.organizationId,
    spaceId: job.spaceId ?? null,
    jobId: job.id,
    kind: job.kind,
  };
  // The job is stored: a worker finds it at its next poll whatever happens to the event,
  // which only saves that wait.
  await ctx.events.publish(event).catch(() => {});
  return job;
}
