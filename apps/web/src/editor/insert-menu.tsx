/**
 * The toolbar's insert button: a menu of every block the editor inserts (the same as the
 * slash menu's, `insert-items.ts`); choosing one puts it at the cursor and the cursor in it
 * (or selects it, for a block edited through its fields).
 */
import type { Editor } from '@tiptap/react';
import { INSERT_ITEMS, insertItem } from './insert-items';
import { ToolbarMenu } from './toolbar-menu';

export function InsertMenu({ editor }: { editor: Editor }) {
  return (
    <ToolbarMenu
      editor={editor}
      label="Insert block"
      title="Insert block (or type / in an empty line)"
      text="+ Insert"
      className="editor-insert-menu"
      choices={INSERT_ITEMS.map((item) => ({
        key: item.id,
        label: item.label,
        choose: () => insertItem(editor, item),
      }))}
    />
  );
}
