/** An organization's sites: each one's title, visibility, whether it is published, its spaces. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { Empty, QueryState } from '../ui/states';
import { VISIBILITY_LABELS } from './visibility';

export function SitesList({ organizationId, canCreate }: { organizationId: string; canCreate: boolean }) {
  const trpc = useTRPC();
  const sites = useQuery(trpc.sites.list.queryOptions({ organizationId, limit: 100 }));
  return (
    <QueryState
      query={sites}
      loading="Loading sites…"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <Empty title="No sites yet">
          <p className="muted">
            A site publishes spaces as docs for readers.{' '}
            {canCreate ? 'Make the first one with “New site”.' : 'The organization’s admins make them.'}
          </p>
        </Empty>
      }
    >
      {(data) => (
        <ul className="management-list" aria-label="Sites">
          {data.items.map((site) => (
            <li key={site.id} className="management-row">
              <span className="management-main">
                <Link
                  to="/o/$organizationId/sites/$siteId"
                  params={{ organizationId, siteId: site.id }}
                  className="site-link"
                >
                  {site.title}
                </Link>
                <span className="muted">
                  {site.siteSpaces} {site.siteSpaces === 1 ? 'site space' : 'site spaces'}
                </span>
              </span>
              <span className="badge">{VISIBILITY_LABELS[site.visibility]}</span>
              <span className={site.published ? 'badge badge-published' : 'badge'}>
                {site.published ? 'Published' : 'Not published'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
