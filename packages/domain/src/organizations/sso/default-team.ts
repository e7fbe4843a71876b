/**
 * The default team of SSO providers (SAML and OpenID Connect): checked to be a team of the organization on writes,
 * and embedded as a Team (with the caller's permissions) on reads, for a page of providers
 * in one query each.
 */

import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import type { OrganizationPermissions } from '../../policies/organization-policy';
import { teamPermissionsForCaller } from '../../policies/team-policy';
import { presentTeam, type Team } from '../teams/team-schema';

/** What a provider of either kind says of its default team. */
type WithDefaultTeam = { readonly defaultTeam?: string };

export async function assertTeamOfOrganization(
  ctx: OperationContext,
  organizationId: string,
  teamId: string,
): Promise<void> {
  const team = await ctx.repos.teams.findById(organizationId, teamId);
  if (!team) throw invalidInput('defaultTeam', `"${teamId}" is not a team of this organization`);
}

/** Presents the default teams of providers; a provider whose team is gone has none. */
export async function defaultTeamsOf(
  ctx: OperationContext,
  organization: { id: string; permissions: OrganizationPermissions },
  providers: readonly WithDefaultTeam[],
): Promise<(provider: WithDefaultTeam) => Team | undefined> {
  const teamIds = [...new Set(providers.flatMap((p) => (p.defaultTeam ? [p.defaultTeam] : [])))];
  const teams = teamIds.length ? await ctx.repos.teams.findByIds(organization.id, teamIds) : [];
  const permissionsOf = await teamPermissionsForCaller(ctx, organization.permissions, organization.id, teams);
  const presented = new Map(
    teams.map((team) => [team.id, presentTeam(ctx.urls, team, permissionsOf(team.id))]),
  );
  return (provider) => (provider.defaultTeam ? presented.get(provider.defaultTeam) : undefined);
}
