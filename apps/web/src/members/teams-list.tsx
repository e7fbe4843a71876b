/**
 * An organization's teams: creating one, and each team opened to list its members. Whoever
 * administers a team (organization admins and the team's owners) renames or deletes it, adds
 * a member of the organization, sets each member's role in the team, or removes them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Collapsible } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { TitleDialog } from '../ui/title-dialog';

type Team = RouterOutputs['orgs']['teams']['list']['items'][number];
type TeamRole = RouterOutputs['orgs']['teams']['members']['list']['items'][number]['team']['role'];

const TEAM_ROLE_NAMES: Record<TeamRole, string> = { owner: 'Team owner', member: 'Team member' };

export function TeamsList({ organizationId, canCreate }: { organizationId: string; canCreate: boolean }) {
  const trpc = useTRPC();
  const teams = useQuery(trpc.orgs.teams.list.queryOptions({ organizationId, limit: 1000 }));
  return (
    <section className="management-section" aria-labelledby="teams-title">
      <h2 id="teams-title">Teams</h2>
      {canCreate && <CreateTeamForm organizationId={organizationId} />}
      <QueryState
        query={teams}
        loading="Loading teams…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No teams yet">A team gets roles on spaces for all its members at once.</Empty>}
      >
        {(data) => (
          <ul className="management-list" aria-label="Teams">
            {data.items.map((team) => (
              <TeamRow key={team.id} team={team} organizationId={organizationId} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function CreateTeamForm({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const create = useMutation(
    trpc.orgs.teams.create.mutationOptions({
      onSuccess: async () => {
        setTitle('');
        await queryClient.invalidateQueries({ queryKey: trpc.orgs.teams.list.queryKey() });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ organizationId, title: title.trim() });
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <Field
        label="New team"
        name="team-title"
        required
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <button type="submit" className="button" disabled={create.isPending}>
        Create team
      </button>
      <FormError error={create.error} />
    </form>
  );
}

function TeamRow({ team, organizationId }: { team: Team; organizationId: string }) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  return (
    <li className="management-row">
      <Collapsible.Root open={open} onOpenChange={setOpen} className="team-row">
        <span className="management-main">
          <strong>{team.title}</strong>
          <span className="muted">
            {team.members} {team.members === 1 ? 'member' : 'members'}
          </span>
        </span>
        <Collapsible.Trigger className="link-button">
          {open ? 'Hide members' : 'Show members'}
          <span className="visually-hidden"> of {team.title}</span>
        </Collapsible.Trigger>
        {team.permissions.admin && (
          <>
            <button
              type="button"
              className="button button-small"
              onClick={() => setDialog('rename')}
              aria-label={`Rename ${team.title}`}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => setDialog('delete')}
              aria-label={`Delete ${team.title}`}
            >
              Delete
            </button>
          </>
        )}
        <Collapsible.Content className="team-members">
          {open && <TeamMembers team={team} organizationId={organizationId} />}
        </Collapsible.Content>
      </Collapsible.Root>
      {dialog === 'rename' && (
        <RenameTeamDialog team={team} organizationId={organizationId} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <DeleteTeamDialog team={team} organizationId={organizationId} onClose={() => setDialog(null)} />
      )}
    </li>
  );
}

function useRefreshTeams() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.orgs.teams.members.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.orgs.teams.list.queryKey() });
  };
}

function RenameTeamDialog({ team, organizationId, onClose }: TeamDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshTeams();
  const rename = useMutation(
    trpc.orgs.teams.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  return (
    <TitleDialog
      open
      onOpenChange={(next) => !next && onClose()}
      heading="Rename team"
      description={`The new title of ${team.title}.`}
      initialTitle={team.title}
      submitLabel="Rename"
      pending={rename.isPending}
      error={rename.error}
      onSubmit={(title) => rename.mutate({ organizationId, teamId: team.id, title })}
    />
  );
}

interface TeamDialogProps {
  team: Team;
  organizationId: string;
  onClose: () => void;
}

function DeleteTeamDialog({ team, organizationId, onClose }: TeamDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshTeams();
  const remove = useMutation(
    trpc.orgs.teams.remove.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Delete ${team.title}?`}
      description="Its members stay in the organization; the roles the team gave them on spaces end."
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ organizationId, teamId: team.id })}
    />
  );
}

function TeamMembers({ team, organizationId }: { team: Team; organizationId: string }) {
  const trpc = useTRPC();
  const teamId = team.id;
  const members = useQuery(
    trpc.orgs.teams.members.list.queryOptions({ organizationId, teamId, limit: 1000 }),
  );
  const refresh = useRefreshTeams();
  const remove = useMutation(trpc.orgs.teams.members.remove.mutationOptions({ onSuccess: refresh }));
  const setRole = useMutation(trpc.orgs.teams.members.put.mutationOptions({ onSuccess: refresh }));
  return (
    <>
      <FormError error={remove.error ?? setRole.error} />
      <QueryState
        query={members}
        loading="Loading the team…"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="muted">Nobody is in this team yet.</p>}
      >
        {(data) => (
          <ul className="management-list" aria-label={`Members of ${team.title}`}>
            {data.items.map(({ organization: member, team: membership }) => (
              <li key={member.id} className="management-row">
                <span className="management-main">
                  <span>{member.user.displayName}</span>
                  {!team.permissions.admin && (
                    <span className="muted">{TEAM_ROLE_NAMES[membership.role]}</span>
                  )}
                </span>
                {team.permissions.admin && (
                  <TeamRoleSelect
                    label={`Role of ${member.user.displayName} in ${team.title}`}
                    value={membership.role}
                    disabled={setRole.isPending}
                    onChange={(role) => setRole.mutate({ organizationId, teamId, userId: member.id, role })}
                  />
                )}
                {team.permissions.admin && (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ organizationId, teamId, userId: member.id })}
                    aria-label={`Remove ${member.user.displayName} from ${team.title}`}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {team.permissions.admin && (
        <AddTeamMember team={team} organizationId={organizationId} onAdded={refresh} />
      )}
    </>
  );
}

function AddTeamMember({
  team,
  organizationId,
  onAdded,
}: {
  team: Team;
  organizationId: string;
  onAdded: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [userId, setUserId] = useState('');
  const members = useQuery(trpc.orgs.members.list.queryOptions({ organizationId, limit: 1000 }));
  const add = useMutation(
    trpc.orgs.teams.members.put.mutationOptions({
      onSuccess: async () => {
        setUserId('');
        await onAdded();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId) add.mutate({ organizationId, teamId: team.id, userId });
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <span className="picker">
        <label htmlFor={id}>Add to {team.title}</label>
        <select id={id} value={userId} onChange={(event) => setUserId(event.target.value)} required>
          <option value="">Choose a member…</option>
          {members.data?.items.map((member) => (
            <option key={member.id} value={member.id}>
              {member.user.displayName}
            </option>
          ))}
        </select>
      </span>
      <button type="submit" className="button" disabled={add.isPending || !userId}>
        Add
      </button>
      <FormError error={add.error} />
    </form>
  );
}

function TeamRoleSelect(props: {
  label: string;
  value: TeamRole;
  disabled: boolean;
  onChange: (role: TeamRole) => void;
}) {
  const id = useId();
  return (
    <span className="picker">
      <label htmlFor={id} className="visually-hidden">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as TeamRole)}
      >
        {(Object.keys(TEAM_ROLE_NAMES) as TeamRole[]).map((role) => (
          <option key={role} value={role}>
            {TEAM_ROLE_NAMES[role]}
          </option>
        ))}
      </select>
    </span>
  );
}
