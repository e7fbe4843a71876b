/**
 * The team rule set: who may view and manage a team. One table drives both the guard
 * (`authorizeTeam`) and the `permissions` object of every Team resource.
 *
 * - view: members who may list the organization's teams (`listTeams`), and anyone in the team;
 * - admin (rename the team, manage its members): organization admins and the team's owners.
 * Creating and deleting teams is an organization matter (`authorizeOrganization(..., 'admin')`).
 */

import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import type { TeamMembershipRecord, TeamRecord } from '../organizations/teams/records';
import {
  type AuthorizedOrganization,
  authorizeOrganization,
  type OrganizationPermissions,
} from './organization-policy';

export const TEAM_ACTIONS = ['admin', 'view'] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];
export type TeamPermissions = Record<TeamAction, boolean>;

/** What the rules look at: the caller's organization permissions and their membership of the team. */
export interface TeamSubject {
  organization: OrganizationPermissions;
  membership: TeamMembershipRecord | null;
}

export function canOnTeam(subject: TeamSubject, action: TeamAction): boolean {
  switch (action) {
    case 'view':
      return subject.organization.listTeams || subject.membership !== null;
    case 'admin':
      return subject.organization.admin || subject.membership?.role === 'owner';
  }
}

export function teamPermissions(subject: TeamSubject): TeamPermissions {
  return { admin: canOnTeam(subject, 'admin'), view: canOnTeam(subject, 'view') };
}

/**
 * The caller's permissions on many teams of one organization, with one query for the
 * caller's memberships (for lists).
 */
export async function teamPermissionsForCaller(
  ctx: OperationContext,
  organization: OrganizationPermissions,
  organizationId: string,
  teams: ReadonlyArray<Pick<TeamRecord, 'id'>>,
): Promise<(teamId: string) => TeamPermissions> {
  const teamIds = teams.map((team) => team.id);
  const memberships =
    teamIds.length === 0
      ? []
      : await ctx.repos.teams.listMembershipsOfUser(organizationId, callerOf(ctx).userId, teamIds);
  const byTeam = new Map(memberships.map((m) => [m.teamId, m]));
  return (teamId) => teamPermissions({ organization, membership: byTeam.get(teamId) ?? null });
}

export interface AuthorizedTeam extends AuthorizedOrganization {
  team: TeamRecord;
  teamPermissions: TeamPermissions;
}

/**
 * Loads a team for the caller and checks an action on it: an organization the caller is
 * not in, or a team that does not exist in it, is not found; a visible team the caller may
 * not act on is forbidden.
 */
export async function authorizeTeam(
  ctx: OperationContext,
  organizationId: string,
  teamId: string,
  action: TeamAction,
): Promise<AuthorizedTeam> {
  const authorized = await authorizeOrganization(ctx, organizationId, 'view');
  const [team, membership] = await Promise.all([
    ctx.repos.teams.findById(organizationId, teamId),
    ctx.repos.teams.findMembership(organizationId, teamId, callerOf(ctx).userId),
  ]);
  if (!team) throw notFound('Team');
  const permissions = teamPermissions({ organization: authorized.permissions, membership });
  if (!permissions[action]) throw forbidden(`You may not do this on this team: ${action}`);
  return { ...authorized, team, teamPermissions: permissions };
}
