/**
 * The organization's change requests, as a reviewer and a writer look for them (issue 30,
 * item 3; `changeRequests.listForOrganization`): those waiting for my review, mine, and every
 * open one, across the spaces the person may see, the latest changed first, each with its
 * space, its status and its author.
 */
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import { postedAt } from '../comments/comment-time';
import { useSession } from '../session/session-queries';
import { useDocumentTitle } from '../ui/document-title';
import { Empty, QueryState } from '../ui/states';
import '../styles/change-requests.css';

export const Route = createLazyRoute('/signedIn/o/$organizationId/change-requests')({
  component: OrganizationChangeRequests,
});

type Queue = 'review' | 'mine' | 'open';

const QUEUES: ReadonlyArray<{ queue: Queue; label: string; empty: string }> = [
  { queue: 'review', label: 'Needs my review', empty: 'Nobody is waiting for your review' },
  { queue: 'mine', label: 'Mine', empty: 'You have no change request in draft or open' },
  { queue: 'open', label: 'All open', empty: 'No change request is open' },
];

function OrganizationChangeRequests() {
  const { organizationId } = Route.useParams();
  const trpc = useTRPC();
  const userId = useSession()?.user.id;
  const [queue, setQueue] = useState<Queue>('review');
  useDocumentTitle('Reviews', 2);
  const filter =
    queue === 'review'
      ? { requestedReviewer: userId ?? '', status: ['open' as const, 'draft' as const] }
      : queue === 'mine'
        ? { creator: userId ?? '', status: ['open' as const, 'draft' as const] }
        : { status: ['open' as const] };
  const list = useQuery({
    ...trpc.changeRequests.listForOrganization.queryOptions({
      organizationId,
      ...filter,
      orderBy: 'updatedAt',
      limit: 100,
    }),
    enabled: userId !== undefined,
  });
  const spaces = useQuery(trpc.spaces.list.queryOptions({ organizationId, limit: 1000 }));
  const spaceTitle = (spaceId: string) =>
    spaces.data?.items.find((space) => space.id === spaceId)?.title || 'Untitled space';
  const shown = QUEUES.find((entry) => entry.queue === queue)!;
  return (
    <main id="main" className="page-main">
      <h1>Reviews</h1>
      <p className="muted">The change requests of the organization's spaces you may see.</p>
      <nav aria-label="Which change requests" className="filters">
        {QUEUES.map((entry) => (
          <button
            key={entry.queue}
            type="button"
            className="filter"
            aria-pressed={entry.queue === queue}
            onClick={() => setQueue(entry.queue)}
          >
            {entry.label}
          </button>
        ))}
      </nav>
      <QueryState
        query={list}
        loading="Loading change requests…"
        isEmpty={(page) => page.items.length === 0}
        empty={<Empty title={shown.empty} />}
      >
        {(page) => (
          <ul className="change-request-list">
            {page.items.map((changeRequest) => (
              <li key={changeRequest.id}>
                <Link
                  to="/o/$organizationId/s/$spaceId/~/changes/$number"
                  params={{
                    organizationId,
                    spaceId: changeRequest.space,
                    number: String(changeRequest.number),
                  }}
                  className="change-request-row"
                >
                  <span className="change-request-number">#{changeRequest.number}</span>
                  <span className="change-request-subject">
                    {changeRequest.subject || 'Untitled change request'}
                  </span>
                  <span className="muted change-request-meta">
                    {spaceTitle(changeRequest.space)} ·{' '}
                    {changeRequest.status === 'open' ? 'ready for review' : changeRequest.status} ·{' '}
                    {changeRequest.createdBy.displayName}, {postedAt(changeRequest.updatedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </main>
  );
}
