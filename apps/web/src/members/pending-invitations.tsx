/**
 * Invitations by email not accepted yet (admins): each address with its role and when its
 * link stops working; sending one again makes a new link (shown here once, to copy, and
 * mailed when the instance has a mail server), revoking one kills its link at once. The
 * links of existing invitations are not shown: the server keeps only their hash.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { CopyLink } from './copy-link';
import { roleLabelOf } from './roles';

type Invitation = RouterOutputs['orgs']['invitations']['list']['items'][number];

const dateOf = (timestamp: string): string =>
  new Date(timestamp).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.orgs.invitations.list.queryOptions({ organizationId, limit: 1000 }));
  const [links, setLinks] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orgs.invitations.list.queryKey() });
  const resend = useMutation(
    trpc.orgs.invitations.resend.mutationOptions({
      onSuccess: async (renewed) => {
        const accept = renewed.urls.accept;
        if (accept) setLinks((current) => ({ ...current, [renewed.id]: accept }));
        await refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.orgs.invitations.revoke.mutationOptions({ onSuccess: refresh }));
  return (
    <section className="management-section" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title">Pending invitations</h2>
      <FormError error={resend.error ?? revoke.error} />
      <QueryState
        query={invitations}
        loading="Loading invitations…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No pending invitation">Everyone invited has joined.</Empty>}
      >
        {(data) => (
          <ul className="management-list" aria-label="Pending invitations">
            {data.items.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                link={links[invitation.id]}
                pending={resend.isPending || revoke.isPending}
                onResend={() => resend.mutate({ organizationId, invitationId: invitation.id })}
                onRevoke={() => revoke.mutate({ organizationId, invitationId: invitation.id })}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function InvitationRow(props: {
  invitation: Invitation;
  link: string | undefined;
  pending: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const { invitation } = props;
  return (
    <li className="management-row">
      <span className="management-main">
        <strong>{invitation.email}</strong>
        <span className="muted">
          {invitation.expired ? 'Link expired' : `Link works until ${dateOf(invitation.expiresAt)}`}
        </span>
      </span>
      <span className="badge">{roleLabelOf(invitation.role)}</span>
      <button
        type="button"
        className="button button-small"
        disabled={props.pending}
        onClick={props.onResend}
        aria-label={`Send the invitation of ${invitation.email} again`}
      >
        Resend
      </button>
      <button
        type="button"
        className="button button-small button-danger"
        disabled={props.pending}
        onClick={props.onRevoke}
        aria-label={`Revoke the invitation of ${invitation.email}`}
      >
        Revoke
      </button>
      {props.link && <CopyLink url={props.link} label={`Invitation link for ${invitation.email}`} />}
    </li>
  );
}
