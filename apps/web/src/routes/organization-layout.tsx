/**
 * An organization's frame: the top bar (the organization switcher, the person's menu) over
 * the organization's screens, with the search of all its spaces.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link, Outlet } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { NotificationBell } from '../notifications/notification-bell';
import { OrganizationSwitcher } from '../organizations/organization-switcher';
import { OrganizationSearch } from '../search/organization-search';
import { UserMenu } from '../session/user-menu';
import { Brand } from '../ui/brand';
import { ErrorNotice } from '../ui/states';
import '../management/navigation.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId')({ component: OrganizationLayout });

function OrganizationLayout() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  return (
    <div className="frame">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Link
          to="/o/$organizationId"
          params={{ organizationId }}
          className="topbar-brand"
          aria-label="Quire home"
        >
          <Brand />
        </Link>
        <OrganizationSwitcher organizationId={organizationId} />
        <nav className="topbar-nav" aria-label="Organization">
          <Link to="/o/$organizationId" params={{ organizationId }} activeOptions={{ exact: true }}>
            Spaces
          </Link>
          <Link to="/o/$organizationId/members" params={{ organizationId }}>
            People
          </Link>
          <Link to="/o/$organizationId/sites" params={{ organizationId }}>
            Sites
          </Link>
          <Link to="/o/$organizationId/openapi" params={{ organizationId }}>
            API specs
          </Link>
          <Link to="/settings">Settings</Link>
        </nav>
        <OrganizationSearch organizationId={organizationId} />
        <div className="topbar-end">
          <NotificationBell />
          <UserMenu />
        </div>
      </header>
      {organization.error ? (
        <main id="main" className="screen-center">
          <ErrorNotice error={organization.error} retry={() => void organization.refetch()} />
        </main>
      ) : (
        <Outlet />
      )}
    </div>
  );
}
