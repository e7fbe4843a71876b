/**
 * "New change request", from anywhere in a space: a dialog asking for its subject and an
 * optional description (GitBook's document, written as plain paragraphs), then the
 * change request opened where the writer was (the same page inside it, or its overview).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { documentOfText } from './description-document';

/** GitBook's limit on a subject. */
const SUBJECT_MAX = 100;

export function NewChangeRequest({
  organizationId,
  spaceId,
  pagePath,
}: {
  organizationId: string;
  spaceId: string;
  /** The page the writer is on, opened inside the new change request; none: its overview. */
  pagePath: string | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const descriptionId = useId();
  const create = useMutation(
    trpc.changeRequests.create.mutationOptions({
      onSuccess: async (changeRequest) => {
        setOpen(false);
        void queryClient.invalidateQueries({ queryKey: trpc.changeRequests.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.spaces.get.queryKey({ spaceId }) });
        const number = String(changeRequest.number);
        if (pagePath)
          await navigate({
            to: '/o/$organizationId/s/$spaceId/~/changes/$number/$',
            params: { organizationId, spaceId, number, _splat: pagePath },
          });
        else
          await navigate({
            to: '/o/$organizationId/s/$spaceId/~/changes/$number',
            params: { organizationId, spaceId, number },
          });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const document = documentOfText(description);
    create.mutate({
      spaceId,
      subject: subject.trim(),
      ...((document.nodes as unknown[]).length > 0 ? { description: document } : {}),
    });
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setSubject('');
          setDescription('');
          create.reset();
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger className="button">New change request</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>New change request</Dialog.Title>
          <Dialog.Description className="muted">
            A change request is a copy of the space's content to edit: nothing reaches the live content until
            it is merged.
          </Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Subject"
              name="subject"
              maxLength={SUBJECT_MAX}
              placeholder="What this change is about"
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
            />
            <label htmlFor={descriptionId}>Description (optional)</label>
            <textarea
              id={descriptionId}
              className="change-request-description-field"
              rows={4}
              placeholder="What it changes and why, for its reviewers"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <FormError error={create.error} />
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
