/**
 * A page inside a change request (`~/changes/{n}/{page path}`, GitBook's address): the change
 * request's own version of the page, rendered, and edited there. The editor opened here reads
 * the page at the change request's revision and saves into it with that revision, so an edit
 * never lands on the live content nor on a base it was not made from. A merged or archived
 * change request is read only. Without a page path, its first page.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { PreviewLinks } from '../change-requests/preview-links';
import { PageCover } from '../content/page-cover';
import { PageIcon } from '../content/page-icon';
import { firstDocumentPath } from '../content/page-tree-rows';
import { ReadablePage } from '../content/readable-page';
import { Empty, Loading, QueryState } from '../ui/states';

const PageEditor = lazy(() => import('../editor/page-editor'));

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/changes/$number/$')({
  component: ChangeRequestPage,
});

type ChangeRequest = RouterOutputs['changeRequests']['get'];
type Page = RouterOutputs['spaces']['content']['path']['get'];

function ChangeRequestPage() {
  const { spaceId, number, _splat: pagePath = '' } = Route.useParams();
  const trpc = useTRPC();
  const changeRequest = useQuery(trpc.changeRequests.get.queryOptions({ spaceId, changeRequestId: number }));
  const pages = useQuery({
    ...trpc.spaces.content.pages.list.queryOptions({ spaceId, changeRequestId: number }),
    enabled: pagePath === '',
  });
  const path = pagePath || firstDocumentPath(pages.data?.pages ?? []);
  const page = useQuery({
    ...trpc.spaces.content.path.get.queryOptions({
      spaceId,
      pagePath: path ?? '',
      changeRequestId: number,
      format: 'markdown',
    }),
    enabled: path !== undefined,
  });
  return (
    <main id="main" className="page-main">
      <QueryState query={changeRequest} loading="Opening the change request…">
        {(request) =>
          pagePath === '' && pages.data && path === undefined ? (
            <Empty title="This change request has no pages" />
          ) : (
            <QueryState query={page} loading="Loading the page…">
              {(data) => <ChangeRequestArticle key={data.id} page={data} changeRequest={request} />}
            </QueryState>
          )
        }
      </QueryState>
    </main>
  );
}

function ChangeRequestArticle({ page, changeRequest }: { page: Page; changeRequest: ChangeRequest }) {
  const { organizationId, spaceId, number } = Route.useParams();
  const [editing, setEditing] = useState(false);
  const editable = changeRequest.status === 'draft' || changeRequest.status === 'open';
  if (editing)
    return (
      <Suspense fallback={<Loading label="Opening the editor…" />}>
        {page.cover && <PageCover cover={page.cover} spaceId={spaceId} changeRequestId={changeRequest.id} />}
        <h1 className="page-editing-title">
          <PageIcon emoji={page.emoji} icon={page.icon} />
          {page.title || 'Untitled'}
        </h1>
        <PageEditor
          organizationId={organizationId}
          spaceId={spaceId}
          page={page}
          changeRequest={{ id: changeRequest.id }}
          onClose={() => setEditing(false)}
        />
      </Suspense>
    );
  return (
    <>
      <div className="page-actions">
        {editable ? (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit in #{changeRequest.number}
          </button>
        ) : (
          <p className="muted">
            This change request is {changeRequest.status}: its pages can be read, not edited.
          </p>
        )}
        <Link
          to="/o/$organizationId/s/$spaceId/~/changes/$number"
          params={{ organizationId, spaceId, number }}
          className="button"
        >
          Review the changes
        </Link>
        <PreviewLinks
          organizationId={organizationId}
          spaceId={spaceId}
          number={changeRequest.number}
          pagePath={page.path ?? ''}
        />
      </div>
      <ReadablePage
        page={page}
        organizationId={organizationId}
        spaceId={spaceId}
        changeRequestId={changeRequest.id}
      />
    </>
  );
}
