/**
 * A dialog asking to confirm an action that cannot be taken back (deleting, removing). It is
 * open while it is shown, and stays open until the caller closes it (after the server
 * answered), showing the server's refusal if any.
 */
import { AlertDialog } from 'radix-ui';
import { FormError } from './form-error';

export function ConfirmDialog(props: {
  onClose: () => void;
  heading: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{props.heading}</AlertDialog.Title>
          <AlertDialog.Description className="muted">{props.description}</AlertDialog.Description>
          <FormError error={props.error} />
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="button button-danger"
              disabled={props.pending}
              onClick={(event) => {
                // Not closed here: the caller closes it once the server answered.
                event.preventDefault();
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
