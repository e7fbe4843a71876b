/**
 * The toolbar's hint button: a Radix menu of the four hint styles; choosing one wraps the
 * selected blocks (or the cursor's block) in a hint of that style.
 */
import type { Editor } from '@tiptap/react';
import { DropdownMenu, Toolbar } from 'radix-ui';
import { useRef } from 'react';
import { HINT_STYLE_NAMES, HINT_STYLES } from './hint-styles';

export function HintMenu({ editor }: { editor: Editor }) {
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
        <Toolbar.Button type="button" className="editor-tool" aria-label="Insert hint" title="Insert hint">
          <span aria-hidden="true">Hint</span>
        </Toolbar.Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="popover editor-menu"
          sideOffset={4}
          align="start"
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            event.preventDefault();
            editor.view.focus();
          }}
        >
          {HINT_STYLES.map((style) => (
            <DropdownMenu.Item
              key={style}
              className="editor-menu-item"
              onSelect={() => {
                chosen.current = true;
                editor.chain().wrapIn('hint', { style }).run();
              }}
            >
              {HINT_STYLE_NAMES[style] + ' hint'}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
