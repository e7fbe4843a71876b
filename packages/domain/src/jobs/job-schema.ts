import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../core/schemas';
import { JOB_STATES, type JobRecord } from './records';

export const JobIdParam = IdSchema.describe('Id of the job');

const JobErrorSchema = z
  .object({
    code: z
      .string()
      .describe(
        'A stable code: INTERNAL, UNKNOWN_JOB_KIND, WORKER_LOST, JOB_KILLED_WORKER or one of the job kind',
      ),
    message: z.string().describe('What went wrong, safe to show'),
  })
  .meta({ id: 'JobError', description: 'The error that ended the job, or the last failed attempt' });

export const JobSchema = z
  .object({
    id: z.string().describe('Id of the job'),
    kind: z.string().describe('What the job does, e.g. openapi.process'),
    state: z
      .enum(JOB_STATES)
      .describe('pending (waiting for a worker or its retry), running, done or failed'),
    progress: z
      .object({
        done: z.number().int().describe('Steps done'),
        total: z.number().int().describe('Steps in all (0 while unknown)'),
      })
      .describe('How far the job is'),
    attempts: z.number().int().describe('Attempts started so far'),
    maxAttempts: z.number().int().describe('Attempts allowed before the job fails'),
    log: z
      .array(
        z
          .object({
            at: TimestampSchema,
            message: z.string().describe('What the job did'),
          })
          .meta({ id: 'JobLogLine', description: 'A line of the log of a job' }),
      )
      .describe('The last 100 lines of what the job did'),
    error: JobErrorSchema.optional(),
    result: z.record(z.string(), z.unknown()).optional().describe('What the job produced, when done'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    finishedAt: TimestampSchema.optional().describe('When the job ended, done or failed'),
  })
  .meta({ id: 'Job', description: 'Background work and how it went (a Quire extension)' });

export type Job = z.input<typeof JobSchema>;

/** The job as the API shows it: never its payload, its creator or its lease. */
export function presentJob(job: JobRecord): Job {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: job.progress,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    log: job.log,
    ...(job.error ? { error: job.error } : {}),
    ...(job.result ? { result: job.result } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
  };
}
