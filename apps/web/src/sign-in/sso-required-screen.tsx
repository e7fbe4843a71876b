/**
 * An organization that refused the session (the server's 403 at access,
 * policies/session-reach.ts), in either of its two ways:
 * - `sso-required`: it holds its people to single sign-on and the session was opened with a
 *   password, or by a provider it does not trust. Says so, and offers its identity providers.
 * - `another-provider`: the session was opened through another organization's identity
 *   provider, whose sessions reach only the organizations trusting it. Says so, and offers
 *   the sign-in page ("Sign in with your password", which replaces the session) and the
 *   organization's own providers, if it has any.
 * Each way in comes back to `returnTo`. Nothing signs the person out: their other
 * organizations stay in the switcher above.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { startUrlOf, useSsoEntries } from './sso-entries';
import type { SessionRefusal } from './sso-refusal';
import './sign-in.css';

export function SsoRequiredScreen({
  organizationId,
  returnTo,
  refusal = 'sso-required',
}: {
  organizationId: string;
  returnTo: string;
  refusal?: SessionRefusal;
}) {
  const trpc = useTRPC();
  // The switcher's own list: its title is known without asking the organization (which refuses).
  const organizations = useQuery(trpc.orgs.list.queryOptions({ limit: 100 }));
  const title = organizations.data?.items.find((organization) => organization.id === organizationId)?.title;
  const entries = useSsoEntries(organizationId);
  const items = entries.data?.items ?? [];
  const otherProvider = refusal === 'another-provider';
  return (
    <div className="state sso-required-screen" role="alert" aria-labelledby="sso-required-title">
      <p className="state-title" id="sso-required-title">
        {otherProvider
          ? `${title ?? 'This organization'} is not reached with a session opened through another organization's identity provider`
          : `${title ?? 'This organization'} requires single sign-on`}
      </p>
      <p>
        {otherProvider
          ? 'Sign in with your password to reach it, or through its own identity provider if it has one.'
          : 'Its members reach it by signing in through its identity provider.'}{' '}
        You are still signed in to your other organizations.
      </p>
      {(otherProvider || items.length > 0) && (
        <div className="sso-entries">
          <ul>
            {otherProvider && (
              <li>
                <Link
                  className="button button-primary"
                  to="/sign-in"
                  search={{ redirect: returnTo, org: organizationId }}
                >
                  Sign in with your password
                </Link>
              </li>
            )}
            {items.map((entry) => (
              <li key={entry.id}>
                <a className="button button-primary sso-entry" href={startUrlOf(entry.startURL, returnTo)}>
                  Sign in with {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!otherProvider && items.length === 0 && !entries.isPending && (
        <p className="state-advice">Ask an administrator of the organization for its sign-in link.</p>
      )}
      <div className="state-actions">
        <Link to="/" className="button">
          Go to your organizations
        </Link>
      </div>
    </div>
  );
}
