/**
 * Why a password or token was refused when the person must use single sign-on: their
 * organization enforces it (or made them an SSO member). When the screen knows the
 * organization, its identity providers are right above; otherwise the person is told where
 * the way in is.
 */
import { useSsoEntries } from './sso-entries';

export function SsoRequiredNotice({ organizationId }: { organizationId: string | undefined }) {
  const entries = useSsoEntries(organizationId);
  const offered = (entries.data?.items.length ?? 0) > 0;
  return (
    <div className="sso-required" role="alert">
      <p>
        <strong>Your organization requires single sign-on.</strong> Passwords and API tokens are not accepted
        for its members.
      </p>
      <p className="muted">
        {offered
          ? 'Sign in with its identity provider above.'
          : 'Open the sign-in link your organization’s admin gave you, which offers its identity provider, or ask them for it.'}
      </p>
    </div>
  );
}
