import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeTeam } from '../../../policies/team-policy';
import { presentTeam, type Team, TeamSchema } from '../team-schema';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

export const getTeam = operation({
  name: 'orgs.teams.get',
  kind: 'query',
  summary: 'Get a team of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, teamId: TeamIdParam }),
  output: TeamSchema,
  async run(ctx, input): Promise<Team> {
    const { team, teamPermissions } = await authorizeTeam(ctx, input.organizationId, input.teamId, 'view');
    return presentTeam(ctx.urls, team, teamPermissions);
  },
});
