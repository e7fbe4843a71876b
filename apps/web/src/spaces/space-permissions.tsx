/**
 * Who holds a role on a space: the members and the teams granted one, each role changed or
 * removed by the space's admins, who also grant a role to another member or team. Everyone
 * who may view the space sees the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { RoleSelect } from '../members/role-select';
import { type Role, roleLabelOf } from '../members/roles';
import { Empty, ErrorNotice, Loading } from '../ui/states';
import '../management/management.css';
import { FormError } from '../ui/form-error';

type Grant = { kind: 'user' | 'team'; id: string; name: string; detail?: string | undefined; role: Role };

export function SpacePermissions({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const users = useQuery(trpc.spaces.permissions.users.list.queryOptions({ spaceId, limit: 1000 }));
  const teams = useQuery(trpc.spaces.permissions.teams.list.queryOptions({ spaceId, limit: 1000 }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.spaces.permissions.users.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.spaces.permissions.teams.list.queryKey() });
  };
  const updateUser = useMutation(
    trpc.spaces.permissions.users.update.mutationOptions({ onSuccess: refresh }),
  );
  const updateTeam = useMutation(
    trpc.spaces.permissions.teams.update.mutationOptions({ onSuccess: refresh }),
  );
  const removeUser = useMutation(
    trpc.spaces.permissions.users.remove.mutationOptions({ onSuccess: refresh }),
  );
  const removeTeam = useMutation(
    trpc.spaces.permissions.teams.remove.mutationOptions({ onSuccess: refresh }),
  );
  const failed = space.error ?? users.error ?? teams.error;
  if (failed)
    return (
      <ErrorNotice
        error={failed}
        retry={() => {
          void space.refetch();
          void users.refetch();
          void teams.refetch();
        }}
      />
    );
  if (!space.data || !users.data || !teams.data) return <Loading label="Loading the permissions…" />;

  const isAdmin = space.data.permissions.admin;
  const grants: Grant[] = [
    ...users.data.items.map((grant) => ({
      kind: 'user' as const,
      id: grant.user.id,
      name: grant.user.displayName,
      detail: grant.user.email,
      role: grant.permission,
    })),
    ...teams.data.items.map((grant) => ({
      kind: 'team' as const,
      id: grant.team.id,
      name: grant.team.title,
      detail: `Team of ${grant.team.members}`,
      role: grant.permission,
    })),
  ];
  const change = (grant: Grant, role: Role) =>
    grant.kind === 'user'
      ? updateUser.mutate({ spaceId, userId: grant.id, role })
      : updateTeam.mutate({ spaceId, teamId: grant.id, role });
  const remove = (grant: Grant) =>
    grant.kind === 'user'
      ? removeUser.mutate({ spaceId, userId: grant.id })
      : removeTeam.mutate({ spaceId, teamId: grant.id });
  const failure = updateUser.error ?? updateTeam.error ?? removeUser.error ?? removeTeam.error;
  const busy = updateUser.isPending || updateTeam.isPending || removeUser.isPending || removeTeam.isPending;

  return (
    <>
      <p className="muted">
        Roles granted here add to what members have through the organization and the space’s collection.
      </p>
      {isAdmin && (
        <GrantForm
          organizationId={organizationId}
          spaceId={spaceId}
          granted={new Set(grants.map((grant) => grant.id))}
          onGranted={refresh}
        />
      )}
      <FormError error={failure} />
      {grants.length === 0 ? (
        <Empty title="No roles granted on this space">
          {isAdmin ? 'Grant a member or a team a role above.' : 'Its members have their organization roles.'}
        </Empty>
      ) : (
        <ul className="management-list" aria-label="Roles on this space">
          {grants.map((grant) => (
            <li key={`${grant.kind}-${grant.id}`} className="management-row">
              <span className="management-main">
                <strong>{grant.name}</strong>
                {grant.detail && <span className="muted">{grant.detail}</span>}
              </span>
              {isAdmin ? (
                <>
                  <RoleSelect
                    label={`Role of ${grant.name}`}
                    hideLabel
                    value={grant.role}
                    disabled={busy}
                    onChange={(role) => role && change(grant, role)}
                  />
                  <button
                    type="button"
                    className="button button-small"
                    disabled={busy}
                    onClick={() => remove(grant)}
                    aria-label={`Remove the role of ${grant.name}`}
                  >
                    Remove
                  </button>
                </>
              ) : (
                <span className="badge">{roleLabelOf(grant.role)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Grants a role to a member or a team of the organization that holds none on the space yet. */
function GrantForm({
  organizationId,
  spaceId,
  granted,
  onGranted,
}: {
  organizationId: string;
  spaceId: string;
  granted: ReadonlySet<string>;
  onGranted: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [principal, setPrincipal] = useState('');
  const [role, setRole] = useState<Role>('edit');
  const members = useQuery(trpc.orgs.members.list.queryOptions({ organizationId, limit: 1000 }));
  const teams = useQuery(trpc.orgs.teams.list.queryOptions({ organizationId, limit: 1000 }));
  const grant = useMutation(
    trpc.spaces.permissions.invite.mutationOptions({
      onSuccess: async () => {
        setPrincipal('');
        await onGranted();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [kind, principalId] = principal.split(':');
    if (!principalId) return;
    grant.mutate(
      kind === 'team' ? { spaceId, role, teams: [principalId] } : { spaceId, role, users: [principalId] },
    );
  };
  const candidateMembers = members.data?.items.filter((member) => !granted.has(member.id)) ?? [];
  const candidateTeams = teams.data?.items.filter((team) => !granted.has(team.id)) ?? [];
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Grant a role">
      <span className="picker">
        <label htmlFor={id}>Member or team</label>
        <select id={id} value={principal} required onChange={(event) => setPrincipal(event.target.value)}>
          <option value="">{members.isPending || teams.isPending ? 'Loading…' : 'Choose…'}</option>
          {candidateMembers.length > 0 && (
            <optgroup label="Members">
              {candidateMembers.map((member) => (
                <option key={member.id} value={['user', member.id].join(':')}>
                  {member.user.displayName}
                </option>
              ))}
            </optgroup>
          )}
          {candidateTeams.length > 0 && (
            <optgroup label="Teams">
              {candidateTeams.map((team) => (
                <option key={team.id} value={['team', team.id].join(':')}>
                  {team.title}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </span>
      <RoleSelect label="Role" value={role} onChange={(picked) => picked && setRole(picked)} />
      <button type="submit" className="button button-primary" disabled={grant.isPending || !principal}>
        Grant
      </button>
      <FormError error={grant.error} />
    </form>
  );
}
