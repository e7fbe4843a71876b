/**
 * A toolbar button opening a Radix menu of choices. After a choice focus goes back to the
 * editor's text (where the choice acted); after Escape, Radix returns it to the button.
 */
import type { Editor } from '@tiptap/react';
import { DropdownMenu, Toolbar } from 'radix-ui';
import { useRef } from 'react';

export interface ToolbarMenuChoice {
  key: string;
  label: string;
  choose(): void;
}

export function ToolbarMenu({
  editor,
  label,
  title,
  text,
  className,
  choices,
}: {
  editor: Editor;
  /** The button's accessible name. */
  label: string;
  title: string;
  /** What the button shows. */
  text: string;
  /** Classes of the menu beside `popover editor-menu`. */
  className?: string;
  choices: readonly ToolbarMenuChoice[];
}) {
  const chosen = useRef(false);
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open) chosen.current = false;
      }}
    >
      <DropdownMenu.Trigger asChild>
        <Toolbar.Button type="button" className="editor-tool" aria-label={label} title={title}>
          <span aria-hidden="true">{text}</span>
        </Toolbar.Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={className ? `popover editor-menu ${className}` : 'popover editor-menu'}
          sideOffset={4}
          align="start"
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            event.preventDefault();
            editor.view.focus();
          }}
        >
          {choices.map((choice) => (
            <DropdownMenu.Item
              key={choice.key}
              className="editor-menu-item"
              onSelect={() => {
                chosen.current = true;
                choice.choose();
              }}
            >
              {choice.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
