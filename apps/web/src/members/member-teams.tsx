/**
 * A member's teams in the member list: each team named, with a way out for whoever
 * administers it, and a picker adding the member to another team they administer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import type { Team } from './teams-by-member';

export function MemberTeams({
  organizationId,
  userId,
  displayName,
  teams,
  allTeams,
}: {
  organizationId: string;
  userId: string;
  displayName: string;
  teams: Team[];
  allTeams: Team[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.orgs.teams.members.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.orgs.teams.list.queryKey() });
  };
  const add = useMutation(trpc.orgs.teams.members.put.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.orgs.teams.members.remove.mutationOptions({ onSuccess: refresh }));
  const joinable = allTeams.filter(
    (team) => team.permissions.admin && !teams.some((other) => other.id === team.id),
  );
  const pending = add.isPending || remove.isPending;
  return (
    <div className="member-teams">
      <ul className="team-chips" aria-label={`Teams of ${displayName}`}>
        {teams.length === 0 && <li className="muted">No team</li>}
        {teams.map((team) => (
          <li key={team.id} className="team-chip">
            {team.title}
            {team.permissions.admin && (
              <button
                type="button"
                className="team-chip-remove"
                disabled={pending}
                aria-label={`Remove ${displayName} from ${team.title}`}
                onClick={() => remove.mutate({ organizationId, teamId: team.id, userId })}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {joinable.length > 0 && (
        <span className="picker">
          <label htmlFor={id} className="visually-hidden">
            Add {displayName} to a team
          </label>
          <select
            id={id}
            value=""
            disabled={pending}
            onChange={(event) => {
              if (event.target.value) add.mutate({ organizationId, teamId: event.target.value, userId });
            }}
          >
            <option value="">Add to team…</option>
            {joinable.map((team) => (
              <option key={team.id} value={team.id}>
                {team.title}
              </option>
            ))}
          </select>
        </span>
      )}
      <FormError error={add.error ?? remove.error} />
    </div>
  );
}
