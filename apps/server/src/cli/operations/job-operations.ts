/** The operations of `quire jobs list|show|retry`. */
import type { JobRecord, JobState, PageRequest } from '@quire/domain';
import { z } from 'zod';
import { CliError } from '../cli-error';
import { defineOperation } from './cli-operation';

const PAGE = 500;
const text = z.string().max(65_536);

export const listJobs = defineOperation({
  input: z.strictObject({ state: text.optional(), organizationId: text.optional() }),
  async run({ services, domain }, input) {
    const state = domain.JOB_STATES.find((known: JobState) => known === input.state);
    if (input.state !== undefined && !state)
      throw new CliError(`--state must be one of ${domain.JOB_STATES.join(', ')}`);
    const filter = {
      ...(input.organizationId === undefined ? {} : { organizationId: input.organizationId }),
      ...(state === undefined ? {} : { state }),
    };
    const all: JobRecord[] = [];
    let page: PageRequest = { limit: PAGE };
    for (;;) {
      const slice = await services.repos.jobs.list(filter, page);
      all.push(...slice.items);
      if (!slice.next) return all;
      page = { limit: PAGE, after: slice.next };
    }
  },
});

export const showJob = defineOperation({
  input: z.strictObject({ jobId: text }),
  async run({ services }, { jobId }) {
    const job = await services.repos.jobs.findById(jobId);
    if (!job) throw new CliError(`No job ${jobId} (see \`quire jobs list\`)`);
    return job;
  },
});

export const retryJob = defineOperation({
  input: z.strictObject({ jobId: text }),
  async run({ services }, { jobId }) {
    const retried = await services.repos.jobs.retry(jobId, services.clock.now());
    if (retried) return retried;
    const job = await services.repos.jobs.findById(jobId);
    throw new CliError(
      job
        ? `Job ${jobId} is ${job.state}: only a failed job can be retried`
        : `No job ${jobId} (see \`quire jobs list\`)`,
    );
  },
});
