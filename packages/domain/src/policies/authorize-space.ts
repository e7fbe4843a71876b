/**
 * The guard of every space operation and the `permissions` of every Space resource, both
 * from the effective role (`effective-role.ts`) and the space rule table (`SPACE_RULES`).
 */

import type { SpaceRecord } from '../content/spaces/records';
import { noteAuditOrganization } from '../core/audit-draft';
import { callerOf, type OperationContext, type SiteVisitorGrant } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import type { Role } from '../core/schemas';
import type { OrganizationRecord } from '../organizations/records';
import { effectiveAccessFor, effectiveRolesFor } from './content-access';
import { type SpaceAction, type SpacePermissions, spacePermissions } from './content-policy';
import { assertSessionReaches } from './session-reach';
import { siteTokenRole } from './site-token-access';

export interface AuthorizedSpace {
  space: SpaceRecord;
  organization: OrganizationRecord;
  /** The caller's effective role on the space (never null here: who cannot view gets a 404). */
  role: Role;
  permissions: SpacePermissions;
}

/**
 * Loads a space for the caller and checks an action on it. Unknown spaces, deleted ones
 * (unless `includeDeleted`) and spaces the caller cannot view are not found; a space of an
 * organization that does not accept the caller's session (`session-reach.ts`) is forbidden,
 * and so is a viewable one where the caller's role is too low for the action.
 */
export async function authorizeSpace(
  ctx: OperationContext,
  spaceId: string,
  action: SpaceAction,
  options: { includeDeleted?: boolean } = {},
): Promise<AuthorizedSpace> {
  const space = await ctx.repos.spaces.findById(spaceId);
  if (!space || (space.deletedAt !== undefined && !options.includeDeleted)) throw notFound('Space');
  const caller = callerOf(ctx);
  const [organization, access] = await Promise.all([
    ctx.repos.organizations.findById(space.organizationId),
    caller.site ? undefined : effectiveAccessFor(ctx, 'space', [space], caller.userId),
  ]);
  const role = caller.site ? siteTokenRole(caller.site, space) : access?.roles.get(space.id);
  if (!organization || !role) throw notFound('Space');
  const member = access?.memberOf.get(organization.id);
  if (member) await assertSessionReaches(ctx, organization, member);
  const permissions = spacePermissions(role);
  if (!permissions[action]) throw forbidden(`Your role on this space does not allow: ${action}`);
  noteAuditOrganization(ctx, organization.id);
  return { space, organization, role, permissions };
}

export interface SpaceAccess {
  role: Role;
  permissions: SpacePermissions;
}

/**
 * The role and permissions of a person (the caller by default) on each of many spaces, in
 * a fixed number of queries for the whole list. Spaces the person cannot view are absent.
 */
export async function spaceAccessFor(
  ctx: OperationContext,
  spaces: readonly SpaceRecord[],
  userId: string = callerOf(ctx).userId,
): Promise<Map<string, SpaceAccess>> {
  const grant = ctx.caller?.site;
  const roles =
    grant !== undefined && userId === ctx.caller?.userId
      ? siteTokenRoles(grant, spaces)
      : await effectiveRolesFor(ctx, 'space', spaces, userId);
  return new Map([...roles].map(([id, role]) => [id, { role, permissions: spacePermissions(role) }]));
}

/** The site token's role on each space (`siteTokenRole`); spaces it reads nothing of are absent. */
function siteTokenRoles(grant: SiteVisitorGrant, spaces: readonly SpaceRecord[]): Map<string, Role> {
  return new Map(
    spaces.flatMap((space) => {
      const role = siteTokenRole(grant, space);
      return role === null ? [] : [[space.id, role] as const];
    }),
  );
}
