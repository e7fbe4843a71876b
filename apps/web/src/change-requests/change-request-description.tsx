/**
 * A change request's description (GitBook's `description`, a document): shown under its
 * title, and written or changed in a dialog while it is not merged (an archived one is
 * reopened first, as the server asks). Emptying it clears it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { documentOfText, paragraphsOf } from './description-document';

type ChangeRequest = RouterOutputs['changeRequests']['get'];

export function ChangeRequestDescription({ changeRequest }: { changeRequest: ChangeRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const paragraphs = paragraphsOf(changeRequest.description);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const save = useMutation(
    trpc.changeRequests.update.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey() });
      },
    }),
  );
  const editable = changeRequest.status === 'draft' || changeRequest.status === 'open';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      spaceId: changeRequest.space,
      changeRequestId: changeRequest.id,
      description: documentOfText(text),
    });
  };
  return (
    <section className="change-request-description" aria-label="Description">
      {paragraphs.length === 0 ? (
        <p className="muted">No description.</p>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs may repeat, and only change together
        paragraphs.map((paragraph, index) => <p key={index}>{paragraph}</p>)
      )}
      {editable && (
        <Dialog.Root
          open={open}
          onOpenChange={(next) => {
            if (next) {
              setText(paragraphs.join('\n\n'));
              save.reset();
            }
            setOpen(next);
          }}
        >
          <Dialog.Trigger className="button">
            {paragraphs.length === 0 ? 'Add a description' : 'Edit description'}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog-overlay" />
            <Dialog.Content className="dialog">
              <Dialog.Title>Description of change request #{changeRequest.number}</Dialog.Title>
              <Dialog.Description className="muted">
                What it changes and why, for its reviewers. A blank line starts a new paragraph.
              </Dialog.Description>
              <form onSubmit={submit} className="form">
                <label htmlFor={fieldId}>Description</label>
                <textarea
                  id={fieldId}
                  className="change-request-description-field"
                  rows={6}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
                <FormError error={save.error} />
                <div className="dialog-actions">
                  <Dialog.Close className="button">Cancel</Dialog.Close>
                  <button type="submit" className="button button-primary" disabled={save.isPending}>
                    {save.isPending ? 'Saving…' : 'Save'}
                  </button>
                </div>
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </section>
  );
}
