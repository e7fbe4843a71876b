/**
 * One change request: what it is (subject, description, status, who opened and merged it), where to edit
 * its pages, its status moves (ready for review, back to draft, archive, reopen), an update
 * from the live content with its conflicts settled here, what it changes against the content
 * it started from (pages added, removed, moved, and per edited page the blocks rendered or the
 * line diff), its reviews, merging it after a confirmation saying what will change, the broken
 * links it would bring, and its comments.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { ChangeList } from '../change-requests/change-list';
import { ChangeRequestDescription } from '../change-requests/change-request-description';
import { MergeChangeRequest } from '../change-requests/merge-change-request';
import { PreviewLinks } from '../change-requests/preview-links';
import { ReviewPanel } from '../change-requests/review-panel';
import { StatusActions } from '../change-requests/status-actions';
import { UpdateFromSpace } from '../change-requests/update-from-space';
import { postedAt } from '../comments/comment-time';
import { CommentsPanel } from '../comments/comments-panel';
import { AppRenderingProvider } from '../content/app-rendering';
import { firstDocumentPath } from '../content/page-tree-rows';
import { ChangeRequestLinks } from '../links/change-request-links';
import { QueryState } from '../ui/states';
import '../styles/change-requests.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/changes/$number/')({
  component: ChangeRequestScreen,
});

type ChangeRequest = RouterOutputs['changeRequests']['get'];

function ChangeRequestScreen() {
  const { organizationId, spaceId, number } = Route.useParams();
  const trpc = useTRPC();
  const changeRequest = useQuery(trpc.changeRequests.get.queryOptions({ spaceId, changeRequestId: number }));
  return (
    <main id="main" className="page-main">
      <Link
        to="/o/$organizationId/s/$spaceId/~/changes"
        params={{ organizationId, spaceId }}
        search={{}}
        className="back-link"
      >
        ← Change requests
      </Link>
      <QueryState query={changeRequest} loading="Loading the change request…">
        {(data) => <ChangeRequestBody changeRequest={data} />}
      </QueryState>
    </main>
  );
}

function ChangeRequestBody({ changeRequest }: { changeRequest: ChangeRequest }) {
  const { organizationId, spaceId } = Route.useParams();
  const trpc = useTRPC();
  const from = changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;
  const changes = useQuery(
    trpc.spaces.revisions.changes.queryOptions({
      spaceId: changeRequest.space,
      revisionId: changeRequest.revision,
      from,
      limit: 500,
    }),
  );
  // Rendered, each side's blocks (their reusable contents) are read at the revision compared.
  const sources = useMemo(
    () => ({
      before: { spaceId: changeRequest.space, revisionId: from },
      after: { spaceId: changeRequest.space, revisionId: changeRequest.revision },
    }),
    [changeRequest.space, changeRequest.revision, from],
  );
  const active = changeRequest.status === 'open' || changeRequest.status === 'draft';
  return (
    <>
      <ChangeRequestHeader changeRequest={changeRequest} />
      {active && <UpdateFromSpace changeRequest={changeRequest} />}
      {active && <MergeChangeRequest changeRequest={changeRequest} changes={changes.data?.changes} />}
      <section className="change-request-changes" aria-labelledby="changes-title">
        <h2 id="changes-title">Changes</h2>
        <QueryState query={changes} loading="Comparing…">
          {(data) => (
            <AppRenderingProvider
              organizationId={organizationId}
              spaceId={changeRequest.space}
              changeRequestId={changeRequest.id}
            >
              <ChangeList changes={data.changes} more={data.more} sources={sources} />
            </AppRenderingProvider>
          )}
        </QueryState>
      </section>
      <ReviewPanel organizationId={organizationId} changeRequest={changeRequest} />
      {active && (
        <ChangeRequestLinks
          organizationId={organizationId}
          spaceId={spaceId}
          changeRequestId={changeRequest.id}
        />
      )}
      <CommentsPanel spaceId={spaceId} changeRequestId={changeRequest.id} />
    </>
  );
}

function ChangeRequestHeader({ changeRequest }: { changeRequest: ChangeRequest }) {
  const { organizationId, spaceId, number } = Route.useParams();
  const trpc = useTRPC();
  const pages = useQuery(
    trpc.spaces.content.pages.list.queryOptions({ spaceId, changeRequestId: changeRequest.id }),
  );
  const firstPath = firstDocumentPath(pages.data?.pages ?? []);
  return (
    <header className="change-request-header">
      <h1>
        <span className="muted">#{changeRequest.number}</span>{' '}
        {changeRequest.subject || 'Untitled change request'}
      </h1>
      <p className="change-request-byline">
        <span className={`status status-${changeRequest.status}`}>
          {changeRequest.status === 'open' ? 'ready for review' : changeRequest.status}
        </span>
        <span className="muted">
          Opened by {changeRequest.createdBy.displayName} on {postedAt(changeRequest.createdAt)}
          {changeRequest.mergedBy && changeRequest.mergedAt
            ? `; merged by ${changeRequest.mergedBy.displayName} on ${postedAt(changeRequest.mergedAt)}`
            : ''}
        </span>
      </p>
      <ChangeRequestDescription changeRequest={changeRequest} />
      {firstPath !== undefined && (
        <div className="change-request-actions">
          <Link
            to="/o/$organizationId/s/$spaceId/~/changes/$number/$"
            params={{ organizationId, spaceId, number, _splat: firstPath }}
            className="button"
          >
            {changeRequest.status === 'draft' || changeRequest.status === 'open'
              ? 'Edit its pages'
              : 'Read its pages'}
          </Link>
          <PreviewLinks organizationId={organizationId} spaceId={spaceId} number={changeRequest.number} />
        </div>
      )}
      <StatusActions changeRequest={changeRequest} />
    </header>
  );
}
