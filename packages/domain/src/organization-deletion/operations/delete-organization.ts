import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { enqueueJob, type Job, JobSchema, presentJob } from '../../jobs';
import { OrganizationIdParam } from '../../organizations';
import { authorizeOrganization } from '../../policies/organization-policy';
import { PURGE_ORGANIZATION_JOB } from '../purge-organization-job';

/**
 * Deletes an organization (a Quire extension: GitBook 0.202.0 has no such operation). Who:
 * the organization's admins (the `admin` action of its rule table), as GitBook lets only an
 * admin delete; the web app asks for the title typed out first.
 *
 * In one write the organization is marked deleted: from then on every listing and every
 * address of it (its spaces, sites, custom hostnames, members, teams...) answers 404, as if
 * it had never existed. Its data is then purged by a job (`organization.purge`), which
 * survives restarts; the users themselves stay, members of their other organizations.
 *
 * Outcomes: 202 with the purge's job; not a member, or already deleted, 404; a member who is
 * not an admin, 403, nothing written.
 */
export const deleteOrganization = operation({
  name: 'orgs.delete',
  kind: 'mutation',
  summary: 'Delete an organization and everything it holds (admins; extension)',
  input: z.strictObject({ organizationId: OrganizationIdParam }),
  output: JobSchema,
  async run(ctx, input): Promise<Job> {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const deleted = await ctx.repos.organizations.markDeleted(organization.id, ctx.clock.now().toISOString());
    // Another request deleted it in between.
    if (!deleted) throw notFound('Organization');
    const job = await enqueueJob(ctx, {
      kind: PURGE_ORGANIZATION_JOB,
      payload: {},
      organizationId: organization.id,
      key: organization.id,
      // A purge never gives up for good: each run goes on from where the data stands.
      maxAttempts: 20,
    });
    return presentJob(job);
  },
});
