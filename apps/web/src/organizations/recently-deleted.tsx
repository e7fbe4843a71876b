/**
 * The organization's deleted spaces the person can still restore (`spaces.listDeleted`: those
 * they administer, within the 7-day window), each with the date its window closes and a
 * Restore button (`spaces.restore`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { restorableUntil } from './deleted-spaces';

export function RecentlyDeleted({
  organizationId,
  now = Date.now(),
}: {
  organizationId: string;
  now?: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deleted = useQuery(trpc.spaces.listDeleted.queryOptions({ organizationId, limit: 100 }));
  const restore = useMutation(
    trpc.spaces.restore.mutationOptions({
      onSuccess: async (space) => {
        await queryClient.invalidateQueries({ queryKey: trpc.spaces.listDeleted.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.spaces.list.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.spaces.get.queryKey({ spaceId: space.id }) });
      },
    }),
  );
  const restorable = (deleted.data?.items ?? []).filter(
    (space) => space.deletedAt !== undefined && restorableUntil(space.deletedAt).getTime() > now,
  );
  if (restorable.length === 0) return null;
  return (
    <section className="recently-deleted" aria-labelledby="recently-deleted-title">
      <h2 id="recently-deleted-title">Recently deleted</h2>
      <FormError error={restore.error} />
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
