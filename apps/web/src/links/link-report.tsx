/**
 * The link report of a space: how many links, how many broken; the links of one status (or
 * all of them, broken first), a page at a time ("Load more").
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC, useTRPCClient } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { LinkList, STATUS_LABELS } from './link-list';
import type { LinkStatus } from './link-status';
import './links.css';

/** Links asked for at once. */
const LINKS_PER_PAGE = 50;

const FILTERS: ReadonlyArray<{ status?: LinkStatus; label: string }> = [
  { label: 'All' },
  { status: 'broken', label: STATUS_LABELS.broken },
  { status: 'ok', label: STATUS_LABELS.ok },
  { status: 'in-app', label: STATUS_LABELS['in-app'] },
];

/** The links of a space (or of a change request), page after page as asked for. */
export function useLinkPages(input: { spaceId: string; changeRequestId?: string; status?: LinkStatus }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const query = { ...input, limit: LINKS_PER_PAGE };
  return useInfiniteQuery({
    queryKey: trpc.spaces.links.list.queryKey(query),
    queryFn: ({ pageParam, signal }) =>
      client.spaces.links.list.query(pageParam === undefined ? query : { ...query, page: pageParam }, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

export function SpaceLinkReport({
  organizationId,
  spaceId,
  status,
}: {
  organizationId: string;
  spaceId: string;
  status?: LinkStatus;
}) {
  const links = useLinkPages({ spaceId, ...(status ? { status } : {}) });
  const stats = links.data?.pages[0]?.stats;
  const items = links.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {stats && (
        <p className="link-stats">
          <strong>{stats.total}</strong> {stats.total === 1 ? 'link' : 'links'},{' '}
          <strong className={stats.broken.total > 0 ? 'link-stats-broken' : undefined}>
            {stats.broken.total}
          </strong>{' '}
          broken
        </p>
      )}
      <nav aria-label="Filter by status" className="filters">
        {FILTERS.map((filter) => (
          <Link
            key={filter.label}
            to="/o/$organizationId/s/$spaceId/~/links"
            params={{ organizationId, spaceId }}
            search={filter.status ? { status: filter.status } : {}}
            className="filter"
            aria-current={filter.status === status ? 'page' : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <QueryState
        // A page that failed to load more is said under the list, which stays.
        query={{ ...links, error: links.isFetchNextPageError ? null : links.error }}
        loading="Checking the links…"
        isEmpty={() => items.length === 0}
        empty={
          <Empty title={status ? `No ${STATUS_LABELS[status].toLowerCase()} links` : 'No links yet'}>
            <p className="muted">
              {status === 'broken'
                ? 'Every link of this space leads somewhere.'
                : 'Links in pages, to other pages, files, anchors or the web, are listed here.'}
            </p>
          </Empty>
        }
      >
        {() => (
          <>
            <LinkList organizationId={organizationId} links={items} label="Links" />
            {links.hasNextPage && (
              <button
                type="button"
                className="button"
                disabled={links.isFetchingNextPage}
                onClick={() => void links.fetchNextPage()}
              >
                {links.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
            <FormError error={links.isFetchNextPageError ? links.error : null} />
          </>
        )}
      </QueryState>
    </>
  );
}
