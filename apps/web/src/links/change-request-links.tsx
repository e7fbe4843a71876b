/**
 * The links of a change request, before it is merged: the broken links it would bring into
 * the space, each named (the targets broken in it and not in the space's content, as the
 * server counts them in `broken.changeRequest`).
 */
import { Link } from '@tanstack/react-router';
import { QueryState } from '../ui/states';
import { LinkList } from './link-list';
import { linkKeyOf } from './link-location';
import { useLinkPages } from './link-report';
import './links.css';

export function ChangeRequestLinks({
  organizationId,
  spaceId,
  changeRequestId,
}: {
  organizationId: string;
  spaceId: string;
  changeRequestId: string;
}) {
  const proposed = useLinkPages({ spaceId, changeRequestId, status: 'broken' });
  const current = useLinkPages({ spaceId, status: 'broken' });
  const inSpace = new Set(current.data?.pages.flatMap((page) => page.items.map(linkKeyOf)) ?? []);
  return (
    <section className="change-request-links" aria-labelledby="links-title">
      <h2 id="links-title">Links</h2>
      <QueryState query={proposed} loading="Checking the links…">
        {(data) => {
          const introduced = data.pages
            .flatMap((page) => page.items)
            .filter((link) => !inSpace.has(linkKeyOf(link)));
          const count = data.pages[0]?.stats.broken.changeRequest ?? introduced.length;
          return count === 0 && introduced.length === 0 ? (
            <p className="muted">This change request brings no broken link.</p>
          ) : (
            <>
              <p className="link-stats">
                <strong className="link-stats-broken">{count}</strong>{' '}
                {count === 1 ? 'broken link comes' : 'broken links come'} with this change request.{' '}
                <Link
                  to="/o/$organizationId/s/$spaceId/~/links"
                  params={{ organizationId, spaceId }}
                  search={{}}
                >
                  The space's links
                </Link>
              </p>
              <LinkList
                organizationId={organizationId}
                links={introduced}
                label="Broken links this change request brings"
              />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
