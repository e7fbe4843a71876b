/**
 * A space's change requests in one status (open by default), newest first, with the
 * number in each status, and the space's merge rules (set here by its administrators).
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import type { ChangeRequestStatus } from '../change-requests/change-request-status';
import { MergeRulesSettings } from '../change-requests/merge-rules-settings';
import { postedAt } from '../comments/comment-time';
import { Empty, QueryState } from '../ui/states';

export const Route = createLazyRoute('/signedIn/o/$organizationId/s/$spaceId/~/changes')({
  component: ChangeRequests,
});

const STATUSES: ReadonlyArray<{ status: ChangeRequestStatus; label: string }> = [
  { status: 'open', label: 'Open' },
  { status: 'draft', label: 'Drafts' },
  { status: 'merged', label: 'Merged' },
  { status: 'archived', label: 'Archived' },
];

function ChangeRequests() {
  const { organizationId, spaceId } = Route.useParams();
  const { status = 'open' } = Route.useSearch();
  const trpc = useTRPC();
  const list = useQuery(trpc.changeRequests.list.queryOptions({ spaceId, status, limit: 100 }));
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const label = STATUSES.find((entry) => entry.status === status)!.label.toLowerCase();
  return (
    <main id="main" className="page-main">
      <h1>Change requests</h1>
      <nav aria-label="Filter by status" className="filters">
        {STATUSES.map((entry) => (
          <Link
            key={entry.status}
            to="/o/$organizationId/s/$spaceId/~/changes"
            params={{ organizationId, spaceId }}
            search={{ status: entry.status }}
            className="filter"
            aria-current={entry.status === status ? 'page' : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <QueryState
        query={list}
        loading="Loading change requests…"
        isEmpty={(page) => page.items.length === 0}
        empty={
          <Empty title={`No ${label} change requests`}>
            <p className="muted">
              A change request proposes edits to the space, reviewed and merged as a whole.
            </p>
          </Empty>
        }
      >
        {(page) => (
          <ul className="change-request-list">
            {page.items.map((changeRequest) => (
              <li key={changeRequest.id}>
                <Link
                  to="/o/$organizationId/s/$spaceId/~/changes/$number"
                  params={{ organizationId, spaceId, number: String(changeRequest.number) }}
                  className="change-request-row"
                >
                  <span className="change-request-number">#{changeRequest.number}</span>
                  <span className="change-request-subject">
                    {changeRequest.subject || 'Untitled change request'}
                  </span>
                  <span className="muted change-request-meta">
                    {changeRequest.createdBy.displayName}, {postedAt(changeRequest.createdAt)}
                    {changeRequest.comments > 0 && ` · ${changeRequest.comments} open comments`}
                    {changeRequest.outdated && changeRequest.status !== 'merged' && ' · behind the space'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <MergeRulesSettings spaceId={spaceId} canAdmin={space.data?.permissions.admin === true} />
    </main>
  );
}
