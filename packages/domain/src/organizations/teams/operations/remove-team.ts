import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

/** Deletes a team and its memberships (organization admins only); deleting a missing team succeeds. */
export const removeTeam = operation({
  name: 'orgs.teams.remove',
  kind: 'mutation',
  summary: 'Delete a team',
  input: z.strictObject({ organizationId: OrganizationIdParam, teamId: TeamIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    await ctx.repos.teams.delete(input.organizationId, input.teamId);
    // Identity providers that sent new members to this team stop doing so (also after an
    // earlier deletion that stopped half-way: this runs whether or not the team was there).
    await ctx.repos.samlProviders.clearDefaultTeam(input.organizationId, input.teamId);
    await ctx.repos.oidcProviders.clearDefaultTeam(input.organizationId, input.teamId);
    return null;
  },
});
