/**
 * The guard of a job: who may see it follows what it works on. A job on a space is seen by
 * who can view the space; any other works on the organization's own resources (its OpenAPI
 * specifications), and is seen by the members with an organization role: guests, who see
 * none of those resources, do not see their jobs (a job's log names its source URL).
 * Everyone else, and any caller asking for an unknown job, gets the same 404.
 */
import { callerOf, type OperationContext } from '../core/context';
import { notFound } from '../core/errors';
import type { JobRecord } from '../jobs/records';
import { effectiveAccessFor } from './content-access';
import { canOnOrganization } from './organization-policy';
import { assertSessionReaches } from './session-reach';

export async function authorizeJob(ctx: OperationContext, jobId: string): Promise<JobRecord> {
  const job = await ctx.repos.jobs.findById(jobId);
  if (!job) throw notFound('Job');
  const { userId } = callerOf(ctx);
  // A deleted organization's jobs are gone with it, before its purge removes them.
  const organization = await ctx.repos.organizations.findById(job.organizationId);
  if (!organization) throw notFound('Job');
  if (job.spaceId === undefined) {
    const member = await ctx.repos.members.find(job.organizationId, userId);
    if (!canOnOrganization({ member }, 'view') || !member || member.role === null) throw notFound('Job');
    await assertSessionReaches(ctx, organization, member);
    return job;
  }
  const space = await ctx.repos.spaces.findById(job.spaceId);
  if (!space || space.organizationId !== job.organizationId) throw notFound('Job');
  const { roles, memberOf } = await effectiveAccessFor(ctx, 'space', [space], userId);
  if (!roles.has(space.id)) throw notFound('Job');
  const member = memberOf.get(organization.id);
  if (member) await assertSessionReaches(ctx, organization, member);
  return job;
}
