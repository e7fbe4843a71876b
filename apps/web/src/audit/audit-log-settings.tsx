/**
 * The organization's audit log (admins): its events newest first in a table (when, who, what,
 * which resource, from where), narrowed by action, actor or resource, page after page as asked
 * for, and a link exporting what the filters keep as JSON lines.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpc';
import { QueryState } from '../ui/states';
import './audit-log.css';

const EVENTS_PER_PAGE = 50;

interface Filters {
  action?: string;
  actor?: string;
  target?: string;
}

export function AuditLogSettings({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [filters, setFilters] = useState<Filters>({});
  const actions = useQuery(trpc.orgs.auditEventActions.list.queryOptions({ organizationId }));
  const query = { organizationId, limit: EVENTS_PER_PAGE, ...filters };
  const events = useInfiniteQuery({
    queryKey: trpc.orgs.auditEvents.list.queryKey(query),
    queryFn: ({ pageParam, signal }) =>
      client.orgs.auditEvents.list.query(pageParam === undefined ? query : { ...query, page: pageParam }, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
  const exportQuery = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  const exportHref = `/v1/orgs/${organizationId}/audit-events/export${exportQuery ? `?${exportQuery}` : ''}`;
  return (
    <section id="audit-log" className="management-section" aria-labelledby="audit-log-title">
      <h2 id="audit-log-title">Audit log</h2>
      <p className="muted">Every change made by a person or an API token, newest first.</p>
      <AuditFilters
        actions={actions.data?.items.map((action) => ({ id: action.id, label: action.label })) ?? []}
        onFilter={setFilters}
      />
      <p>
        <a className="button button-small" href={exportHref} download>
          Export as JSON lines
        </a>
      </p>
      <QueryState query={events} loading="Loading the audit log…">
        {(data) => {
          const rows = data.pages.flatMap((page) => page.items);
          if (rows.length === 0) return <p className="muted">No events.</p>;
          return (
            <>
              <table className="audit-log-table">
                <caption className="visually-hidden">Audit events</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Resource</th>
                    <th scope="col">From</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((event) => (
                    <tr key={event.id}>
                      <td>
                        <time dateTime={event.occurredAt}>{new Date(event.occurredAt).toLocaleString()}</time>
                      </td>
                      <td>{event.actor.id}</td>
                      <td>{event.action}</td>
                      <td>
                        {event.target.type} {event.target.id}
                      </td>
                      <td>{event.source === 'ui' ? 'Web app' : 'API'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {events.hasNextPage && (
                <button
                  type="button"
                  className="button button-small"
                  disabled={events.isFetchingNextPage}
                  onClick={() => void events.fetchNextPage()}
                >
                  {events.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </button>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function AuditFilters({
  actions,
  onFilter,
}: {
  actions: Array<{ id: string; label: string }>;
  onFilter: (filters: Filters) => void;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const text = String(form.get(name) ?? '').trim();
      return text === '' ? undefined : text;
    };
    const filters: Filters = {};
    const action = value('action');
    const actor = value('actor');
    const target = value('target');
    if (action) filters.action = action;
    if (actor) filters.actor = actor;
    if (target) filters.target = target;
    onFilter(filters);
  };
  return (
    <form className="audit-log-filters" onSubmit={submit} aria-label="Filter the audit log">
      <label htmlFor={`${id}-action`}>Action</label>
      <select id={`${id}-action`} name="action" defaultValue="">
        <option value="">Any action</option>
        {actions.map((action) => (
          <option key={action.id} value={action.id}>
            {action.label} ({action.id})
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-actor`}>Person (user id)</label>
      <input id={`${id}-actor`} name="actor" maxLength={256} />
      <label htmlFor={`${id}-target`}>Resource (id)</label>
      <input id={`${id}-target`} name="target" maxLength={256} />
      <button type="submit" className="button button-small">
        Filter
      </button>
    </form>
  );
}
