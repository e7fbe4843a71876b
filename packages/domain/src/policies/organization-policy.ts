/**
 * The organization rule set: one table drives both the guard (`authorizeOrganization`) and
 * the `permissions` object of every Organization resource, so they cannot disagree.
 */

import { noteAuditOrganization } from '../core/audit-draft';
import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import type { MemberRecord, OrganizationRecord } from '../organizations/records';
import { assertSessionReaches } from './session-reach';

export const ORGANIZATION_ACTIONS = [
  'view',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'ingestConversations',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
  'listInstallations',
  'installIntegration',
] as const;

export type OrganizationAction = (typeof ORGANIZATION_ACTIONS)[number];
export type OrganizationPermissions = Record<OrganizationAction, boolean>;

/**
 * What the rules look at: the caller's membership (null: not a member), which carries the
 * teams they own (`ownedTeamIds`), so no rule needs a query of its own.
 */
export interface OrganizationSubject {
  member: MemberRecord | null;
}

/** The least organization role an action needs; 'member' means any membership, guests included. */
export const ORGANIZATION_RULES: Record<Exclude<OrganizationAction, 'ownTeam'>, Role | 'member'> = {
  view: 'member',
  admin: 'admin',
  createContent: 'create',
  createOpenAPISpec: 'create',
  ingestConversations: 'admin',
  viewBilling: 'admin',
  listMembers: 'read',
  listTeams: 'read',
  listIntegrations: 'read',
  listInstallations: 'admin',
  installIntegration: 'admin',
};

const isActiveMember = (member: MemberRecord | null): member is MemberRecord =>
  member !== null && !member.disabled;

export function canOnOrganization(subject: OrganizationSubject, action: OrganizationAction): boolean {
  const { member } = subject;
  if (!isActiveMember(member)) return false;
  if (action === 'ownTeam') return member.ownedTeamIds.length > 0 || member.role === 'admin';
  const required = ORGANIZATION_RULES[action];
  return required === 'member' ? true : roleAtLeast(member.role, required);
}

/** The table of every action, computed from the rules (what the memoized tables are built of). */
export function computeOrganizationPermissions(subject: OrganizationSubject): OrganizationPermissions {
  return Object.fromEntries(
    ORGANIZATION_ACTIONS.map((action) => [action, canOnOrganization(subject, action)]),
  ) as OrganizationPermissions;
}

const NO_PERMISSIONS = Object.freeze(computeOrganizationPermissions({ member: null }));

/** Per role: the table of a member owning no team, and of one owning a team. */
const permissionsByRole = new Map<MemberRecord['role'], [OrganizationPermissions, OrganizationPermissions]>();

/**
 * The caller's table of every action. The rules read only whether the membership is active,
 * its role and whether it owns a team, so there are a few tables in all: each is computed
 * once (by `computeOrganizationPermissions`), frozen and shared, instead of per request.
 */
export function organizationPermissions(subject: OrganizationSubject): OrganizationPermissions {
  const { member } = subject;
  if (!isActiveMember(member)) return NO_PERMISSIONS;
  let tables = permissionsByRole.get(member.role);
  if (tables === undefined) {
    const asMember = { ...member, ownedTeamIds: [] };
    tables = [
      Object.freeze(computeOrganizationPermissions({ member: asMember })),
      Object.freeze(computeOrganizationPermissions({ member: { ...asMember, ownedTeamIds: ['owned'] } })),
    ];
    permissionsByRole.set(member.role, tables);
  }
  return tables[member.ownedTeamIds.length > 0 ? 1 : 0];
}

export interface AuthorizedOrganization {
  organization: OrganizationRecord;
  member: MemberRecord;
  permissions: OrganizationPermissions;
}

/**
 * Loads an organization for the caller and checks an action on it. An organization the
 * caller does not belong to is not found (its existence does not leak); one that does not
 * accept the caller's session (single sign-on, `session-reach.ts`) is forbidden, and so is a
 * visible one where the caller's role is too low.
 */
export async function authorizeOrganization(
  ctx: OperationContext,
  organizationId: string,
  action: OrganizationAction,
): Promise<AuthorizedOrganization> {
  const caller = callerOf(ctx);
  const [organization, member] = await Promise.all([
    ctx.repos.organizations.findById(organizationId),
    ctx.repos.members.find(organizationId, caller.userId),
  ]);
  if (!organization || !isActiveMember(member)) throw notFound('Organization');
  await assertSessionReaches(ctx, organization, member);
  const permissions = organizationPermissions({ member });
  if (!permissions[action]) throw forbidden(`Your role in this organization does not allow: ${action}`);
  noteAuditOrganization(ctx, organization.id);
  return { organization, member, permissions };
}
