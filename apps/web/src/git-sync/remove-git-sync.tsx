/**
 * Removing a space's Git Sync (its administrators): its Git settings and the record of its
 * imports and exports are deleted; the content and the repository stay as they are.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { gitInfoKey } from './git-info-query';

export function RemoveGitSync({ spaceId }: { spaceId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.git.removeInstallation.mutationOptions({
      onSuccess: async () => {
        queryClient.setQueryData(gitInfoKey(spaceId), null);
        setConfirming(false);
      },
    }),
  );
  return (
    <>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Remove Git Sync
      </button>
      {confirming && (
        <ConfirmDialog
          onClose={() => setConfirming(false)}
          heading="Remove Git Sync?"
          description="The space stops being synchronized: its Git settings and the record of its imports and exports are deleted. Its content and the repository stay as they are."
          confirmLabel="Remove Git Sync"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ spaceId })}
        />
      )}
    </>
  );
}
