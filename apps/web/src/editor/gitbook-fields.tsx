/**
 * The fields (`block-fields.ts`) of the blocks the cursor is in, innermost first, and of the
 * block or inline selected: a labelled group each, under the toolbar. A change is one
 * transaction on that node's attribute, so undo takes it back; Enter or Escape in a field
 * gives focus back to the text.
 */
import { NodeSelection } from '@tiptap/pm/state';
import { type Editor, useEditorState } from '@tiptap/react';
import { useId, useState } from 'react';
import { type Field, type FieldAttribute, fieldTargetOf, fieldValueOf } from './block-fields';
import { pendingUploadOf, pendingUploadsOf, uploadUrl } from './pending-uploads';

interface Shown {
  pos: number;
  label: string;
  attribute: FieldAttribute;
  /** The value's JSON, so that the panel re-renders only when it changes. */
  json: string;
}

function targetsAt(editor: Editor): Shown[] {
  const { selection, doc } = editor.state;
  const shown: Shown[] = [];
  const add = (pos: number) => {
    const node = doc.nodeAt(pos);
    const target = node && fieldTargetOf(node);
    if (node && target)
      shown.push({
        pos,
        label: target.label,
        attribute: target.attribute,
        json: JSON.stringify(fieldValueOf(node, target.attribute)),
      });
  };
  if (selection instanceof NodeSelection) add(selection.from);
  const { $from } = selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) add($from.before(depth));
  return shown;
}

function FieldInput({
  field,
  value,
  onChange,
  onUpload,
  id,
}: {
  field: Field;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  onUpload: (field: Field, file: File) => void;
  id: string;
}) {
  if (field.kind === 'button')
    return (
      <button
        type="button"
        className="editor-tool editor-field-button"
        onClick={() => onChange(field.set(value, true))}
      >
        {field.label}
      </button>
    );
  if (field.kind === 'upload')
    return (
      <div className="editor-field editor-field-upload">
        <label htmlFor={id}>{field.label}</label>
        <input
          id={id}
          type="file"
          accept={field.accept}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onUpload(field, file);
          }}
        />
      </div>
    );
  const current = field.get(value);
  if (field.kind === 'checkbox')
    return (
      <label className="editor-field editor-field-checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={current === true}
          onChange={(event) => onChange(field.set(value, event.target.checked))}
        />
        {field.label}
      </label>
    );
  return (
    <div className="editor-field">
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'select' ? (
        <select
          id={id}
          value={String(current)}
          onChange={(event) => onChange(field.set(value, event.target.value))}
        >
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea
          id={id}
          rows={3}
          spellCheck={false}
          value={String(current)}
          onChange={(event) => onChange(field.set(value, event.target.value))}
        />
      ) : (
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={String(current)}
          onChange={(event) => onChange(field.set(value, event.target.value))}
        />
      )}
    </div>
  );
}

export function GitBookFields({ editor }: { editor: Editor }) {
  const id = useId();
  const shown = useEditorState({
    editor,
    selector: ({ editor: current }) => targetsAt(current),
    equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  if (shown.length === 0) return null;
  /** A file chosen: held for the save, and given to the field as its address in the batch. */
  const upload = (pos: number, attribute: FieldAttribute, field: Field, file: File) => {
    setUploadError(undefined);
    pendingUploadOf(file).then(
      (pending) => {
        const node = editor.state.doc.nodeAt(pos);
        if (!node || !fieldTargetOf(node)) return;
        pendingUploadsOf(editor).files.set(pending.ref, pending);
        const { tr } = editor.state;
        tr.setNodeAttribute(pos, attribute, field.set(fieldValueOf(node, attribute), uploadUrl(pending.ref)));
        if (editor.state.selection instanceof NodeSelection && editor.state.selection.from === pos)
          tr.setSelection(NodeSelection.create(tr.doc, pos));
        editor.view.dispatch(tr);
      },
      (error: unknown) => setUploadError(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <>
      {shown.map(({ pos, label, attribute, json }) => {
        const node = editor.state.doc.nodeAt(pos);
        const target = node && fieldTargetOf(node);
        if (!target) return null;
        const value = JSON.parse(json) as Record<string, unknown>;
        const change = (next: Record<string, unknown>) => {
          const { tr } = editor.state;
          tr.setNodeAttribute(pos, attribute, next);
          // The atom stays selected while its fields are typed in.
          if (editor.state.selection instanceof NodeSelection && editor.state.selection.from === pos)
            tr.setSelection(NodeSelection.create(tr.doc, pos));
          editor.view.dispatch(tr);
        };
        return (
          <fieldset
            key={pos + attribute}
            className="editor-block-setting editor-gitbook-fields"
            aria-label={label}
            onKeyDown={(event) => {
              if (
                event.key !== 'Escape' &&
                !(event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT')
              )
                return;
              event.preventDefault();
              editor.view.focus();
            }}
          >
            <legend>{label}</legend>
            {target.fields.map((field) => (
              <FieldInput
                key={field.id}
                id={id + pos + field.id}
                field={field}
                value={value}
                onChange={change}
                onUpload={(chosen, file) => upload(pos, attribute, chosen, file)}
              />
            ))}
            {uploadError && (
              <p className="form-error" role="alert">
                {uploadError}
              </p>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
