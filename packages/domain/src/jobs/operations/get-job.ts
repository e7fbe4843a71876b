import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeJob } from '../../policies/authorize-job';
import { type Job, JobIdParam, JobSchema, presentJob } from '../job-schema';

/**
 * A job and how it went: state, progress, attempts, log, error, result. Outcomes: the job
 * unknown, in an organization the caller is not a member of, or on a space the caller
 * cannot view, 404 (one answer for all three, so a job's existence does not leak).
 */
export const getJob = operation({
  name: 'jobs.get',
  kind: 'query',
  summary: 'Get a background job (extension)',
  input: z.strictObject({ jobId: JobIdParam }),
  output: JobSchema,
  async run(ctx, input): Promise<Job> {
    return presentJob(await authorizeJob(ctx, input.jobId));
  },
});
