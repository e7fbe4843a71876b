/**
 * Where a writer is in a space, above its screens: the live content, or a change request (a
 * banner naming it, its status, and that edits here stay in it until it is merged), a switch
 * between the live content and the space's draft and open change requests (on the same page
 * when there is one), and "New change request".
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useId } from 'react';
import { useTRPC } from '../api/trpc';
import { NewChangeRequest } from './new-change-request';
import '../styles/change-requests.css';

const LIVE = 'live';

export function ChangeRequestBar({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  const { number, _splat: pagePath } = useParams({ strict: false }) as { number?: string; _splat?: string };
  const trpc = useTRPC();
  const navigate = useNavigate();
  const switchId = useId();
  const drafts = useQuery(trpc.changeRequests.list.queryOptions({ spaceId, status: 'draft', limit: 100 }));
  const open = useQuery(trpc.changeRequests.list.queryOptions({ spaceId, status: 'open', limit: 100 }));
  const current = useQuery({
    ...trpc.changeRequests.get.queryOptions({ spaceId, changeRequestId: number ?? '' }),
    enabled: number !== undefined,
  });
  const choices = [...(drafts.data?.items ?? []), ...(open.data?.items ?? [])].sort(
    (a, b) => b.number - a.number,
  );
  // The change request shown is a choice even when merged or archived (then it is no longer listed).
  if (current.data && !choices.some((choice) => choice.id === current.data.id)) choices.unshift(current.data);
  const page = pagePath ? pagePath : undefined;

  const switchTo = (value: string) => {
    if (value === LIVE) {
      if (page)
        void navigate({
          to: '/o/$organizationId/s/$spaceId/$',
          params: { organizationId, spaceId, _splat: page },
        });
      else void navigate({ to: '/o/$organizationId/s/$spaceId', params: { organizationId, spaceId } });
    } else if (page)
      void navigate({
        to: '/o/$organizationId/s/$spaceId/~/changes/$number/$',
        params: { organizationId, spaceId, number: value, _splat: page },
      });
    else
      void navigate({
        to: '/o/$organizationId/s/$spaceId/~/changes/$number',
        params: { organizationId, spaceId, number: value },
      });
  };

  return (
    <section
      className={number === undefined ? 'change-request-bar' : 'change-request-bar change-request-bar-inside'}
      aria-label="Content version"
    >
      {number === undefined ? (
        <p className="change-request-bar-where">
          <strong>Live content</strong>
        </p>
      ) : (
        <p className="change-request-bar-where">
          You are in{' '}
          <Link
            to="/o/$organizationId/s/$spaceId/~/changes/$number"
            params={{ organizationId, spaceId, number }}
          >
            change request #{number}
            {current.data?.subject ? `: ${current.data.subject}` : ''}
          </Link>
          {current.data && (
            <span className={`status status-${current.data.status}`}>{current.data.status}</span>
          )}{' '}
          <span className="muted">Edits here stay in it until it is merged.</span>
        </p>
      )}
      <div className="change-request-bar-actions">
        <label htmlFor={switchId}>Version</label>
        <select id={switchId} value={number ?? LIVE} onChange={(event) => switchTo(event.target.value)}>
          <option value={LIVE}>Live content</option>
          {choices.map((choice) => (
            <option key={choice.id} value={String(choice.number)}>
              {`#${choice.number} ${choice.subject || 'Untitled change request'} (${choice.status})`}
            </option>
          ))}
        </select>
        <NewChangeRequest organizationId={organizationId} spaceId={spaceId} pagePath={page} />
      </div>
    </section>
  );
}
