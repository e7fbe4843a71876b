/**
 * A space: the sidebar (its title, its sections, its page tree, edited there by whoever may)
 * beside the screen of the route within it (a page, the change requests, one change
 * request), and the space's search box. On a phone the sidebar is a drawer, opened by the
 * space's bar and closed when a screen is chosen. The browser tab names the space and the
 * screen (a page by its title).
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link, Outlet, useParams, useRouterState } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ChangeRequestBar } from '../change-requests/change-request-bar';
import { firstDocumentPath } from '../content/page-tree-rows';
import { EditablePageTree } from '../pages/editable-page-tree';
import { PageEditingProvider, type PageLink, usePageEditing } from '../pages/page-editing';
import { locate } from '../pages/page-places';
import type { TreeSource } from '../pages/tree-source';
import { SpaceSearch } from '../search/space-search';
import { useDocumentTitle } from '../ui/document-title';
import { SpaceIcon } from '../ui/icons';
import { ErrorNotice, Loading } from '../ui/states';
import '../pages/pages.css';

/** The screens of a space beside its pages, for the browser tab. */
const SECTION_TITLES: ReadonlyArray<[RegExp, string]> = [
  [/\/~\/changes\/(\d+)/, 'Change request #$1'],
  [/\/~\/changes\/?$/, 'Change requests'],
  [/\/~\/history\/?$/, 'History'],
  [/\/~\/links\/?$/, 'Links'],
  [/\/~\/files\/?$/, 'Files'],
  [/\/~\/permissions\/?$/, 'Permissions'],
  [/\/~\/translations/, 'Translations'],
  [/\/~\/git\/?$/, 'Git Sync'],
];

function sectionTitleOf(pathname: string): string | undefined {
  for (const [pattern, title] of SECTION_TITLES) {
    const found = pattern.exec(pathname);
    if (found) return title.replace('$1', found[1] ?? '');
  }
  return undefined;
}

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId')({ component: SpaceLayout });

function SpaceLayout() {
  const { organizationId, spaceId } = Route.useParams();
  // Within a change request (its overview, or one of its pages), the tree is the change request's.
  const { number } = useParams({ strict: false }) as { number?: string };
  const source = useMemo<TreeSource>(
    () =>
      number === undefined
        ? { kind: 'space' }
        : { kind: 'changeRequest', id: number, number: Number(number) },
    [number],
  );
  const pageLink = useMemo<PageLink | undefined>(
    () =>
      number === undefined
        ? undefined
        : (path) => ({
            to: '/o/$organizationId/s/$spaceId/~/changes/$number/$',
            params: { organizationId, spaceId, number, _splat: path },
          }),
    [organizationId, spaceId, number],
  );
  return (
    <PageEditingProvider
      organizationId={organizationId}
      spaceId={spaceId}
      source={source}
      {...(pageLink ? { pageLink } : {})}
    >
      <SpaceFrame />
    </PageEditingProvider>
  );
}

function SpaceFrame() {
  const { organizationId, spaceId } = Route.useParams();
  const trpc = useTRPC();
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const pages = usePageEditing()?.pages;
  const { _splat: currentPath } = useParams({ strict: false }) as { _splat?: string };
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onSpaceHome = pathname.replace(/\/$/, '') === `/o/${organizationId}/s/${spaceId}`;
  const firstPath = firstDocumentPath(pages ?? []);
  const shownPath = onSpaceHome ? firstPath : currentPath;
  const shownPage = pages && shownPath !== undefined ? locate(pages, pathIdOf(pages, shownPath)) : null;
  const spaceTitle = space.data ? space.data.title || 'Untitled space' : undefined;
  const screenTitle =
    sectionTitleOf(pathname) ?? (shownPage ? shownPage.page.title || 'Untitled' : undefined);
  useDocumentTitle(
    spaceTitle === undefined ? undefined : screenTitle ? `${screenTitle} · ${spaceTitle}` : spaceTitle,
    1,
  );

  // The drawer of a phone: closed by choosing a screen, by Escape, or by its button.
  const [drawerOpen, setDrawerOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);
  const onSidebarKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && drawerOpen) setDrawerOpen(false);
  };

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

  return (
    <div className="space" data-drawer={drawerOpen ? 'open' : 'closed'}>
      <div className="space-bar">
        <button
          type="button"
          className="button space-bar-toggle"
          aria-expanded={drawerOpen}
          aria-controls="space-sidebar"
          aria-label="Pages and sections"
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <span aria-hidden="true">{drawerOpen ? '✕' : '☰'}</span>
          <span className="space-bar-label" aria-hidden="true">
            Pages
          </span>
        </button>
        <span className="space-bar-title">{spaceTitle}</span>
      </div>
      <nav id="space-sidebar" className="sidebar" aria-label="Space" onKeyDown={onSidebarKey}>
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
              to="/o/$organizationId/s/$spaceId/~/files"
              params={{ organizationId, spaceId }}
              className="sidebar-link"
            >
              Files
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
        <EditablePageTree currentPath={shownPath} />
      </nav>
      <div className="space-main">
        <ChangeRequestBar organizationId={organizationId} spaceId={spaceId} />
        <Outlet />
      </div>
    </div>
  );
}

/** The id of the page at a path (the tree is searched by id: `locate`). */
function pathIdOf(pages: Parameters<typeof firstDocumentPath>[0], path: string): string {
  const stack = [...pages];
  for (let page = stack.pop(); page; page = stack.pop()) {
    if (page.path === path) return page.id;
    stack.push(...page.pages);
  }
  return '';
}
