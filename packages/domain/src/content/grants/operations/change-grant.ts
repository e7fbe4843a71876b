/**
 * `PATCH` and `DELETE` of `.../permissions/users/{userId}` and `.../permissions/teams/{teamId}`:
 * change or revoke the role one user or team holds on a space or a collection. Only the
 * target's admins may. PATCH on a user or team without a grant grants the role; a user who
 * is not a member of the organization, or a team not in it, is not found (it is the path
 * that names them). DELETE is idempotent.
 */
import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema, type Role } from '../../../core/schemas';
import type { ContentPrincipal } from '../ports';
import { authorizeTarget, type ContentTargetKind, splitInput, targetIdShape } from './content-target';
import { GrantRoleSchema } from './grant-schemas';
import { setGrants, unknownPrincipals } from './invite-to-content';

type PrincipalKind = ContentPrincipal['kind'];

const principalField = { user: 'userId', team: 'teamId' } as const;
const PrincipalParams = {
  user: { userId: IdSchema.describe('Id of the user') },
  team: { teamId: IdSchema.describe('Id of the team') },
};

const principalIdOf = (kind: PrincipalKind, input: Record<string, unknown>): string =>
  input[principalField[kind]] as string;

export function updateGrant<IdField extends string>(
  name: string,
  target: ContentTargetKind<IdField>,
  kind: PrincipalKind,
) {
  return operation({
    name,
    kind: 'mutation',
    summary: `Change the role a ${kind} holds on a ${target.noun}`,
    input: z.strictObject({
      ...targetIdShape(target),
      ...PrincipalParams[kind],
      /** The new role; null revokes the grant. */
      role: GrantRoleSchema,
    }),
    output: z.null(),
    async run(ctx, input) {
      const { id, fields } = splitInput<{ role: Role | null } & Record<string, unknown>, IdField>(
        target,
        input,
      );
      const { organizationId, target: ref } = await authorizeTarget(ctx, target.kind, id, 'admin');
      const principalId = principalIdOf(kind, fields);
      const unknown = await unknownPrincipals(ctx, organizationId, {
        users: kind === 'user' ? [principalId] : [],
        teams: kind === 'team' ? [principalId] : [],
      });
      if (unknown.length > 0) throw notFound(kind === 'user' ? 'User' : 'Team');
      await setGrants(ctx, organizationId, ref, [{ kind, id: principalId }], fields.role);
      return null;
    },
  });
}

export function removeGrant<IdField extends string>(
  name: string,
  target: ContentTargetKind<IdField>,
  kind: PrincipalKind,
) {
  return operation({
    name,
    kind: 'mutation',
    summary: `Revoke the role a ${kind} holds on a ${target.noun}`,
    input: z.strictObject({ ...targetIdShape(target), ...PrincipalParams[kind] }),
    output: z.null(),
    async run(ctx, input) {
      const { id, fields } = splitInput<Record<string, unknown>, IdField>(target, input);
      const { target: ref } = await authorizeTarget(ctx, target.kind, id, 'admin');
      await ctx.repos.contentGrants.remove(ref, { kind, id: principalIdOf(kind, fields) });
      return null;
    },
  });
}
