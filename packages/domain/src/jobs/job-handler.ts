import type { OperationContext } from '../core/context';
import type { JobRecord } from './records';

/** What a handler tells about its run; the worker stores it (progress at most twice a second). */
export interface JobReport {
  progress(done: number, total: number): void;
  log(message: string): void;
  /**
   * Aborted when the worker stops or loses the job's lease (another worker took it over):
   * the handler should stop, since nothing it returns will be recorded.
   */
  signal: AbortSignal;
}

/**
 * Runs one kind of job, as the user who started it (`ctx.caller`). Resolves to the job's
 * result (plain JSON). Throwing a `JobFailure` ends the attempt with its code; any other
 * error is retried with backoff, and recorded as `INTERNAL` when the attempts run out.
 */
export interface JobHandler {
  (ctx: OperationContext, job: JobRecord, report: JobReport): Promise<Record<string, unknown> | undefined>;
  /**
   * The kind's work is bounded by limits of its own (time, bytes), so it cannot be what kills
   * its worker: deaths of its workers do not stop it (`runRefusal`, rule 1); its attempts do.
   */
  readonly boundedWork?: boolean;
}

/** The handler of each job kind: the areas export theirs, the server assembles them. */
export type JobHandlers = Record<string, JobHandler>;

/**
 * A failure the handler understands: `code` and `message` are recorded as they are (the
 * message must be safe to show). With `retry: false` the job fails now; with `retry: true`
 * it is retried with backoff like any error, and fails with this code when attempts run out.
 */
export class JobFailure extends Error {
  override readonly name = 'JobFailure';
  constructor(
    readonly code: string,
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}
