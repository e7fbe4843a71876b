/**
 * Bringing people in (admins): inviting addresses with a role (`orgs.invite`: each address
 * not yet a member gets a pending invitation, mailed when the instance has a mail server, its
 * link shown here once to copy), and invite links, each with the URL to copy and send, made
 * for a role and deleted when no longer wanted.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { CopyLink } from './copy-link';
import { RoleSelect } from './role-select';
import { type RoleOrGuest, roleLabelOf } from './roles';

type InviteLink = RouterOutputs['orgs']['inviteLinks']['list']['items'][number];
type Invitation = RouterOutputs['orgs']['invite']['invitations'][number];

/** The addresses of a comma-, space- or line-separated list. */
export const emailsOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

export function InviteByEmail({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [role, setRole] = useState<RoleOrGuest>('read');
  const [result, setResult] = useState<string | null>(null);
  const [sent, setSent] = useState<Invitation[]>([]);
  const invite = useMutation(
    trpc.orgs.invite.mutationOptions({
      onSuccess: async ({ invited, invitations }, { emails }) => {
        setText('');
        setSent(invitations);
        const members = emails.length - invited;
        setResult(
          `${invited} ${invited === 1 ? 'invitation' : 'invitations'} sent` +
            (members > 0 ? `; ${members} already a member.` : '.'),
        );
        await queryClient.invalidateQueries({ queryKey: trpc.orgs.invitations.list.queryKey() });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setSent([]);
    invite.mutate({ organizationId, emails: emailsOf(text), role });
  };
  return (
    <section className="management-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invite by email</h2>
      <form className="inline-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={id}>Email addresses</label>
          <input
            id={id}
            value={text}
            required
            placeholder="grace@example.com, alan@example.com"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <RoleSelect label="Role" value={role} onChange={setRole} allowGuest />
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          Invite
        </button>
      </form>
      <div aria-live="polite">{result && <p className="notice">{result}</p>}</div>
      {sent.some((invitation) => invitation.urls.accept) && (
        <ul className="management-list" aria-label="Invitation links">
          {sent.map(
            (invitation) =>
              invitation.urls.accept && (
                <li key={invitation.id} className="management-row">
                  <span className="management-main">{invitation.email}</span>
                  <CopyLink url={invitation.urls.accept} label={`Invitation link for ${invitation.email}`} />
                </li>
              ),
          )}
        </ul>
      )}
      <FormError error={invite.error} />
    </section>
  );
}

export function InviteLinks({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<RoleOrGuest>('read');
  const links = useQuery(trpc.orgs.inviteLinks.list.queryOptions({ organizationId, limit: 1000 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orgs.inviteLinks.list.queryKey() });
  const create = useMutation(trpc.orgs.inviteLinks.create.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.orgs.inviteLinks.remove.mutationOptions({ onSuccess: refresh }));
  const failure = create.error ?? remove.error;
  return (
    <section className="management-section" aria-labelledby="invite-links-title">
      <h2 id="invite-links-title">Invite links</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ organizationId, role });
        }}
      >
        <RoleSelect label="Role of who joins" value={role} onChange={setRole} allowGuest />
        <button type="submit" className="button" disabled={create.isPending}>
          Create invite link
        </button>
      </form>
      <FormError error={failure} />
      <QueryState
        query={links}
        loading="Loading invite links…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No invite links">Whoever opens an invite link can join with its role.</Empty>}
      >
        {(data) => (
          <ul className="management-list" aria-label="Invite links">
            {data.items.map((link) => (
              <InviteLinkRow
                key={link.id}
                link={link}
                removing={remove.isPending}
                onRemove={() => remove.mutate({ organizationId, inviteId: link.id })}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function InviteLinkRow({
  link,
  removing,
  onRemove,
}: {
  link: InviteLink;
  removing: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.urls.app);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <li className="management-row">
      <span className="badge">{roleLabelOf(link.role)}</span>
      <label htmlFor={id} className="visually-hidden">
        Invite link for {roleLabelOf(link.role)}
      </label>
      <input
        id={id}
        className="invite-url"
        readOnly
        value={link.urls.app}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button button-small" onClick={() => void copy()}>
        Copy
      </button>
      <span aria-live="polite" className="muted">
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Select the link and copy it' : ''}
      </span>
      <button
        type="button"
        className="button button-small button-danger"
        disabled={removing}
        onClick={onRemove}
        aria-label={`Delete the invite link for ${roleLabelOf(link.role)}`}
      >
        Delete
      </button>
    </li>
  );
}
