import { z } from 'zod';
import { invalidInput } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeTeam } from '../../../policies/team-policy';
import { TeamRoleSchema } from '../team-fields';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

/**
 * Adds a member of the organization to a team, or changes their role in it: organization
 * admins and the team's owners. Without a role, a new member joins as 'member' and an
 * existing one keeps their role.
 */
export const putTeamMember = operation({
  name: 'orgs.teams.members.put',
  kind: 'mutation',
  summary: 'Add a member to a team or set their role in it',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    teamId: TeamIdParam,
    userId: IdSchema.describe('Id of the user, a member of the organization'),
    role: TeamRoleSchema.optional(),
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    await authorizeTeam(ctx, input.organizationId, input.teamId, 'admin');
    const [member, existing] = await Promise.all([
      ctx.repos.members.find(input.organizationId, input.userId),
      ctx.repos.teams.findMembership(input.organizationId, input.teamId, input.userId),
    ]);
    if (!member) throw invalidInput('userId', `"${input.userId}" is not a member of this organization`);
    const role = input.role ?? existing?.role ?? 'member';
    if (existing?.role === role) return null;
    await ctx.repos.teams.putMembership({
      organizationId: input.organizationId,
      teamId: input.teamId,
      userId: input.userId,
      role,
      addedAt: existing?.addedAt ?? ctx.clock.now().toISOString(),
    });
    return null;
  },
});
