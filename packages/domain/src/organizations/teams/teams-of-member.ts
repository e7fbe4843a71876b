/**
 * The teams a member belongs to (`GET ORG/members/{userId}/teams`): each item is the Team
 * and the member's role in it. The organizations area owns the operation; this module
 * gives it the item schema and the page, with the caller's permissions on each team
 * computed in one query.
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { type Page, type PageRequest, toPage } from '../../core/paging';
import type { OrganizationPermissions } from '../../policies/organization-policy';
import { teamPermissionsForCaller } from '../../policies/team-policy';
import { TeamMemberSchema } from './team-member-schema';
import { presentTeam, TeamSchema } from './team-schema';

export const TeamOfMemberSchema = z
  .object({
    team: TeamSchema,
    member: TeamMemberSchema.describe('The role of the member within the team'),
  })
  .meta({ id: 'TeamOfMember', description: 'A team a member belongs to, with their role in it' });

export type TeamOfMemberItem = z.infer<typeof TeamOfMemberSchema>;

/**
 * One page of the teams of `userId` in the organization, as the caller (whose organization
 * permissions are given: the operation authorizes first) sees them.
 */
export async function teamsOfMemberPage(
  ctx: OperationContext,
  organization: { id: string; permissions: OrganizationPermissions },
  userId: string,
  query: { title?: string | undefined },
  page: PageRequest,
): Promise<Page<TeamOfMemberItem>> {
  const filter = query.title ? { title: query.title } : {};
  const [slice, count] = await Promise.all([
    ctx.repos.teams.listTeamsOfMember(organization.id, userId, filter, page),
    ctx.repos.teams.countTeamsOfMember(organization.id, userId, filter),
  ]);
  const permissionsOf = await teamPermissionsForCaller(
    ctx,
    organization.permissions,
    organization.id,
    slice.items.map((item) => item.team),
  );
  return toPage(slice, count, ({ team, role }) => ({
    team: presentTeam(ctx.urls, team, permissionsOf(team.id)),
    member: { role },
  }));
}
