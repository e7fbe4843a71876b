/**
 * "Forgot password": the person gives their address and is told a link was mailed if it is an
 * account's — the same words whether or not it is, as the server's answer is the same.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { sessionQuery } from '../session/session-queries';
import { Brand } from '../ui/brand';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';

export function ForgotPassword() {
  const trpc = useTRPC();
  // A browser signed in already sends its session's CSRF token with the request: read it first.
  const session = useQuery(sessionQuery(trpc));
  const ask = useMutation(trpc.session.forgotPassword.mutationOptions());
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({ email: email.trim() });
  };
  return (
    <main className="screen-center">
      <div className="card sign-in">
        <Brand />
        <h1>Forgot your password?</h1>
        {ask.isSuccess ? (
          <p role="status">
            If <strong>{email.trim()}</strong> is the address of an account, a link to choose a new password
            is on its way. It works once, for an hour. No mail? Check the spam folder, or ask an
            administrator.
          </p>
        ) : (
          <form onSubmit={submit} className="form">
            <p className="muted">Give your account's address: we mail you a link to choose a new password.</p>
            <Field
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <FormError error={ask.error} />
            <button
              type="submit"
              className="button button-primary"
              disabled={ask.isPending || session.isPending}
            >
              {ask.isPending ? 'Sending…' : 'Send me a link'}
            </button>
          </form>
        )}
        <p>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
