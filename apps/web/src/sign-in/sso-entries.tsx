/**
 * The ways into an organization through single sign-on, for the sign-in screen: one link per
 * identity provider (`orgs.sso.list`, GitBook's `GET ORG/sso`), each starting its sign-in at
 * the server and coming back to `returnTo`. Shown only when the screen knows the
 * organization (`?org=`) and the server lists its entries; otherwise nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';

/** A provider's start address, asked to come back to a path of the app once signed in. */
export function startUrlOf(startURL: string, returnTo: string): string {
  const url = new URL(startURL, window.location.origin);
  url.searchParams.set('returnTo', returnTo);
  return url.toString();
}

export function useSsoEntries(organizationId: string | undefined) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.orgs.sso.list.queryOptions({ organizationId: organizationId ?? '' }),
    enabled: organizationId !== undefined,
    retry: false,
  });
}

export function SsoEntries({
  organizationId,
  returnTo,
}: {
  organizationId: string | undefined;
  returnTo: string;
}) {
  const entries = useSsoEntries(organizationId);
  const items = entries.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="sso-entries" aria-labelledby="sso-entries-title">
      <h2 id="sso-entries-title">Single sign-on</h2>
      <ul>
        {items.map((entry) => (
          <li key={entry.id}>
            <a className="button sso-entry" href={startUrlOf(entry.startURL, returnTo)}>
              Sign in with {entry.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="sso-divider muted">or</p>
    </section>
  );
}
