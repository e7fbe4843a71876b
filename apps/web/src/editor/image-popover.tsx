/** The toolbar's image button: a popover with the image's address and alt text, inserted at the cursor. */
import type { Editor } from '@tiptap/react';
import { FieldPopover } from './field-popover';

const FIELDS = [
  { name: 'src', label: 'Image address' },
  { name: 'alt', label: 'Alt text' },
] as const;

function insertImage(editor: Editor, src: string, alt: string) {
  if (src === '') return;
  editor
    .chain()
    .focus()
    .setImage({ src, ...(alt === '' ? {} : { alt }) })
    .run();
}

export function ImagePopover({ editor }: { editor: Editor }) {
  return (
    <FieldPopover
      editor={editor}
      label="Insert image"
      text="Image"
      title="Insert image"
      fields={FIELDS}
      initialValues={() => ({ src: '', alt: '' })}
      applyLabel="Insert"
      onApply={(current, values) =>
        insertImage(current, (values.src ?? '').trim(), (values.alt ?? '').trim())
      }
    />
  );
}
