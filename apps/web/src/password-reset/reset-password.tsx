/**
 * A reset link (`/reset-password/{token}`, mailed): the person chooses a new password; every
 * other browser signed in as them is signed out, and this one is signed in.
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

export function ResetPassword({ token }: { token: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A browser signed in already sends its session's CSRF token with the request: read it first.
  const session = useQuery(sessionQuery(trpc));
  const reset = useMutation(
    trpc.session.resetPassword.mutationOptions({
      onSuccess: (session) => {
        rememberSession(queryClient, trpc, session);
        void navigate({ to: '/' });
      },
    }),
  );
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token, password });
  };
  return (
    <main className="screen-center">
      <div className="card sign-in">
        <Brand />
        <h1>Choose a new password</h1>
        <form onSubmit={submit} className="form">
          <p className="muted">Setting it signs you out of every other browser.</p>
          <Field
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError error={reset.error} />
          <button
            type="submit"
            className="button button-primary"
            disabled={reset.isPending || session.isPending}
          >
            {reset.isPending ? 'Saving…' : 'Set the new password'}
          </button>
        </form>
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </div>
    </main>
  );
}
