/**
 * What a change request's status allows, as buttons (GitBook's statuses; the moves are the
 * server's `patch-rules.ts`): a draft is marked ready for review (open) or archived, an open
 * one goes back to draft or is archived, an archived one is reopened as a draft, a merged one
 * is final. Its subject is renamed while it is not merged.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { TitleDialog } from '../ui/title-dialog';

type ChangeRequest = RouterOutputs['changeRequests']['get'];
type SettableStatus = 'draft' | 'open' | 'archived';

const MOVES: Record<ChangeRequest['status'], ReadonlyArray<{ to: SettableStatus; label: string }>> = {
  draft: [
    { to: 'open', label: 'Ready for review' },
    { to: 'archived', label: 'Archive' },
  ],
  open: [
    { to: 'draft', label: 'Back to draft' },
    { to: 'archived', label: 'Archive' },
  ],
  archived: [{ to: 'draft', label: 'Reopen' }],
  merged: [],
};

export function StatusActions({ changeRequest }: { changeRequest: ChangeRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey() });
  const update = useMutation(trpc.changeRequests.update.mutationOptions({ onSuccess: refresh }));
  const rename = useMutation(
    trpc.changeRequests.update.mutationOptions({
      onSuccess: async () => {
        setRenaming(false);
        await refresh();
      },
    }),
  );
  const path = { spaceId: changeRequest.space, changeRequestId: changeRequest.id };
  return (
    <>
      <div className="change-request-actions">
        {MOVES[changeRequest.status].map((move) => (
          <button
            key={move.to}
            type="button"
            className={move.to === 'open' ? 'button button-primary' : 'button'}
            disabled={update.isPending}
            onClick={() => update.mutate({ ...path, status: move.to })}
          >
            {move.label}
          </button>
        ))}
        {changeRequest.status !== 'merged' && changeRequest.status !== 'archived' && (
          <TitleDialog
            open={renaming}
            onOpenChange={setRenaming}
            trigger={
              <button type="button" className="button" onClick={() => setRenaming(true)}>
                Edit subject
              </button>
            }
            heading="Subject of the change request"
            description="What this change request is about, in a line (at most 100 characters)."
            initialTitle={changeRequest.subject}
            submitLabel="Save"
            pending={rename.isPending}
            error={rename.error}
            onSubmit={(subject) => rename.mutate({ ...path, subject })}
          />
        )}
      </div>
      <FormError error={update.error} />
    </>
  );
}
