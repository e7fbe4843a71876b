/**
 * The app's routes, typed (params and search are checked at every `Link`), each screen's code
 * loaded when its route is first visited (`.lazy`). Paths follow the `urls.app` the server
 * gives its resources: `/o/{organization}`, `/o/{organization}/s/{space}/{page path}`,
 * `/o/{organization}/s/{space}/~/changes/{number}`, `/invite/{organization}/{token}`.
 *
 * Every route under `signedIn` needs a session: without one it leads to the sign-in screen,
 * which comes back here once signed in.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import type { Trpc } from './api/trpc';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestStatus } from './change-requests/change-request-status';
import { LINK_STATUSES, type LinkStatus } from './links/link-status';
import { sessionQuery } from './session/session-queries';
import { ErrorNotice, Loading } from './ui/states';
import { TitledOutlet } from './ui/titled-outlet';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: TitledOutlet,
  errorComponent: ({ error, reset }) => (
    <main className="screen-center">
      <ErrorNotice error={error} retry={reset} />
    </main>
  ),
  notFoundComponent: () => (
    <main className="screen-center">
      <ErrorNotice error={new Error('There is no page at this address.')} title="Not found" />
    </main>
  ),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  // `org`: the organization whose SSO entries the screen offers.
  validateSearch: (search: Record<string, unknown>): { redirect?: string; org?: string } => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(typeof search.org === 'string' && search.org !== '' ? { org: search.org } : {}),
  }),
}).lazy(() => import('./routes/sign-in').then((module) => module.Route));

const joinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invite/$organizationId/$token',
}).lazy(() => import('./routes/join').then((module) => module.Route));

/** An invitation by email (`/invite/{token}`, mailed or copied): accepting it signs the person up. */
const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invite/$token',
}).lazy(() => import('./routes/accept-invitation').then((module) => module.Route));

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
}).lazy(() => import('./routes/forgot-password').then((module) => module.Route));

/** A password reset link (`/reset-password/{token}`, mailed): sets a new password. */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password/$token',
}).lazy(() => import('./routes/reset-password').then((module) => module.Route));

/** A 'public' API spec's reference, for anyone: no session needed (the spec's `urls.published`). */
const publishedSpecRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '~openapi/$organizationId/$specSlug',
}).lazy(() => import('./routes/published-openapi-spec').then((module) => module.Route));

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signedIn',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery(context.trpc));
    if (session === null) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    return { session };
  },
  pendingComponent: () => <Loading label="Opening Quire…" />,
});

const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
}).lazy(() => import('./routes/home').then((module) => module.Route));

const organizationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'o/$organizationId',
}).lazy(() => import('./routes/organization-layout').then((module) => module.Route));

const organizationHomeRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: '/',
}).lazy(() => import('./routes/organization-home').then((module) => module.Route));

const spaceRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 's/$spaceId',
}).lazy(() => import('./routes/space-layout').then((module) => module.Route));

const spaceHomeRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/',
}).lazy(() => import('./routes/page-view').then((module) => module.FirstPageRoute));

const changeRequestsRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/changes',
  validateSearch: (search: Record<string, unknown>): { status?: ChangeRequestStatus } =>
    CHANGE_REQUEST_STATUSES.includes(search.status as ChangeRequestStatus)
      ? { status: search.status as ChangeRequestStatus }
      : {},
}).lazy(() => import('./routes/change-requests').then((module) => module.Route));

/** A change request: its overview at its address, its pages under it (GitBook's `~/changes/{n}/{path}`). */
const changeRequestRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/changes/$number',
});

const changeRequestHomeRoute = createRoute({
  getParentRoute: () => changeRequestRoute,
  path: '/',
}).lazy(() => import('./routes/change-request').then((module) => module.Route));

/** A page inside a change request: its own version, edited there. */
const changeRequestPageRoute = createRoute({
  getParentRoute: () => changeRequestRoute,
  path: '$',
}).lazy(() => import('./routes/change-request-page').then((module) => module.Route));

const spaceLinksRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/links',
  validateSearch: (search: Record<string, unknown>): { status?: LinkStatus } =>
    LINK_STATUSES.includes(search.status as LinkStatus) ? { status: search.status as LinkStatus } : {},
}).lazy(() => import('./routes/space-links').then((module) => module.Route));

const spaceFilesRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/files',
}).lazy(() => import('./routes/space-files').then((module) => module.Route));

const spaceTranslationsRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/translations',
}).lazy(() => import('./routes/space-translations').then((module) => module.Route));

const spaceGitSyncRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/git',
}).lazy(() => import('./routes/space-git-sync').then((module) => module.Route));

/** A translation beside its source, at one page of the source (`?page=<pageId>`, the first by default). */
const translationCompareRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/translations/$translationId',
  validateSearch: (search: Record<string, unknown>): { page?: string } =>
    typeof search.page === 'string' && search.page !== '' ? { page: search.page } : {},
}).lazy(() => import('./routes/translation-compare').then((module) => module.Route));

const pageRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '$',
}).lazy(() => import('./routes/page-view').then((module) => module.PageRoute));

const organizationMembersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'members',
}).lazy(() => import('./routes/organization-members').then((module) => module.Route));

/** The organization's change requests: waiting for my review, mine, every open one. */
const organizationChangeRequestsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'change-requests',
}).lazy(() => import('./routes/organization-change-requests').then((module) => module.Route));

const organizationSettingsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings',
}).lazy(() => import('./routes/organization-settings').then((module) => module.Route));

const sitesRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'sites',
}).lazy(() => import('./routes/sites').then((module) => module.Route));

const siteRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'sites/$siteId',
}).lazy(() => import('./routes/site').then((module) => module.Route));

const openApiSpecsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'openapi',
}).lazy(() => import('./routes/openapi-specs').then((module) => module.Route));

const openApiSpecRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'openapi/$specSlug',
}).lazy(() => import('./routes/openapi-spec').then((module) => module.Route));

const spaceHistoryRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/history',
}).lazy(() => import('./routes/space-history').then((module) => module.Route));

const spacePermissionsRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '~/permissions',
}).lazy(() => import('./routes/space-permissions').then((module) => module.Route));

const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'settings',
}).lazy(() => import('./routes/user-settings').then((module) => module.Route));

export const routeTree = rootRoute.addChildren([
  signInRoute,
  joinRoute,
  acceptInvitationRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  publishedSpecRoute,
  signedInRoute.addChildren([
    homeRoute,
    organizationRoute.addChildren([
      organizationHomeRoute,
      organizationMembersRoute,
      organizationChangeRequestsRoute,
      organizationSettingsRoute,
      sitesRoute,
      siteRoute,
      openApiSpecsRoute,
      openApiSpecRoute,
      spaceRoute.addChildren([
        spaceHomeRoute,
        changeRequestsRoute,
        changeRequestRoute.addChildren([changeRequestHomeRoute, changeRequestPageRoute]),
        spaceHistoryRoute,
        spacePermissionsRoute,
        spaceLinksRoute,
        spaceFilesRoute,
        spaceTranslationsRoute,
        translationCompareRoute,
        spaceGitSyncRoute,
        pageRoute,
      ]),
    ]),
    settingsRoute,
  ]),
]);

export function createQuireRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Data is TanStack Query's to cache: the router never holds it longer than the queries do.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createQuireRouter>;
  }
}
