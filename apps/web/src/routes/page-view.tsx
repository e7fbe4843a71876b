/**
 * A page of a space, rendered, with its comments: by its path (`/o/…/s/…/{path}`), or the
 * first page at the space's own address; an empty space invites whoever may edit it to write
 * its first page (or start from a template). Beside the page's "Edit", its actions menu
 * (settings, duplicate, hide, move, delete: the page tree's edits, `pages/page-editing.tsx`).
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, useParams, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { CommentsPanel } from '../comments/comments-panel';
import { PageCover } from '../content/page-cover';
import { PageIcon } from '../content/page-icon';
import { ReadablePage } from '../content/readable-page';
import { FirstPageInvite } from '../pages/first-page-invite';
import { PageActionsMenu } from '../pages/page-actions';
import { usePageEditing } from '../pages/page-editing';
import { locate } from '../pages/page-places';
import { Loading, QueryState } from '../ui/states';

// The editor (TipTap, ProseMirror and the markdown reader) loads only when a page is edited.
const PageEditor = lazy(() => import('../editor/page-editor'));

type Page = RouterOutputs['spaces']['content']['path']['get'];

export const PageRoute = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/$')({
  component: PageByPath,
});
export const FirstPageRoute = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/')({
  component: FirstPage,
});

function PageByPath() {
  const { spaceId, _splat: pagePath = '' } = PageRoute.useParams();
  const trpc = useTRPC();
  const page = useQuery(trpc.spaces.content.path.get.queryOptions({ spaceId, pagePath, format: 'markdown' }));
  return (
    <main id="main" className="page-main">
      <QueryState query={page} loading="Loading the page…">
        {(data) => <PageArticle page={data} spaceId={spaceId} />}
      </QueryState>
    </main>
  );
}

function FirstPage() {
  const { spaceId } = FirstPageRoute.useParams();
  const trpc = useTRPC();
  const pages = useQuery(trpc.spaces.content.pages.list.queryOptions({ spaceId }));
  const firstId = pages.data?.pages[0]?.id;
  const page = useQuery({
    ...trpc.spaces.content.page.get.queryOptions({ spaceId, pageId: firstId ?? '', format: 'markdown' }),
    enabled: firstId !== undefined,
  });
  return (
    <main id="main" className="page-main">
      <QueryState
        query={pages}
        loading="Loading the space…"
        isEmpty={(data) => data.pages.length === 0}
        empty={<FirstPageInvite />}
      >
        {() => (
          <QueryState query={page} loading="Loading the page…">
            {(data) => <PageArticle page={data} spaceId={spaceId} />}
          </QueryState>
        )}
      </QueryState>
    </main>
  );
}

export function PageArticle({ page, spaceId }: { page: Page; spaceId: string }) {
  const [editing, setEditing] = useState(false);
  const { organizationId } = useParams({ strict: false });
  const anchor = useRouterState({ select: (state) => state.location.hash });
  const tree = usePageEditing();
  const inTree = tree?.canEdit && tree.pages ? locate(tree.pages, page.id) : null;
  if (editing && organizationId !== undefined) {
    return (
      <Suspense fallback={<Loading label="Opening the editor…" />}>
        {page.cover && <PageCover cover={page.cover} spaceId={spaceId} />}
        <h1 className="page-editing-title">
          <PageIcon emoji={page.emoji} icon={page.icon} />
          {page.title || 'Untitled'}
        </h1>
        <PageEditor
          organizationId={organizationId}
          spaceId={spaceId}
          page={page}
          onClose={() => setEditing(false)}
        />
      </Suspense>
    );
  }
  return (
    <>
      <div className="page-actions">
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Edit
        </button>
        {tree && inTree && <PageActionsMenu editing={tree} page={inTree.page} />}
      </div>
      <ReadablePage
        page={page}
        organizationId={organizationId ?? ''}
        spaceId={spaceId}
        {...(anchor === undefined ? {} : { scrollTo: anchor })}
      />
      <CommentsPanel spaceId={spaceId} pageId={page.id} />
    </>
  );
}
