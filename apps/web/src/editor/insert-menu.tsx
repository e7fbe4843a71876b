/**
 * The toolbar's insert button: a Radix menu of every block the editor inserts (the same as
 * the slash menu's, `insert-items.ts`); choosing one puts it at the cursor and the cursor in
 * it (or selects it, for a block edited through its fields).
 */
import type { Editor } from '@tiptap/react';
import { DropdownMenu, Toolbar } from 'radix-ui';
import { useRef } from 'react';
import { INSERT_ITEMS, insertItem } from './insert-items';

export function InsertMenu({ editor }: { editor: Editor }) {
  // After a choice focus goes back to the text; after Escape, Radix returns it to the button.
  const chosen = useRef(false);
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open) chosen.current = false;
      }}
    >
      <DropdownMenu.Trigger asChild>
        <Toolbar.Button
          type="button"
          className="editor-tool"
          aria-label="Insert block"
          title="Insert block (or type / in an empty line)"
        >
          <span aria-hidden="true">+ Insert</span>
        </Toolbar.Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="popover editor-menu editor-insert-menu"
          sideOffset={4}
          align="start"
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            event.preventDefault();
            editor.view.focus();
          }}
        >
          {INSERT_ITEMS.map((item) => (
            <DropdownMenu.Item
              key={item.id}
              className="editor-menu-item"
              onSelect={() => {
                chosen.current = true;
                insertItem(editor, item);
              }}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
