/**
 * An organization's people: its members (roles, teams and removal for admins), its teams with
 * their members, and, for admins, invitations by email (pending ones resent or revoked),
 * invite links, and the way to the organization's settings.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useTRPC } from '../api/trpc';
import { InviteByEmail, InviteLinks } from '../members/invites';
import { MembersList } from '../members/members-list';
import { PendingInvitations } from '../members/pending-invitations';
import { TeamsList } from '../members/teams-list';
import { ErrorNotice, Loading } from '../ui/states';
import '../management/management.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/members')({
  component: OrganizationMembers,
});

function OrganizationMembers() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  if (organization.error)
    return (
      <main id="main" className="page-main narrow">
        <ErrorNotice error={organization.error} retry={() => void organization.refetch()} />
      </main>
    );
  if (!organization.data)
    return (
      <main id="main" className="page-main narrow">
        <Loading label="Loading the organization…" />
      </main>
    );
  const { permissions } = organization.data;
  return (
    <main id="main" className="page-main narrow">
      <h1>People of {organization.data.title}</h1>
      {permissions.admin && (
        <p>
          <Link to="/o/$organizationId/settings" params={{ organizationId }}>
            Organization settings
          </Link>
        </p>
      )}
      <Tabs.Root defaultValue="members">
        <Tabs.List className="tabs-list" aria-label="People">
          <Tabs.Trigger value="members" className="tabs-trigger">
            Members
          </Tabs.Trigger>
          <Tabs.Trigger value="teams" className="tabs-trigger">
            Teams
          </Tabs.Trigger>
          {permissions.admin && (
            <Tabs.Trigger value="invites" className="tabs-trigger">
              Invites
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="members">
          <MembersList organizationId={organizationId} isAdmin={permissions.admin} />
        </Tabs.Content>
        <Tabs.Content value="teams">
          <TeamsList organizationId={organizationId} canCreate={permissions.admin || permissions.ownTeam} />
        </Tabs.Content>
        {permissions.admin && (
          <Tabs.Content value="invites">
            <InviteByEmail organizationId={organizationId} />
            <PendingInvitations organizationId={organizationId} />
            <InviteLinks organizationId={organizationId} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </main>
  );
}
