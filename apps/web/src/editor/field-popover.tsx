/**
 * A toolbar button that opens a Radix Popover holding a small form of labelled text fields:
 * Enter applies, Escape (or "Cancel") closes it without a change. After applying, focus goes
 * back into the editor's text, where the person was writing; after a cancel, Radix returns
 * it to the button, as a dialog's trigger expects.
 */
import type { Editor } from '@tiptap/react';
import { Popover, Toolbar } from 'radix-ui';
import { type ReactNode, useId, useRef, useState } from 'react';

export interface PopoverField {
  name: string;
  label: string;
}

export type FieldValues = Record<string, string>;

export function FieldPopover({
  editor,
  label,
  text,
  pressed,
  title,
  fields,
  initialValues,
  applyLabel,
  onApply,
  extraAction,
}: {
  editor: Editor;
  /** The button's accessible name. */
  label: string;
  text: ReactNode;
  pressed?: boolean | undefined;
  /** The popover's accessible name. */
  title: string;
  fields: readonly PopoverField[];
  /** The fields' values when the popover opens (read from the selection then). */
  initialValues: (editor: Editor) => FieldValues;
  applyLabel: string;
  onApply: (editor: Editor, values: FieldValues) => void;
  extraAction?: { label: string; run: (editor: Editor) => void } | undefined;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<FieldValues>({});
  const applied = useRef(false);
  const openChanged = (next: boolean) => {
    if (next) {
      applied.current = false;
      setValues(initialValues(editor));
    }
    setOpen(next);
  };
  const finish = (run: (editor: Editor) => void) => {
    applied.current = true;
    setOpen(false);
    run(editor);
  };
  return (
    <Popover.Root open={open} onOpenChange={openChanged}>
      <Popover.Trigger asChild>
        <Toolbar.Button
          type="button"
          className="editor-tool"
          aria-label={label}
          title={label}
          {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
        >
          <span aria-hidden="true">{text}</span>
        </Toolbar.Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover editor-popover"
          sideOffset={4}
          align="start"
          aria-label={title}
          onCloseAutoFocus={(event) => {
            if (!applied.current) return;
            event.preventDefault();
            editor.view.focus();
          }}
        >
          <form
            className="editor-popover-form"
            onSubmit={(event) => {
              event.preventDefault();
              finish((current) => onApply(current, values));
            }}
          >
            {fields.map((field) => (
              <div className="editor-popover-field" key={field.name}>
                <label htmlFor={id + field.name}>{field.label}</label>
                <input
                  id={id + field.name}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  value={values[field.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                />
              </div>
            ))}
            <div className="editor-popover-actions">
              <button type="submit" className="button button-primary">
                {applyLabel}
              </button>
              {extraAction && (
                <button type="button" className="button" onClick={() => finish(extraAction.run)}>
                  {extraAction.label}
                </button>
              )}
              <Popover.Close className="button">Cancel</Popover.Close>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
