/**
 * `POST .../permissions`: grants a role on a space or a collection to users and teams of
 * its organization (or, with role null, revokes theirs). Only the target's admins may.
 * Every id is checked before anything is written, so a refused request changes nothing:
 * a user who is not a member of the organization, or a team of another organization (or
 * of none), is a 400 naming it.
 */
import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { DomainError, type FieldIssue } from '../../../core/errors';
import { operation } from '../../../core/operation';
import type { Role } from '../../../core/schemas';
import type { ContentPrincipal, ContentTarget } from '../ports';
import { authorizeTarget, type ContentTargetKind, splitInput, targetIdShape } from './content-target';
import { GrantRoleSchema, PrincipalIdsSchema } from './grant-schemas';

/** Issues for the ids that name no member (users) or no team of the organization. */
export async function unknownPrincipals(
  ctx: OperationContext,
  organizationId: string,
  principals: { users: readonly string[]; teams: readonly string[] },
): Promise<FieldIssue[]> {
  const [members, teams] = await Promise.all([
    principals.users.length ? ctx.repos.members.findMany(organizationId, principals.users) : [],
    principals.teams.length ? ctx.repos.teams.findByIds(organizationId, principals.teams) : [],
  ]);
  const memberIds = new Set(members.map((member) => member.userId));
  const teamIds = new Set(teams.map((team) => team.id));
  return [
    ...principals.users.flatMap((id, i) =>
      memberIds.has(id)
        ? []
        : [{ field: `users.${i}`, message: `user ${id} is not a member of the organization` }],
    ),
    ...principals.teams.flatMap((id, i) =>
      teamIds.has(id)
        ? []
        : [{ field: `teams.${i}`, message: `team ${id} is not a team of the organization` }],
    ),
  ];
}

/** Writes (or, for a null role, revokes) the grants of the principals on the target. */
export async function setGrants(
  ctx: OperationContext,
  organizationId: string,
  target: ContentTarget,
  principals: readonly ContentPrincipal[],
  role: Role | null,
): Promise<void> {
  const createdAt = ctx.clock.now().toISOString();
  await Promise.all(
    principals.map((principal) =>
      role === null
        ? ctx.repos.contentGrants.remove(target, principal)
        : ctx.repos.contentGrants.put({ organizationId, target, principal, role, createdAt }),
    ),
  );
}

interface InviteFields {
  role: Role | null;
  users?: string[] | undefined;
  teams?: string[] | undefined;
}

export function inviteToContent<IdField extends string>(name: string, target: ContentTargetKind<IdField>) {
  return operation({
    name,
    kind: 'mutation',
    summary: `Grant a role on a ${target.noun} to users and teams`,
    input: z
      .strictObject({
        ...targetIdShape(target),
        /** The role to grant; null revokes the grants of the users and teams named. */
        role: GrantRoleSchema,
        /** Members of the organization (guests included). */
        users: PrincipalIdsSchema('user').optional(),
        /** Teams of the organization. */
        teams: PrincipalIdsSchema('team').optional(),
      })
      .refine((input) => 'users' in input || 'teams' in input, {
        message: 'name at least one user or team (users, teams)',
        path: ['users'],
      }),
    output: z.null(),
    async run(ctx, input) {
      const { id, fields } = splitInput<InviteFields, IdField>(target, input);
      const { organizationId, target: ref } = await authorizeTarget(ctx, target.kind, id, 'admin');
      const users = fields.users ?? [];
      const teams = fields.teams ?? [];
      const issues = await unknownPrincipals(ctx, organizationId, { users, teams });
      if (issues.length > 0) {
        throw new DomainError('validation', issues.map((i) => `${i.field}: ${i.message}`).join('; '), {
          issues,
        });
      }
      const principals: ContentPrincipal[] = [
        ...[...new Set(users)].map((userId) => ({ kind: 'user' as const, id: userId })),
        ...[...new Set(teams)].map((teamId) => ({ kind: 'team' as const, id: teamId })),
      ];
      await setGrants(ctx, organizationId, ref, principals, fields.role);
      return null;
    },
  });
}
