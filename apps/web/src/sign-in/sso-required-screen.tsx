/**
 * An organization that refused the session because it holds its people to single sign-on
 * (the server's 403 `SSO_REQUIRED` at access: a session opened with a password, or by a
 * provider it does not trust). Says so, and offers its identity providers, each starting a
 * sign-in that comes back to `returnTo`. Nothing signs the person out: their other
 * organizations stay in the switcher above.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { startUrlOf, useSsoEntries } from './sso-entries';
import './sign-in.css';

export function SsoRequiredScreen({
  organizationId,
  returnTo,
}: {
  organizationId: string;
  returnTo: string;
}) {
  const trpc = useTRPC();
  // The switcher's own list: its title is known without asking the organization (which refuses).
  const organizations = useQuery(trpc.orgs.list.queryOptions({ limit: 100 }));
  const title = organizations.data?.items.find((organization) => organization.id === organizationId)?.title;
  const entries = useSsoEntries(organizationId);
  const items = entries.data?.items ?? [];
  return (
    <div className="state sso-required-screen" role="alert" aria-labelledby="sso-required-title">
      <p className="state-title" id="sso-required-title">
        {title ?? 'This organization'} requires single sign-on
      </p>
      <p>
        Its members reach it by signing in through its identity provider. You are still signed in to your
        other organizations.
      </p>
      {items.length > 0 && (
        <div className="sso-entries">
          <ul>
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
      {items.length === 0 && !entries.isPending && (
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
