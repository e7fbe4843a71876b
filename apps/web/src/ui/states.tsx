/**
 * The three states every screen has besides its content: loading, empty, and an error that
 * says what happened (the server's message) and what to do (by status), with a way to retry.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ADVICE_BY_STATUS, apiErrorOf } from '../api/api-error';

export function Loading({ label }: { label: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorNotice({ error, retry, title }: { error: unknown; retry?: () => void; title?: string }) {
  const { status, message } = apiErrorOf(error);
  const advice = ADVICE_BY_STATUS[status];
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title ?? headingOf(status)}</p>
      <p>{message}</p>
      {advice && <p className="state-advice">{advice}</p>}
      <div className="state-actions">
        {retry && status !== 403 && status !== 404 && (
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        )}
        {(status === 403 || status === 404) && (
          <Link to="/" className="button">
            Go to your organizations
          </Link>
        )}
      </div>
    </div>
  );
}

function headingOf(status: number): string {
  if (status === 403) return 'You do not have access';
  if (status === 404) return 'Not found';
  if (status === 0) return 'Could not reach Quire';
  return 'Something went wrong';
}

interface QueryLike<Data> {
  data: Data | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * A query's loading and error states, then its data: `children(data)`; `isEmpty(data)` shows
 * `empty` instead.
 */
export function QueryState<Data>({
  query,
  loading,
  empty,
  isEmpty,
  children,
}: {
  query: QueryLike<Data>;
  loading: string;
  empty?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.error || query.data === undefined)
    return <ErrorNotice error={query.error} retry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
