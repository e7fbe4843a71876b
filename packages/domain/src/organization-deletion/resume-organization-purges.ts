/**
 * Purges to start again: an organization marked deleted whose purge job is neither pending nor
 * running (the process stopped between the mark and the job's insert, or the job failed for
 * good: killed twice while running, `JOB_KILLED_WORKER`, or out of attempts) gets a new one.
 * Run by the server's scheduled purges, so a deleted organization's data never stays for good.
 */
import type { DomainServices } from '../core/context';
import { enqueueJob } from '../jobs';
import { PURGE_ORGANIZATION_JOB } from './purge-organization-job';

/** Organizations looked at per run: deletions are rare, the next run takes the rest. */
const PER_RUN = 100;

/** Who a purge restarted with no earlier job runs as: it needs no one's rights. */
export const PURGE_RUNNER = 'organization-purge';

export async function resumeOrganizationPurges(
  services: Pick<DomainServices, 'repos' | 'clock' | 'ids' | 'events'>,
): Promise<string[]> {
  const resumed: string[] = [];
  for (const organizationId of await services.repos.organizations.listDeleted(PER_RUN)) {
    const last = await services.repos.jobs.findLatestByKey(PURGE_ORGANIZATION_JOB, organizationId);
    if (last && (last.state === 'pending' || last.state === 'running')) continue;
    await enqueueJob(services, {
      kind: PURGE_ORGANIZATION_JOB,
      payload: {},
      organizationId,
      key: organizationId,
      createdBy: last?.createdBy ?? PURGE_RUNNER,
      maxAttempts: 20,
    });
    resumed.push(organizationId);
  }
  return resumed;
}
