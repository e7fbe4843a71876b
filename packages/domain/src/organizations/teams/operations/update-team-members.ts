import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { operation } from '../../../core/operation';
import { authorizeTeam } from '../../../policies/team-policy';
import {
  isEmailReference,
  MAX_MEMBER_REFERENCES,
  MemberReferenceSchema,
  resolveMemberReferences,
} from '../member-references';
import type { TeamRole } from '../records';
import { TeamRoleSchema } from '../team-fields';
import { OrganizationIdParam, TeamIdParam } from './organization-id';

const referencesSchema = z.array(MemberReferenceSchema).max(MAX_MEMBER_REFERENCES);

/** The user id a reference to remove names, or null: removing someone unknown changes nothing. */
async function userIdToRemove(ctx: OperationContext, reference: string): Promise<string | null> {
  if (!isEmailReference(reference)) return reference;
  const user = await ctx.repos.users.findByEmail(reference.toLowerCase());
  return user?.id ?? null;
}

/**
 * Adds members to a team, removes some and sets roles, in one request (organization admins
 * and the team's owners). Someone both added and removed is removed. Every reference is
 * checked before anything is written, so a refused request changes nothing.
 */
export const updateTeamMembers = operation({
  name: 'orgs.teams.members.update',
  kind: 'mutation',
  summary: 'Add and remove members of a team',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    teamId: TeamIdParam,
    /** New members join as 'member' unless `memberships` gives their role; present ones keep theirs. */
    add: referencesSchema.optional().describe('Members of the organization (user ids or emails) to add'),
    remove: referencesSchema.optional().describe('Members (user ids or emails) to remove from the team'),
    /** Keyed by user id or email: the role of each, who joins the team if not in it. */
    memberships: z
      .record(z.string().min(1).max(254), z.strictObject({ role: TeamRoleSchema }))
      .refine((value) => Object.keys(value).length <= MAX_MEMBER_REFERENCES, {
        message: `at most ${MAX_MEMBER_REFERENCES} entries`,
      })
      .optional()
      .describe('Role in the team of members, keyed by user id or email'),
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const { organizationId, teamId } = input;
    await authorizeTeam(ctx, organizationId, teamId, 'admin');

    const added = await resolveMemberReferences(ctx, organizationId, input.add ?? [], 'add');
    const roles = new Map<string, TeamRole>();
    for (const [reference, { role }] of Object.entries(input.memberships ?? {})) {
      const [member] = await resolveMemberReferences(
        ctx,
        organizationId,
        [reference],
        `memberships.${reference}`,
        {
          indexed: false,
        },
      );
      if (member) roles.set(member.userId, role);
    }
    const removed = new Set(
      (await Promise.all((input.remove ?? []).map((ref) => userIdToRemove(ctx, ref)))).filter(
        (id): id is string => id !== null,
      ),
    );

    for (const userId of removed) await ctx.repos.teams.removeMembership(organizationId, teamId, userId);

    const now = ctx.clock.now().toISOString();
    const targets = new Set([...added.map((m) => m.userId), ...roles.keys()]);
    for (const userId of targets) {
      if (removed.has(userId)) continue;
      const existing = await ctx.repos.teams.findMembership(organizationId, teamId, userId);
      const role = roles.get(userId) ?? existing?.role ?? 'member';
      if (existing?.role === role) continue;
      await ctx.repos.teams.putMembership({
        organizationId,
        teamId,
        userId,
        role,
        addedAt: existing?.addedAt ?? now,
      });
    }
    return null;
  },
});
