/**
 * The person's API tokens (`user.tokens.list`, never their secrets): each with its preview,
 * when it was issued and last used; a live one can be revoked (`user.tokens.revoke`); a new
 * one created (`CreateApiToken`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { CreateApiToken } from './create-api-token';

export function ApiTokensList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.user.tokens.list.queryOptions({ limit: 100 }));
  const revoke = useMutation(
    trpc.user.tokens.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.tokens.list.queryKey() }),
    }),
  );
  return (
    <section className="management-section" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <CreateApiToken />
      <FormError error={revoke.error} />
      <QueryState
        query={tokens}
        loading="Loading your tokens…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No API tokens">Create one above for a script or a client of the API.</Empty>}
      >
        {(data) => (
          <ul className="management-list" aria-label="API tokens">
            {data.items.map((token) => (
              <li key={token.id} className="management-row">
                <span className="management-main">
                  <strong>{token.name}</strong>
                  <span className="muted">
                    <code>{token.preview}…</code> issued {new Date(token.createdAt).toLocaleDateString()}
                    {token.lastUsedAt
                      ? `, last used ${new Date(token.lastUsedAt).toLocaleString()}`
                      : ', never used'}
                  </span>
                </span>
                {token.revokedAt ? (
                  <span className="badge">Revoked</span>
                ) : (
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate({ tokenId: token.id })}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
