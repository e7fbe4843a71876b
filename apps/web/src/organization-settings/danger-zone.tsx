/**
 * The danger zone: deleting the organization (`orgs.delete`, admins only). The title must be
 * typed out before the button works, since nothing of the organization can be brought back:
 * its spaces, sites, files, teams and memberships go, its people stay. Once the server took
 * it, the app forgets what it kept of the organization and goes home (`/`), which opens the
 * person's next organization, or offers to create one when there is none.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';

export function DangerZone({ organizationId, title }: { organizationId: string; title: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="management-section danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">Danger zone</h2>
      <p>
        Deleting {title} removes its spaces, sites, files, teams and invitations for good. Its members keep
        their accounts and their other organizations.
      </p>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Delete organization
      </button>
      {confirming && (
        <DeleteOrganizationDialog
          organizationId={organizationId}
          title={title}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

function DeleteOrganizationDialog(props: { organizationId: string; title: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const remove = useMutation(
    trpc.orgs.delete.mutationOptions({
      onSuccess: async () => {
        // The list that still names it is dropped, so home reads it again before choosing where to go.
        queryClient.removeQueries({ queryKey: trpc.orgs.list.queryKey() });
        await navigate({ to: '/', replace: true });
        // What was kept of it would now answer 404: dropped once no screen shows it, not read again.
        queryClient.removeQueries({
          queryKey: trpc.orgs.get.queryKey({ organizationId: props.organizationId }),
        });
      },
    }),
  );
  const matches = typed === props.title;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) remove.mutate({ organizationId: props.organizationId });
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete {props.title}?</AlertDialog.Title>
          <AlertDialog.Description className="muted">
            Everything it holds is deleted and cannot be restored. Type its name to confirm.
          </AlertDialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label={`Type “${props.title}” to confirm`}
              name="confirmation"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <FormError error={remove.error} />
            <div className="dialog-actions">
              <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
              <button type="submit" className="button button-danger" disabled={!matches || remove.isPending}>
                Delete this organization
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
