/**
 * The toolbar's hint button: a menu of the four hint styles; choosing one wraps the selected
 * blocks (or the cursor's block) in a hint of that style.
 */
import type { Editor } from '@tiptap/react';
import { HINT_STYLE_NAMES, HINT_STYLES } from './hint-styles';
import { ToolbarMenu } from './toolbar-menu';

export function HintMenu({ editor }: { editor: Editor }) {
  return (
    <ToolbarMenu
      editor={editor}
      label="Insert hint"
      title="Insert hint"
      text="Hint"
      choices={HINT_STYLES.map((style) => ({
        key: style,
        label: `${HINT_STYLE_NAMES[style]} hint`,
        choose: () => editor.chain().wrapIn('hint', { style }).run(),
      }))}
    />
  );
}
