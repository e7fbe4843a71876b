import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { teamPermissions } from '../../../policies/team-policy';
import { MAX_MEMBER_REFERENCES, MemberReferenceSchema, resolveMemberReferences } from '../member-references';
import type { TeamMembershipRecord, TeamRecord } from '../records';
import { TeamTitleSchema } from '../team-fields';
import { presentTeam, type Team, TeamSchema } from '../team-schema';
import { OrganizationIdParam } from './organization-id';

/** Creates a team (organization admins only); the members given join it with the role 'member'. */
export const createTeam = operation({
  name: 'orgs.teams.create',
  kind: 'mutation',
  summary: 'Create a team in an organization',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    title: TeamTitleSchema,
    /** User ids (or email addresses) of members of the organization; duplicates count once. */
    members: z
      .array(MemberReferenceSchema)
      .max(MAX_MEMBER_REFERENCES)
      .optional()
      .describe('Members of the organization (user ids) who join the team'),
  }),
  output: TeamSchema,
  async run(ctx, input): Promise<Team> {
    const { permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    // Every reference is checked before anything is written: a refused request changes nothing.
    const members = await resolveMemberReferences(ctx, input.organizationId, input.members ?? [], 'members');
    const now = ctx.clock.now().toISOString();
    const team: TeamRecord = {
      id: ctx.ids.newId(),
      organizationId: input.organizationId,
      title: input.title,
      createdAt: now,
      memberCount: 0,
    };
    await ctx.repos.teams.insert(team);
    const memberships: TeamMembershipRecord[] = [...new Set(members.map((m) => m.userId))].map((userId) => ({
      organizationId: team.organizationId,
      teamId: team.id,
      userId,
      role: 'member',
      addedAt: now,
    }));
    for (const membership of memberships) await ctx.repos.teams.putMembership(membership);
    const callerId = callerOf(ctx).userId;
    const permissionsOnTeam = teamPermissions({
      organization: permissions,
      membership: memberships.find((m) => m.userId === callerId) ?? null,
    });
    return presentTeam(ctx.urls, { ...team, memberCount: memberships.length }, permissionsOnTeam);
  },
});
