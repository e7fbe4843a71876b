/**
 * Joining an organization through an invite link (`/invite/{organization}/{token}`): the
 * person sets their name, email and password, and lands in the organization, signed in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { useTRPC } from '../api/trpc';
import { rememberSession } from '../session/session-queries';
import { Brand } from '../ui/brand';
import { Field } from '../ui/field';

export const Route = createLazyRoute('/invite/$organizationId/$token')({ component: JoinScreen });

/** At least this long: the server's rule (the domain's PasswordSchema), said before sending. */
const MIN_PASSWORD_LENGTH = 10;

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({ invite: token, displayName: displayName.trim(), email: email.trim(), password });
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
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {join.error && (
            <p className="form-error" role="alert">
              {apiErrorOf(join.error).message}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join'}
          </button>
        </form>
      </div>
    </main>
  );
}
