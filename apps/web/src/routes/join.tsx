/**
 * Joining an organization through an invite link (`/invite/{organization}/{token}`): the
 * person sets their name, email and password, and lands in the organization, signed in.
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
  return (
    <main className="screen-center">
      <div className="card sign-in">
        <Brand />
        <h1>Join the organization</h1>
        <p className="muted">You were invited to Quire. Tell us who you are and choose a password.</p>
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
