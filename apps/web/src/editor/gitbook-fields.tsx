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
import { type ImageDropStorage, imageDropOf, storeImage } from './image-drop';
import { MAX_UPLOAD_BYTES, pendingUploadOf, pendingUploadsOf, sizeText, uploadUrl } from './pending-uploads';

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
  uploadLimit,
  id,
}: {
  field: Field;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  onUpload: (field: Field, file: File) => void;
  /** The largest image the upload fields take, said before one is chosen. */
  uploadLimit: number;
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
          aria-describedby={id + '-limit'}
          type="file"
          accept={field.accept}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onUpload(field, file);
          }}
        />
        <span id={id + '-limit'} className="muted">
          Up to {sizeText(uploadLimit)}
        </span>
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
  // An editor made without the image drop (a bare editor of the tests) holds every image for the save.
  const drop: ImageDropStorage | undefined = imageDropOf(editor);
  // Where the editor stores a file at once (a change request, a space edited live), the image's
  // bytes go to the byte upload (up to the upload limit, progress told under the editor);
  // elsewhere it is held for the save (the inline limit).
  const uploadLimit =
    (drop?.upload !== undefined ? drop.maxUploadBytes : undefined) ?? drop?.maxBytes ?? MAX_UPLOAD_BYTES;
  /** A file chosen: stored, or held for the save, and given to the field as its address. */
  const upload = (pos: number, attribute: FieldAttribute, field: Field, file: File) => {
    setUploadError(undefined);
    const addressed = (src: string) => {
      const node = editor.state.doc.nodeAt(pos);
      if (editor.isDestroyed || !node || !fieldTargetOf(node)) return;
      const { tr } = editor.state;
      tr.setNodeAttribute(pos, attribute, field.set(fieldValueOf(node, attribute), src));
      if (editor.state.selection instanceof NodeSelection && editor.state.selection.from === pos)
        tr.setSelection(NodeSelection.create(tr.doc, pos));
      editor.view.dispatch(tr);
    };
    const failed = (error: unknown) => setUploadError(error instanceof Error ? error.message : String(error));
    if (drop?.upload !== undefined) {
      storeImage(drop, drop.upload, file).then(addressed, failed);
      return;
    }
    pendingUploadOf(file, drop?.maxBytes).then((pending) => {
      if (!editor.state.doc.nodeAt(pos)) return;
      pendingUploadsOf(editor).files.set(pending.ref, pending);
      addressed(uploadUrl(pending.ref));
    }, failed);
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
                uploadLimit={uploadLimit}
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
