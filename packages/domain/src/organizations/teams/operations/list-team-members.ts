import { z } from 'zod';
import { operation } from '../../../core/operation';
import { filterSlice, type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { userViewIn } from '../../../identity';
import { authorizeTeam } from '../../../policies/team-policy';
import { memberPresenterFor } from '../../present-in-batch';
import {
  type OrganizationTeamMember,
  OrganizationTeamMemberSchema,
  presentTeamMember,
} from '../team-member-schema';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

/**
 * The members of a team with their role in it, in the order they joined the team; their
 * emails only for who may list the organization's members (a guest in the team: names).
 */
export const listTeamMembers = operation({
  name: 'orgs.teams.members.list',
  kind: 'query',
  summary: 'List the members of a team',
  input: z.strictObject({ organizationId: OrganizationIdParam, teamId: TeamIdParam, ...pagingShape }),
  output: pageSchemaOf(OrganizationTeamMemberSchema),
  async run(ctx, input): Promise<Page<OrganizationTeamMember>> {
    const {
      team,
      teamPermissions,
      member: caller,
    } = await authorizeTeam(ctx, input.organizationId, input.teamId, 'view');
    const slice = await ctx.repos.teams.listMemberships(
      input.organizationId,
      input.teamId,
      pageRequest(input),
    );
    const members = await ctx.repos.members.findMany(
      input.organizationId,
      slice.items.map((membership) => membership.userId),
    );
    const memberOf = new Map(members.map((member) => [member.userId, member]));
    // A row whose person left the organization meanwhile is dropped (leaving the
    // organization removes such rows anyway); its cursor goes with it.
    const rows = filterSlice(slice, (membership) => memberOf.has(membership.userId));
    // A guest in the team sees their teammates by name, not their emails.
    const view = userViewIn(caller) ?? 'withoutEmail';
    const presentMember = await memberPresenterFor(ctx, input.organizationId, members, view);
    return toPage(rows, team.memberCount, (membership) =>
      presentTeamMember(membership, presentMember(memberOf.get(membership.userId)!), teamPermissions),
    );
  },
});
