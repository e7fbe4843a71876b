/**
 * The browsers signed in as the person (`user.sessions.list`), this one marked: each can be
 * signed out (`user.sessions.revoke`); signing this one out leads to the sign-in screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { browserNameOf } from './browser-name';

export function SessionsList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(trpc.user.sessions.list.queryOptions({ limit: 100 }));
  const revoke = useMutation(
    trpc.user.sessions.revoke.mutationOptions({
      onSuccess: async (_, { sessionId }) => {
        if (sessions.data?.items.find((session) => session.id === sessionId)?.current) {
          queryClient.clear();
          await navigate({ to: '/sign-in', search: {} });
          return;
        }
        await queryClient.invalidateQueries({ queryKey: trpc.user.sessions.list.queryKey() });
      },
    }),
  );
  return (
    <section className="management-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in browsers</h2>
      <FormError error={revoke.error} />
      <QueryState
        query={sessions}
        loading="Loading your sessions…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No browser is signed in" />}
      >
        {(data) => (
          <ul className="management-list" aria-label="Sessions">
            {data.items.map((session) => (
              <li
                key={session.id}
                className="management-row"
                aria-current={session.current ? 'true' : undefined}
              >
                <span className="management-main">
                  <strong title={session.userAgent}>
                    {browserNameOf(session.userAgent)}
                    {session.current && <span className="current-badge">This browser</span>}
                  </strong>
                  <span className="muted">
                    From {session.address}, signed in {new Date(session.createdAt).toLocaleString()}, last
                    seen {new Date(session.lastSeenAt).toLocaleString()}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-small"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ sessionId: session.id })}
                  aria-label={
                    session.current ? 'Sign out this browser' : `Sign out the browser from ${session.address}`
                  }
                >
                  Sign out
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
