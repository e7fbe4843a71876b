import { z } from 'zod';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeTeam } from '../../../policies/team-policy';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

/** Removes a member from a team (admins and the team's owners); removing someone not in it succeeds. */
export const removeTeamMember = operation({
  name: 'orgs.teams.members.remove',
  kind: 'mutation',
  summary: 'Remove a member from a team',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    teamId: TeamIdParam,
    userId: IdSchema.describe('Id of the user'),
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    await authorizeTeam(ctx, input.organizationId, input.teamId, 'admin');
    await ctx.repos.teams.removeMembership(input.organizationId, input.teamId, input.userId);
    return null;
  },
});
