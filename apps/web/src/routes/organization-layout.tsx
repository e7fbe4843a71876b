/**
 * An organization's frame: the top bar (the organization switcher, the person's menu) over
 * the organization's screens, with the search of all its spaces. On a phone the sections and
 * the search fold into a menu under one button (closed again by choosing a screen or Escape),
 * so the bar fits a 390 px screen without scrolling sideways. An organization that refuses
 * the session (for single sign-on, or as opened through another organization's provider)
 * shows how to sign in to reach it instead of its screens (`SsoRequiredScreen`); the bar,
 * and the person's other organizations, stay.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { OrganizationAsk } from '../ask/organization-ask';
import { NotificationBell } from '../notifications/notification-bell';
import { OrganizationSwitcher } from '../organizations/organization-switcher';
import { OrganizationSearch } from '../search/organization-search';
import { UserMenu } from '../session/user-menu';
import { sessionRefusalOf } from '../sign-in/sso-refusal';
import { SsoRequiredScreen } from '../sign-in/sso-required-screen';
import { Brand } from '../ui/brand';
import { ErrorNotice } from '../ui/states';
import '../management/navigation.css';
import './organization-topbar.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId')({ component: OrganizationLayout });

function OrganizationLayout() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const organization = useQuery(trpc.orgs.get.queryOptions({ organizationId }));
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const refusal = sessionRefusalOf(organization.error);
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  return (
    <div className="frame">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar" data-menu={menuOpen ? 'open' : 'closed'}>
        <Link
          to="/o/$organizationId"
          params={{ organizationId }}
          className="topbar-brand"
          aria-label="Quire home"
        >
          <Brand />
        </Link>
        <OrganizationSwitcher organizationId={organizationId} />
        <button
          type="button"
          className="button topbar-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="organization-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span> Menu
        </button>
        <div id="organization-menu" className="topbar-menu">
          <nav className="topbar-nav" aria-label="Organization">
            <Link to="/o/$organizationId" params={{ organizationId }} activeOptions={{ exact: true }}>
              Spaces
            </Link>
            <Link to="/o/$organizationId/change-requests" params={{ organizationId }}>
              Reviews
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
          <OrganizationAsk organizationId={organizationId} />
        </div>
        <div className="topbar-end">
          <NotificationBell />
          <UserMenu />
        </div>
      </header>
      {organization.error ? (
        <main id="main" className="screen-center">
          {refusal ? (
            <SsoRequiredScreen organizationId={organizationId} returnTo={pathname} refusal={refusal} />
          ) : (
            <ErrorNotice error={organization.error} retry={() => void organization.refetch()} />
          )}
        </main>
      ) : (
        <Outlet />
      )}
    </div>
  );
}
