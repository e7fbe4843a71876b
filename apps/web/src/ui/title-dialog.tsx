/**
 * A dialog asking for one title: naming something new or renaming it. The dialog stays open
 * until the caller closes it (after the server answered), showing the server's refusal if any.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Field } from './field';
import { FormError } from './form-error';

export function TitleDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when the dialog is not opened from elsewhere (a menu). */
  trigger?: ReactNode;
  heading: string;
  description: string;
  initialTitle?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (title: string) => void;
}) {
  const [title, setTitle] = useState(props.initialTitle ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(title.trim());
  };
  const onOpenChange = (open: boolean) => {
    if (open) setTitle(props.initialTitle ?? '');
    props.onOpenChange(open);
  };
  return (
    <Dialog.Root open={props.open} onOpenChange={onOpenChange}>
      {props.trigger}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{props.heading}</Dialog.Title>
          <Dialog.Description className="muted">{props.description}</Dialog.Description>
          <form onSubmit={submit} className="form">
            <Field
              label="Title"
              name="title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            <FormError error={props.error} />
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={props.pending}>
                {props.submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
