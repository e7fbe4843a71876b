import { z } from 'zod';
import { callerOf } from '../../core/context';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, type Slice, toPage } from '../../core/paging';
import { OrganizationSchema } from '../organization-schema';
import { organizationPresenterFor } from '../present-in-batch';
import type { MemberRecord, OrganizationRecord } from '../records';

/** The organizations of a page of memberships, keeping each one's cursor (an organization deleted meanwhile is left out). */
function organizationsOf(memberships: Slice<MemberRecord>, organizations: readonly OrganizationRecord[]) {
  const byId = new Map(organizations.map((organization) => [organization.id, organization]));
  const slice: Slice<OrganizationRecord> = { items: [], cursors: [] };
  memberships.items.forEach((member, index) => {
    const organization = byId.get(member.organizationId);
    const cursor = memberships.cursors[index];
    if (!organization || !cursor) return;
    slice.items.push(organization);
    slice.cursors.push(cursor);
  });
  if (memberships.next) slice.next = memberships.next;
  return slice;
}

/**
 * Every organization the caller is a member of, those that do not accept the caller's session
 * (single sign-on, `policies/session-reach.ts`) too, unmarked: the person is their member (as
 * GitBook lists them), marking them would read each one's providers at every listing, and
 * entering one answers the refusal the web app turns into its way in (docs/sso.md).
 */
export const listOrganizations = operation({
  name: 'orgs.list',
  kind: 'query',
  summary: 'List the organizations the caller is a member of, oldest first',
  input: z.strictObject({ ...pagingShape }),
  output: pageSchemaOf(OrganizationSchema),
  async run(ctx, input) {
    const { userId } = callerOf(ctx);
    const [memberships, count] = await Promise.all([
      ctx.repos.members.listMembershipsOfUser(userId, pageRequest(input)),
      ctx.repos.members.countMembershipsOfUser(userId),
    ]);
    const organizations = await ctx.repos.organizations.findByIds(
      memberships.items.map((m) => m.organizationId),
    );
    const present = await organizationPresenterFor(ctx, userId, organizations, memberships.items);
    return toPage(organizationsOf(memberships, organizations), count, present);
  },
});
