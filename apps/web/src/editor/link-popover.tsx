/**
 * The toolbar's link button: a popover with the link's address. An address links the
 * selection (or the whole link the cursor is in, or, with nothing selected, inserts the
 * address itself as linked text); an empty address removes the link.
 */
import { type Editor, useEditorState } from '@tiptap/react';
import { FieldPopover } from './field-popover';

const FIELDS = [{ name: 'href', label: 'Link address' }] as const;

function applyLink(editor: Editor, href: string) {
  const chain = editor.chain().focus().extendMarkRange('link');
  if (href === '') return void chain.unsetLink().run();
  if (editor.state.selection.empty && !editor.isActive('link')) {
    return void chain
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .run();
  }
  chain.setLink({ href }).run();
}

export function LinkPopover({ editor }: { editor: Editor }) {
  const active = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('link') });
  return (
    <FieldPopover
      editor={editor}
      label="Link"
      text="Link"
      pressed={active}
      title="Link"
      fields={FIELDS}
      initialValues={(current) => ({ href: String(current.getAttributes('link').href ?? '') })}
      applyLabel="Apply"
      onApply={(current, values) => applyLink(current, (values.href ?? '').trim())}
      extraAction={active ? { label: 'Remove link', run: (current) => applyLink(current, '') } : undefined}
    />
  );
}
