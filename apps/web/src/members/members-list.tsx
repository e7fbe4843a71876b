/**
 * An organization's members: each with their role, which admins change (guest included) and
 * remove them, and their teams, which whoever administers a team changes; the server's
 * refusals (the last admin keeps their role) are shown as they come.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { MemberTeams } from './member-teams';
import { RoleSelect } from './role-select';
import { roleLabelOf } from './roles';
import { useTeamsByMember } from './teams-by-member';
import './members.css';

type Member = RouterOutputs['orgs']['members']['list']['items'][number];

export function MembersList({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.orgs.members.list.queryOptions({ organizationId, limit: 1000 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orgs.members.list.queryKey() });
  const update = useMutation(trpc.orgs.members.update.mutationOptions({ onSuccess: refresh }));
  const teams = useTeamsByMember(organizationId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const failure = update.error;
  return (
    <section className="management-section" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <FormError error={failure} />
      <QueryState
        query={members}
        loading="Loading members…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No members yet">Invite people by email or with an invite link.</Empty>}
      >
        {(data) => (
          <ul className="management-list" aria-label="Members">
            {data.items.map((member) => (
              <li key={member.id} className="management-row">
                <span className="management-main">
                  <strong>{member.user.displayName}</strong>
                  {member.user.email && <span className="muted">{member.user.email}</span>}
                </span>
                <MemberTeams
                  organizationId={organizationId}
                  userId={member.id}
                  displayName={member.user.displayName}
                  teams={teams.of(member.id)}
                  allTeams={teams.teams}
                />
                {isAdmin ? (
                  <>
                    <RoleSelect
                      label={`Role of ${member.user.displayName}`}
                      hideLabel
                      allowGuest
                      value={member.role}
                      disabled={update.isPending}
                      onChange={(role) => update.mutate({ organizationId, userId: member.id, role })}
                    />
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => setRemoving(member)}
                      aria-label={`Remove ${member.user.displayName}`}
                    >
                      Remove
                    </button>
                  </>
                ) : (
                  <span className="badge">{roleLabelOf(member.role)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {removing && (
        <RemoveMemberDialog
          organizationId={organizationId}
          member={removing}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function RemoveMemberDialog({
  organizationId,
  member,
  onClose,
}: {
  organizationId: string;
  member: Member;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.orgs.members.remove.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.orgs.members.list.queryKey() });
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Remove ${member.user.displayName}?`}
      description="They lose access to the organization and its spaces."
      confirmLabel="Remove"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ organizationId, userId: member.id })}
    />
  );
}
