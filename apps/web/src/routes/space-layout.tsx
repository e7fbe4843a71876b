/**
 * A space: the sidebar (its title, its sections, its page tree) beside the screen of the
 * route within it (a page, the change requests, one change request), and the space's search box.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link, Outlet, useParams, useRouterState } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { PageTree } from '../content/page-tree';
import { firstDocumentPath } from '../content/page-tree-rows';
import { SpaceSearch } from '../search/space-search';
import { SpaceIcon } from '../ui/icons';
import { Empty, ErrorNotice, Loading, QueryState } from '../ui/states';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId')({ component: SpaceLayout });

function SpaceLayout() {
  const { organizationId, spaceId } = Route.useParams();
  const trpc = useTRPC();
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const pages = useQuery(trpc.spaces.content.pages.list.queryOptions({ spaceId }));
  const { _splat: currentPath } = useParams({ strict: false }) as { _splat?: string };
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onSpaceHome = pathname.replace(/\/$/, '') === `/o/${organizationId}/s/${spaceId}`;

  if (space.error)
    return (
      <main id="main" className="screen-center">
        <ErrorNotice error={space.error} retry={() => void space.refetch()} />
      </main>
    );
  if (!space.data)
    return (
      <main id="main" className="screen-center">
        <Loading label="Opening the space…" />
      </main>
    );

  const firstPath = firstDocumentPath(pages.data?.pages ?? []);
  return (
    <div className="space">
      <nav className="sidebar" aria-label="Space">
        <div className="sidebar-head">
          <span className="space-emoji" aria-hidden="true">
            {space.data.emoji || <SpaceIcon />}
          </span>
          <h2 className="space-title">{space.data.title || 'Untitled space'}</h2>
        </div>
        <SpaceSearch spaceId={spaceId} spaceTitle={space.data.title} />
        <ul className="sidebar-sections">
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId"
              params={{ organizationId, spaceId }}
              activeOptions={{ exact: true }}
              className="sidebar-link"
            >
              Pages
            </Link>
          </li>
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId/~/changes"
              params={{ organizationId, spaceId }}
              search={{}}
              className="sidebar-link"
            >
              Change requests
              {space.data.changeRequestsOpen > 0 && (
                <span className="badge">{space.data.changeRequestsOpen}</span>
              )}
            </Link>
          </li>
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId/~/history"
              params={{ organizationId, spaceId }}
              className="sidebar-link"
            >
              History
            </Link>
          </li>
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId/~/links"
              params={{ organizationId, spaceId }}
              search={{}}
              className="sidebar-link"
            >
              Links
            </Link>
          </li>
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId/~/permissions"
              params={{ organizationId, spaceId }}
              className="sidebar-link"
            >
              Permissions
            </Link>
          </li>
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId/~/translations"
              params={{ organizationId, spaceId }}
              className="sidebar-link"
            >
              Translations
            </Link>
          </li>
          <li>
            <Link
              to="/o/$organizationId/s/$spaceId/~/git"
              params={{ organizationId, spaceId }}
              className="sidebar-link"
            >
              Git Sync
            </Link>
          </li>
        </ul>
        <QueryState
          query={pages}
          loading="Loading pages…"
          isEmpty={(data) => data.pages.length === 0}
          empty={<Empty title="No pages yet" />}
        >
          {(data) => (
            <PageTree
              pages={data.pages}
              organizationId={organizationId}
              spaceId={spaceId}
              currentPath={onSpaceHome ? firstPath : currentPath}
            />
          )}
        </QueryState>
      </nav>
      <div className="space-main">
        <Outlet />
      </div>
    </div>
  );
}
