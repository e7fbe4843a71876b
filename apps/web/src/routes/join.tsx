/**
 * Joining an organization through an invite link (`/invite/{organization}/{token}`): the
 * person gives their name, email and password. With an account's password they land in the
 * organization, signed in; a new address is mailed an invitation, whose link makes the
 * account (so nobody takes an address that is not theirs), and the screen says so.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { CredentialFields } from '../session/credential-fields';
import { rememberSession } from '../session/session-queries';
import { Brand } from '../ui/brand';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';

export const Route = createLazyRoute('/invite/$organizationId/$token')({ component: JoinScreen });

function JoinScreen() {
  const { token } = Route.useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation(
    trpc.session.join.mutationOptions({
      onSuccess: (joined) => {
        if ('mailedTo' in joined) return;
        rememberSession(queryClient, trpc, { user: joined.user, csrfToken: joined.csrfToken });
        void navigate({ to: '/o/$organizationId', params: { organizationId: joined.organizationId } });
      },
    }),
  );
  const [displayName, setDisplayName] = useState('');
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({
      invite: token,
      displayName: displayName.trim(),
      email: credentials.email.trim(),
      password: credentials.password,
    });
  };
  const mailed = join.data && 'mailedTo' in join.data ? join.data.mailedTo : null;
  if (mailed)
    return (
      <main className="screen-center">
        <div className="card sign-in" role="status">
          <Brand />
          <h1>Check your mail</h1>
          <p>
            An invitation to join is in the mail for <strong>{mailed}</strong>. Open its link to finish
            joining: you choose your password there.
          </p>
          <p className="muted">
            Nothing came? Look in your spam folder, or ask an admin of the organization.
          </p>
        </div>
      </main>
    );
  return (
    <main className="screen-center">
      <div className="card sign-in">
        <Brand />
        <h1>Join the organization</h1>
        <p className="muted">
          You were invited to Quire. Tell us who you are: if you have an account with this email, give its
          password; if not, we mail you a link to make one.
        </p>
        <form onSubmit={submit} className="form">
          <Field
            label="Your name"
            name="name"
            autoComplete="name"
            required
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
          <CredentialFields value={credentials} onChange={setCredentials} password="new" />
          <FormError error={join.error} />
          <button type="submit" className="button button-primary" disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join'}
          </button>
        </form>
      </div>
    </main>
  );
}
