/**
 * Accepting an invitation by email (`/invite/{token}`, from the mail or a copied link): the
 * screen says which organization and role it is for, then the person chooses a name and a
 * password (or gives their account's password when the address has one) and lands in the
 * organization, signed in. An organization that signs in through single sign-on takes no
 * password: the screen sends the person to its sign-in instead.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { MIN_PASSWORD_LENGTH } from '../session/credential-fields';
import { rememberSession, sessionQuery } from '../session/session-queries';
import { Brand } from '../ui/brand';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { ErrorNotice, Loading } from '../ui/states';

export function AcceptInvitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const invitation = useQuery({ ...trpc.session.invitation.queryOptions({ token }), retry: false });
  return (
    <main className="screen-center">
      <div className="card sign-in">
        <Brand />
        {invitation.isPending ? (
          <Loading label="Opening the invitation…" />
        ) : invitation.isError ? (
          <>
            <h1>This invitation does not work</h1>
            <ErrorNotice error={invitation.error} title="Invitation not usable" />
            <p>
              <Link to="/sign-in">Sign in</Link> if you have an account already.
            </p>
          </>
        ) : (
          <InvitationForm token={token} invitation={invitation.data} />
        )}
      </div>
    </main>
  );
}

interface InvitationView {
  organization: { id: string; title: string };
  email: string;
  role: string | null;
  hasAccount: boolean;
  ssoRequired: boolean;
}

function InvitationForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A browser signed in already sends its session's CSRF token with the request: read it first.
  const session = useQuery(sessionQuery(trpc));
  const accept = useMutation(
    trpc.session.acceptInvitation.mutationOptions({
      onSuccess: (accepted) => {
        rememberSession(queryClient, trpc, { user: accepted.user, csrfToken: accepted.csrfToken });
        void navigate({ to: '/o/$organizationId', params: { organizationId: accepted.organizationId } });
      },
    }),
  );
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate({ token, displayName: displayName.trim() || invitation.email, password });
  };
  const role = invitation.role ?? 'guest';
  return (
    <>
      <h1>Join {invitation.organization.title}</h1>
      <p className="muted">
        You were invited as <strong>{invitation.email}</strong>, with the role <strong>{role}</strong>.
      </p>
      {invitation.ssoRequired && !invitation.hasAccount ? (
        <p>
          {invitation.organization.title} signs in through single sign-on.{' '}
          <Link to="/sign-in" search={{ org: invitation.organization.id }}>
            Sign in with your organization's account
          </Link>
          .
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          {invitation.ssoRequired && (
            <p>
              Confirm that this account is yours with its password. Afterwards you sign in to{' '}
              {invitation.organization.title} through its single sign-on.
            </p>
          )}
          {!invitation.hasAccount && (
            <Field
              label="Your name"
              name="name"
              autoComplete="name"
              required
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          )}
          <Field
            label={invitation.hasAccount ? 'Your password' : 'Choose a password'}
            type="password"
            name="password"
            autoComplete={invitation.hasAccount ? 'current-password' : 'new-password'}
            required
            {...(invitation.hasAccount
              ? { hint: 'This address has an account: its password joins the organization.' }
              : {
                  minLength: MIN_PASSWORD_LENGTH,
                  hint: `At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`,
                })}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError error={accept.error} />
          <button
            type="submit"
            className="button button-primary"
            disabled={accept.isPending || session.isPending}
          >
            {accept.isPending ? 'Joining…' : `Join ${invitation.organization.title}`}
          </button>
        </form>
      )}
    </>
  );
}
