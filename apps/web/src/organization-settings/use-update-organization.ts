/**
 * `orgs.update` for the settings forms: the answer (the updated organization) replaces the
 * cached one at once, and the lists that show its title are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';

export function useUpdateOrganization(options: { onSuccess?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.orgs.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.orgs.get.queryKey({ organizationId: updated.id }), updated);
        options.onSuccess?.();
        await queryClient.invalidateQueries({ queryKey: trpc.orgs.list.queryKey() });
      },
    }),
  );
}
