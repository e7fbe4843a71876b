/**
 * One change request: what it is, what it changes against the content it started from
 * (pages added, removed, moved, and a line diff per edited page), merging it (the conflicts
 * named when it cannot merge), the broken links it would bring, and its comments.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { ChangeList } from '../change-requests/change-list';
import { postedAt } from '../comments/comment-time';
import { CommentsPanel } from '../comments/comments-panel';
import { AppRenderingProvider } from '../content/app-rendering';
import { ChangeRequestLinks } from '../links/change-request-links';
import { FormError } from '../ui/form-error';
import { QueryState } from '../ui/states';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/changes/$number')({
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
        {(data) => (
          <>
            <ChangeRequestHeader changeRequest={data} />
            <Changes changeRequest={data} />
            {(data.status === 'open' || data.status === 'draft') && (
              <ChangeRequestLinks
                organizationId={organizationId}
                spaceId={spaceId}
                changeRequestId={data.id}
              />
            )}
            <CommentsPanel spaceId={spaceId} changeRequestId={data.id} />
          </>
        )}
      </QueryState>
    </main>
  );
}

function ChangeRequestHeader({ changeRequest }: { changeRequest: ChangeRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const merge = useMutation(
    trpc.changeRequests.merge.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(),
    }),
  );
  const mergeable = changeRequest.status === 'open' || changeRequest.status === 'draft';
  const conflicts = merge.data?.result === 'conflicts' ? (merge.data.conflicts ?? []) : [];
  return (
    <header className="change-request-header">
      <h1>
        <span className="muted">#{changeRequest.number}</span>{' '}
        {changeRequest.subject || 'Untitled change request'}
      </h1>
      <p className="change-request-byline">
        <span className={`status status-${changeRequest.status}`}>{changeRequest.status}</span>
        <span className="muted">
          Opened by {changeRequest.createdBy.displayName} on {postedAt(changeRequest.createdAt)}
          {changeRequest.mergedBy && changeRequest.mergedAt
            ? `; merged by ${changeRequest.mergedBy.displayName} on ${postedAt(changeRequest.mergedAt)}`
            : ''}
        </span>
      </p>
      {changeRequest.outdated && mergeable && (
        <p className="notice">The space changed since this change request started: merging combines both.</p>
      )}
      {mergeable && (
        <button
          type="button"
          className="button button-primary"
          disabled={merge.isPending}
          onClick={() => merge.mutate({ spaceId: changeRequest.space, changeRequestId: changeRequest.id })}
        >
          {merge.isPending ? 'Merging…' : 'Merge into the space'}
        </button>
      )}
      <FormError error={merge.error} />
      {conflicts.length > 0 && (
        <div className="state state-error" role="alert">
          <p className="state-title">It cannot be merged: these edits conflict with the space</p>
          <ul>
            {conflicts.map((conflict) => (
              <li key={`${conflict.page}-${conflict.field}`}>
                Page {conflict.page}, {conflict.field}: {conflict.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  );
}

function Changes({ changeRequest }: { changeRequest: ChangeRequest }) {
  const { organizationId } = Route.useParams();
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
  return (
    <section className="change-request-changes" aria-labelledby="changes-title">
      <h2 id="changes-title">Changes</h2>
      <QueryState query={changes} loading="Comparing…">
        {(data) => (
          <AppRenderingProvider
            organizationId={organizationId}
            spaceId={changeRequest.space}
            changeRequestId={changeRequest.id}
          >
            <ChangeList changes={data.changes} more={data.more} />
          </AppRenderingProvider>
        )}
      </QueryState>
    </section>
  );
}
