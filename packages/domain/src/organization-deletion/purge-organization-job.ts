/**
 * The job that purges a deleted organization's data (`organization.purge`). The organization
 * is already gone for everyone (its `deletedAt` mark, read by every finder); this removes
 * what it held, batch by batch, then its record, which frees its hostname.
 *
 * Safe to run again from the start at any point (a worker killed mid-purge, its job taken
 * over after the lease): each batch removes what is there, children before parents, and the
 * record goes last. Outcomes: the organization purged, done with the count removed; already
 * purged (a run after the last step), done with nothing removed; the worker stopping,
 * aborted between batches (the next run goes on from where the data stands).
 */
import type { OperationContext } from '../core/context';
import type { PageRequest } from '../core/paging';
import type { JobHandler, JobRecord, JobReport } from '../jobs';

export const PURGE_ORGANIZATION_JOB = 'organization.purge';

/** Documents removed per batch: one store write each, small enough to keep requests flowing. */
export const PURGE_BATCH = 500;

const purgeOrganization: JobHandler = async (ctx: OperationContext, job: JobRecord, report: JobReport) => {
  const organizationId = job.organizationId;
  if (!(await ctx.repos.organizations.findDeleted(organizationId))) return { removed: 0 };
  await dropJobFiles(ctx, organizationId, job.id);
  let removed = 0;
  let lastPart: string | undefined;
  for (;;) {
    report.signal.throwIfAborted();
    const batch = await ctx.repos.organizationData.purgeBatch(organizationId, job.id, PURGE_BATCH);
    if (batch === null) break;
    removed += batch.removed;
    report.progress(batch.partIndex, batch.parts);
    if (batch.part !== lastPart) report.log(`purging ${batch.part}`);
    lastPart = batch.part;
  }
  await ctx.repos.organizations.removeDeleted(organizationId);
  report.log(`purged: ${removed} record(s) removed`);
  return { removed };
};

/**
 * The bytes the organization's other jobs keep under their keys (a pending import of a local
 * file): the purge removes those jobs' records, after which nothing would name the bytes. Done
 * first on every run, while the records still stand (the jobs go late in the purge).
 */
async function dropJobFiles(
  ctx: OperationContext,
  organizationId: string,
  purgeJobId: string,
): Promise<void> {
  let page: PageRequest = { limit: JOB_PAGE };
  for (;;) {
    const slice = await ctx.repos.jobs.list({ organizationId }, page);
    for (const other of slice.items) {
      const fileKey = other.payload.fileKey;
      if (other.id !== purgeJobId && typeof fileKey === 'string') await ctx.jobFiles.delete(fileKey);
    }
    if (!slice.next) return;
    page = { limit: JOB_PAGE, after: slice.next };
  }
}

const JOB_PAGE = 100;

export const organizationDeletionJobHandlers = { [PURGE_ORGANIZATION_JOB]: purgeOrganization };
