/**
 * A member's place in a team, as GitBook's API has it: `TeamMember` ({role}) and the items
 * of a team's member list (`OrganizationTeamMember`: the organization member, their role in
 * the team, and what the caller may do with them).
 */
import { z } from 'zod';
import type { TeamPermissions } from '../../policies/team-policy';
import { type Member, MemberSchema } from '../member-schema';
import type { TeamMembershipRecord } from './records';
import { TeamRoleSchema } from './team-fields';

export const TeamMemberSchema = z
  .object({ role: TeamRoleSchema })
  .meta({ id: 'TeamMember', description: 'The role of a member within a team' });

export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const OrganizationTeamMemberSchema = z
  .object({
    organization: MemberSchema.describe('The person as a member of the organization'),
    team: TeamMemberSchema.describe('The person as a member of the team'),
    permissions: z
      .object({ view: z.boolean().describe('Whether the caller may view this team member') })
      .describe("The caller's permissions on this team member"),
  })
  .meta({ id: 'OrganizationTeamMember', description: 'A member of a team, with their role in it' });

export type OrganizationTeamMember = z.infer<typeof OrganizationTeamMemberSchema>;

export function presentTeamMember(
  membership: Pick<TeamMembershipRecord, 'role'>,
  member: Member,
  teamPermissions: TeamPermissions,
): OrganizationTeamMember {
  return {
    organization: member,
    team: { role: membership.role },
    permissions: { view: teamPermissions.view },
  };
}
