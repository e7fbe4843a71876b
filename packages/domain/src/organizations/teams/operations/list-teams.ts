import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { IdSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { teamPermissionsForCaller } from '../../../policies/team-policy';
import type { TeamListQuery } from '../ports';
import { presentTeam, type Team, TeamSchema } from '../team-schema';
import { OrganizationIdParam } from './organization-id';

/**
 * The teams a member can manage: all of them for an organization admin, the teams they own
 * otherwise, none for someone who is not a member. Undefined means no restriction.
 */
async function teamsManageableBy(
  ctx: OperationContext,
  organizationId: string,
  userId: string,
): Promise<readonly string[] | undefined> {
  const member = await ctx.repos.members.find(organizationId, userId);
  if (!member || member.disabled) return [];
  if (member.role === 'admin') return undefined;
  const memberships = await ctx.repos.teams.listMembershipsOfUser(organizationId, userId);
  return memberships.filter((m) => m.role === 'owner').map((m) => m.teamId);
}

export const listTeams = operation({
  name: 'orgs.teams.list',
  kind: 'query',
  summary: 'List the teams of an organization',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    ...pagingShape,
    /** A user id: only the teams that member can manage. */
    owner: IdSchema.optional().describe('Id of a member of the organization: only the teams they can manage'),
    /** Case-insensitive substring of the title; empty means no filter. */
    title: z
      .string()
      .max(64)
      .optional()
      .describe('Only teams whose title contains this text (case-insensitive)'),
  }),
  output: pageSchemaOf(TeamSchema),
  async run(ctx, input): Promise<Page<Team>> {
    const { permissions } = await authorizeOrganization(ctx, input.organizationId, 'listTeams');
    const query: TeamListQuery = {};
    if (input.title) query.title = input.title;
    if (input.owner !== undefined) {
      const teamIds = await teamsManageableBy(ctx, input.organizationId, input.owner);
      if (teamIds) query.teamIds = teamIds;
    }
    const [slice, count] = await Promise.all([
      ctx.repos.teams.list(input.organizationId, query, pageRequest(input)),
      ctx.repos.teams.count(input.organizationId, query),
    ]);
    const permissionsOf = await teamPermissionsForCaller(ctx, permissions, input.organizationId, slice.items);
    return toPage(slice, count, (team) => presentTeam(ctx.urls, team, permissionsOf(team.id)));
  },
});
