import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeTeam } from '../../../policies/team-policy';
import { TeamTitleSchema } from '../team-fields';
import { presentTeam, type Team, TeamSchema } from '../team-schema';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

/** Renames a team: organization admins and the team's owners. */
export const updateTeam = operation({
  name: 'orgs.teams.update',
  kind: 'mutation',
  summary: 'Rename a team',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    teamId: TeamIdParam,
    title: TeamTitleSchema,
  }),
  output: TeamSchema,
  async run(ctx, input): Promise<Team> {
    const { teamPermissions } = await authorizeTeam(ctx, input.organizationId, input.teamId, 'admin');
    const updated = await ctx.repos.teams.updateTitle(input.organizationId, input.teamId, input.title);
    if (!updated) throw notFound('Team');
    return presentTeam(ctx.urls, updated, teamPermissions);
  },
});
