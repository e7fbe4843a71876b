/**
 * An organization's settings (admins): its title, logo, hostname and default role, joining
 * by email domain, invite links on or off, single sign-on, and the danger zone. Someone who
 * is not an admin is told so and sees none of it (the server refuses their changes anyway).
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { AuditLogSettings } from '../audit/audit-log-settings';
import { DangerZone } from '../organization-settings/danger-zone';
import { EmailDomains } from '../organization-settings/email-domains';
import { GeneralSettings } from '../organization-settings/general-settings';
import type { Organization } from '../organization-settings/organization-types';
import { SettingsSwitch } from '../organization-settings/settings-switch';
import { SsoSettings } from '../organization-settings/sso-settings';
import { QueryState } from '../ui/states';
import { WebhooksSettings } from '../webhooks/webhooks-settings';
import '../management/management.css';
import '../sites/sites.css';
import '../organization-settings/organization-settings.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/settings')({
  component: OrganizationSettings,
});

function OrganizationSettings() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  return (
    <main id="main" className="page-main narrow">
      <QueryState query={organization} loading="Loading the organization…">
        {(current) => <SettingsOf organizationId={organizationId} current={current} />}
      </QueryState>
    </main>
  );
}

function SettingsOf({ organizationId, current }: { organizationId: string; current: Organization }) {
  if (!current.permissions.admin)
    return (
      <>
        <h1>Settings of {current.title}</h1>
        <div className="state state-error" role="alert">
          <p className="state-title">Only admins change these settings</p>
          <p>Ask an admin of {current.title} to change its title, its people’s access or its sign-in.</p>
          <div className="state-actions">
            <Link to="/o/$organizationId" params={{ organizationId }} className="button">
              Back to the spaces
            </Link>
          </div>
        </div>
      </>
    );
  return (
    <>
      <h1>Settings of {current.title}</h1>
      <GeneralSettings organization={current} />
      <EmailDomains organization={current} />
      <section className="management-section" aria-labelledby="invite-links-setting-title">
        <h2 id="invite-links-setting-title">Invite links</h2>
        <SettingsSwitch
          organization={current}
          field="inviteLinks"
          label="Allow invite links"
          hint={
            current.inviteLinks
              ? 'Whoever opens one of the organization’s invite links can join with its role.'
              : 'Invite links do not let anyone join.'
          }
        />
        <p className="muted">
          <Link to="/o/$organizationId/members" params={{ organizationId }}>
            Make and copy invite links in People
          </Link>
        </p>
      </section>
      <SsoSettings organization={current} />
      <WebhooksSettings organizationId={organizationId} />
      <AuditLogSettings organizationId={organizationId} />
      <DangerZone organizationId={organizationId} title={current.title} />
    </>
  );
}
