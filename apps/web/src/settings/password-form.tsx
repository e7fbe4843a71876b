/**
 * Changing one's password (`session.changePassword`): the current one, then the new one. The
 * server signs every other browser out and this one in again, whose new session (and CSRF
 * token) the app keeps. An account made through single sign-on has no password to give: it
 * sets one with "Forgot password" on the sign-in screen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { rememberSession } from '../session/session-queries';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';

export function PasswordForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation(
    trpc.session.changePassword.mutationOptions({
      onSuccess: (session) => {
        rememberSession(queryClient, trpc, session);
        setCurrentPassword('');
        setPassword('');
        // The other browsers' sessions are gone from the list.
        void queryClient.invalidateQueries({ queryKey: trpc.user.sessions.list.queryKey() });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ currentPassword, password });
  };
  return (
    <section className="management-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={submit} className="form">
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint='No password yet (you sign in with a token or single sign-on)? Set one with "Forgot password?" on the sign-in screen.'
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          hint="10 characters or more, not a common password. Your other browsers will be signed out."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError error={change.error} />
        {change.isSuccess && !change.isPending && (
          <p role="status">Password changed. Your other browsers were signed out.</p>
        )}
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
