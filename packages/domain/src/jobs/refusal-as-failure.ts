/**
 * A job's run of a guard: the guards' refusals (domain errors) are final and their messages
 * safe, so the job fails with `code` and the guard's message instead of being retried. Jobs
 * authorize their starter again when they run (a grant revoked, a space locked meanwhile).
 */
import { isDomainError } from '../core/errors';
import { JobFailure } from './job-handler';

export async function failingOnRefusal<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error)) throw new JobFailure(code, error.message);
    throw error;
  }
}
