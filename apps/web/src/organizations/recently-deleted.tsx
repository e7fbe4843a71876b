/**
 * The spaces this browser deleted that can still be restored (see `deleted-spaces.ts`), each
 * with the date its restore window closes and a Restore button (`spaces.restore`).
 */
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from '../api/api-error';
import { useTRPC } from '../api/trpc';
import { forgetDeleted, restorableUntil, useDeletedSpaceIds } from './deleted-spaces';

export function RecentlyDeleted({
  organizationId,
  now = Date.now(),
}: {
  organizationId: string;
  now?: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useDeletedSpaceIds(organizationId);
  const spaces = useQueries({ queries: ids.map((spaceId) => trpc.spaces.get.queryOptions({ spaceId })) });
  const restore = useMutation(
    trpc.spaces.restore.mutationOptions({
      onSuccess: async (space) => {
        forgetDeleted(organizationId, space.id);
        await queryClient.invalidateQueries({ queryKey: trpc.spaces.list.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.spaces.get.queryKey({ spaceId: space.id }) });
      },
    }),
  );
  const restorable = spaces
    .map((query) => query.data)
    .filter((space) => space?.deletedAt !== undefined && restorableUntil(space.deletedAt).getTime() > now);
  if (restorable.length === 0) return null;
  return (
    <section className="recently-deleted" aria-labelledby="recently-deleted-title">
      <h2 id="recently-deleted-title">Recently deleted</h2>
      {restore.error && (
        <p className="form-error" role="alert">
          {apiErrorOf(restore.error).message}
        </p>
      )}
      <ul className="management-list">
        {restorable.map(
          (space) =>
            space && (
              <li key={space.id} className="management-row">
                <span className="management-main">
                  <strong>{space.title || 'Untitled space'}</strong>
                  <span className="muted">
                    Restorable until {restorableUntil(space.deletedAt!).toLocaleDateString()}
                  </span>
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate({ spaceId: space.id })}
                  aria-label={`Restore ${space.title || 'Untitled space'}`}
                >
                  Restore
                </button>
              </li>
            ),
        )}
      </ul>
    </section>
  );
}
