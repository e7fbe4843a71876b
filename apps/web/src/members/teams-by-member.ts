/**
 * Which teams each member is in, for the member list: the organization's teams, then each
 * team's members (one call per team: an organization has a handful of teams, far fewer than
 * members, so this is fewer calls than asking per member). Teams the caller may not
 * administer are listed too; `permissions.admin` says whether they may change them.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';

export type Team = RouterOutputs['orgs']['teams']['list']['items'][number];

export interface TeamsByMember {
  teams: Team[];
  /** The teams a member is in, by user id (absent: none, or not known yet). */
  of: (userId: string) => Team[];
  loading: boolean;
}

export function useTeamsByMember(organizationId: string): TeamsByMember {
  const trpc = useTRPC();
  const teams = useQuery(trpc.orgs.teams.list.queryOptions({ organizationId, limit: 1000 }));
  const list = teams.data?.items ?? [];
  const memberships = useQueries({
    queries: list.map((team) =>
      trpc.orgs.teams.members.list.queryOptions({ organizationId, teamId: team.id, limit: 1000 }),
    ),
  });
  const byUser = new Map<string, Team[]>();
  memberships.forEach((query, index) => {
    for (const { organization: member } of query.data?.items ?? []) {
      const team = list[index]!;
      byUser.set(member.id, [...(byUser.get(member.id) ?? []), team]);
    }
  });
  return {
    teams: list,
    of: (userId) => byUser.get(userId) ?? [],
    loading: teams.isPending || memberships.some((query) => query.isPending),
  };
}
