/**
 * `GET .../permissions/users` and `GET .../permissions/teams`: who holds a grant on a space
 * or a collection, oldest grant first. Anyone who may view the target may list them, as
 * the app's share panel shows them. A grant whose user left the organization, or whose
 * team was deleted, no longer gives access and is left out of the page. Users' emails are
 * shown to those who may list the organization's members, not to guests (`userViewIn`).
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../core/context';
import { operation } from '../../../core/operation';
import { filterSlice, type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { presentUserAs, userViewIn } from '../../../identity';
import { presentTeam } from '../../../organizations';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { teamPermissionsForCaller } from '../../../policies/team-policy';
import type { ContentGrantRecord } from '../records';
import { authorizeTarget, type ContentTargetKind, splitInput, targetIdShape } from './content-target';
import { TeamContentPermissionSchema, UserContentPermissionSchema } from './grant-schemas';

type PagingFields = { page?: string | undefined; limit?: number | undefined };
type UserItem = z.infer<typeof UserContentPermissionSchema>;
type TeamItem = z.infer<typeof TeamContentPermissionSchema>;

/**
 * The grants of one kind of principal on the target, after the caller's right to view it:
 * a page of them, their count, and the target's organization.
 */
async function grantsOnTarget<IdField extends string>(
  ctx: OperationContext,
  target: ContentTargetKind<IdField>,
  input: unknown,
  principalKind: ContentGrantRecord['principal']['kind'],
) {
  const { id, fields } = splitInput<PagingFields, IdField>(target, input);
  const { organizationId, target: ref } = await authorizeTarget(ctx, target.kind, id, 'view');
  const [slice, count] = await Promise.all([
    ctx.repos.contentGrants.listForTarget(ref, principalKind, pageRequest(fields)),
    ctx.repos.contentGrants.countForTarget(ref, principalKind),
  ]);
  return { organizationId, slice, count };
}

export function listUserGrants<IdField extends string>(name: string, target: ContentTargetKind<IdField>) {
  return operation({
    name,
    kind: 'query',
    summary: `List the users granted a role on a ${target.noun}`,
    input: z.strictObject({ ...targetIdShape(target), ...pagingShape }),
    output: pageSchemaOf(UserContentPermissionSchema),
    async run(ctx, input): Promise<Page<UserItem>> {
      const { organizationId, slice, count } = await grantsOnTarget(ctx, target, input, 'user');
      const userIds = slice.items.map((grant) => grant.principal.id);
      const [users, members, callerMembership] = await Promise.all([
        ctx.repos.users.findByIds(userIds),
        ctx.repos.members.findMany(organizationId, userIds),
        ctx.repos.members.find(organizationId, callerOf(ctx).userId),
      ]);
      // Emails only for those who may list the organization's members (not guests).
      const view = userViewIn(callerMembership) ?? 'withoutEmail';
      const userOf = new Map(users.map((user) => [user.id, user]));
      const isMember = new Set(members.map((member) => member.userId));
      const rows = filterSlice(slice, (g) => userOf.has(g.principal.id) && isMember.has(g.principal.id));
      return toPage(rows, count, (grant) => ({
        permission: grant.role,
        user: presentUserAs(ctx, userOf.get(grant.principal.id)!, view),
      }));
    },
  });
}

export function listTeamGrants<IdField extends string>(name: string, target: ContentTargetKind<IdField>) {
  return operation({
    name,
    kind: 'query',
    summary: `List the teams granted a role on a ${target.noun}`,
    input: z.strictObject({ ...targetIdShape(target), ...pagingShape }),
    output: pageSchemaOf(TeamContentPermissionSchema),
    async run(ctx, input): Promise<Page<TeamItem>> {
      const { organizationId, slice, count } = await grantsOnTarget(ctx, target, input, 'team');
      const organization = await authorizeOrganization(ctx, organizationId, 'view');
      const teams = await ctx.repos.teams.findByIds(
        organizationId,
        slice.items.map((grant) => grant.principal.id),
      );
      const teamOf = new Map(teams.map((team) => [team.id, team]));
      const permissionsOf = await teamPermissionsForCaller(
        ctx,
        organization.permissions,
        organizationId,
        teams,
      );
      const rows = filterSlice(slice, (grant) => teamOf.has(grant.principal.id));
      return toPage(rows, count, (grant) => {
        const team = teamOf.get(grant.principal.id)!;
        return { permission: grant.role, team: presentTeam(ctx.urls, team, permissionsOf(team.id)) };
      });
    },
  });
}
