/**
 * Signing in: through the organization's identity providers when the screen knows the
 * organization (`?org=`, or the organization of the path the person was going to), with an email address and a password, or with an API token (issued
 * by an administrator or with `quire`); either way the browser then holds a session cookie.
 * Once signed in, back to where the person was going (`redirect`), or to their organizations.
 * A person held to single sign-on is told why their password or token was refused.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Link, useRouter } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import type { Session } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { CredentialFields } from '../session/credential-fields';
import { rememberSession, safeRedirect } from '../session/session-queries';
import { organizationOfPath } from '../sign-in/organization-of-path';
import { SsoEntries } from '../sign-in/sso-entries';
import { isSsoRequired } from '../sign-in/sso-refusal';
import { SsoRequiredNotice } from '../sign-in/sso-required-notice';
import { Brand } from '../ui/brand';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import '../sign-in/sign-in.css';

export const Route = createLazyRoute('/sign-in')({ component: SignInScreen });

function SignInScreen() {
  const { redirect, org } = Route.useSearch();
  return <SignIn redirect={redirect} organizationId={org ?? organizationOfPath(redirect)} />;
}

export function SignIn({
  redirect,
  organizationId,
}: {
  redirect?: string | undefined;
  organizationId?: string | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const onSignedIn = (session: Session) => {
    rememberSession(queryClient, trpc, session);
    router.history.push(safeRedirect(redirect));
  };
  const withPassword = useMutation(trpc.session.signIn.mutationOptions({ onSuccess: onSignedIn }));
  const withToken = useMutation(trpc.session.signInWithToken.mutationOptions({ onSuccess: onSignedIn }));

  return (
    <main className="screen-center">
      <div className="card sign-in">
        <Brand />
        <h1>Sign in</h1>
        {redirect !== undefined && redirect !== '/' && (
          <p className="muted">Sign in to go on where you were.</p>
        )}
        <SsoEntries organizationId={organizationId} returnTo={safeRedirect(redirect)} />
        {(isSsoRequired(withPassword.error) || isSsoRequired(withToken.error)) && (
          <SsoRequiredNotice organizationId={organizationId} />
        )}
        <Tabs.Root defaultValue="password" className="tabs">
          <Tabs.List className="tabs-list" aria-label="How to sign in">
            <Tabs.Trigger value="password" className="tabs-trigger">
              Email and password
            </Tabs.Trigger>
            <Tabs.Trigger value="token" className="tabs-trigger">
              API token
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="password" className="tabs-content">
            <PasswordForm
              pending={withPassword.isPending}
              error={withPassword.error}
              onSubmit={(email, password) => withPassword.mutate({ email, password })}
            />
          </Tabs.Content>
          <Tabs.Content value="token" className="tabs-content">
            <TokenForm
              pending={withToken.isPending}
              error={withToken.error}
              onSubmit={(token) => withToken.mutate({ token })}
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </main>
  );
}

function PasswordForm(props: {
  pending: boolean;
  error: unknown;
  onSubmit: (email: string, password: string) => void;
}) {
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(credentials.email.trim(), credentials.password);
  };
  return (
    <form onSubmit={submit} className="form">
      <CredentialFields value={credentials} onChange={setCredentials} password="current" />
      <Link to="/forgot-password" className="muted">
        Forgot password?
      </Link>
      <FormError error={isSsoRequired(props.error) ? null : props.error} />
      <button type="submit" className="button button-primary" disabled={props.pending}>
        {props.pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function TokenForm(props: { pending: boolean; error: unknown; onSubmit: (token: string) => void }) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(token.trim());
  };
  return (
    <form onSubmit={submit} className="form">
      <Field
        label="API token"
        type="password"
        name="token"
        autoComplete="off"
        spellCheck={false}
        required
        hint="A token an administrator issued for you, or one made with quire tokens issue."
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <FormError error={isSsoRequired(props.error) ? null : props.error} />
      <button type="submit" className="button button-primary" disabled={props.pending}>
        {props.pending ? 'Signing in…' : 'Sign in with token'}
      </button>
    </form>
  );
}
