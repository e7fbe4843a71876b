/**
 * The editor's formatting toolbar: Radix's Toolbar (one tab stop, arrow keys between
 * buttons), each button labelled and showing whether its format is on (`aria-pressed`).
 * Links and images are set in popovers (`link-popover.tsx`, `image-popover.tsx`), hints
 * inserted from a menu (`hint-menu.tsx`), every GitBook block from the insert menu
 * (`insert-menu.tsx`, also opened by typing `/`: `slash-menu.tsx`), API operations from a dialog
 * (`openapi-operation-dialog.tsx`); the settings of the block the cursor is in (code
 * language, hint style) follow the toolbar (`block-settings.tsx`).
 */
import { type Editor, useEditorState } from '@tiptap/react';
import { Toolbar } from 'radix-ui';
import type { ReactNode } from 'react';
import { BlockSettings } from './block-settings';
import { HintMenu } from './hint-menu';
import { ImagePopover } from './image-popover';
import { InsertMenu } from './insert-menu';
import { LinkPopover } from './link-popover';
import { OpenApiOperationDialog } from './openapi-operation-dialog';

interface Tool {
  label: string;
  text: string;
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const chain = (editor: Editor) => editor.chain().focus();

const TOOLS: Tool[][] = [
  [
    {
      label: 'Bold',
      text: 'B',
      isActive: (e) => e.isActive('bold'),
      run: (e) => chain(e).toggleBold().run(),
    },
    {
      label: 'Italic',
      text: 'I',
      isActive: (e) => e.isActive('italic'),
      run: (e) => chain(e).toggleItalic().run(),
    },
    {
      label: 'Strikethrough',
      text: 'S',
      isActive: (e) => e.isActive('strike'),
      run: (e) => chain(e).toggleStrike().run(),
    },
    {
      label: 'Inline code',
      text: 'Code',
      isActive: (e) => e.isActive('code'),
      run: (e) => chain(e).toggleCode().run(),
    },
  ],
  [1, 2, 3].map((level) => ({
    label: 'H' + level + ' heading',
    text: 'H' + level,
    isActive: (e: Editor) => e.isActive('heading', { level }),
    run: (e: Editor) =>
      chain(e)
        .toggleHeading({ level: level as 1 | 2 | 3 })
        .run(),
  })),
  [
    {
      label: 'Bulleted list',
      text: '• List',
      isActive: (e) => e.isActive('bulletList'),
      run: (e) => chain(e).toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      text: 'Numbered',
      isActive: (e) => e.isActive('orderedList'),
      run: (e) => chain(e).toggleOrderedList().run(),
    },
    {
      label: 'Task list',
      text: '☑ Task',
      isActive: (e) => e.isActive('taskList'),
      run: (e) => chain(e).toggleTaskList().run(),
    },
  ],
  [
    {
      label: 'Code block',
      text: 'Code block',
      isActive: (e) => e.isActive('codeBlock'),
      run: (e) => chain(e).toggleCodeBlock().run(),
    },
    {
      label: 'Quote',
      text: '❝ Quote',
      isActive: (e) => e.isActive('blockquote'),
      run: (e) => chain(e).toggleBlockquote().run(),
    },
    {
      label: 'Insert table',
      text: 'Table',
      run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    { label: 'Divider', text: '—', run: (e) => chain(e).setHorizontalRule().run() },
  ],
  [
    { label: 'Undo', text: '↶', run: (e) => chain(e).undo().run() },
    { label: 'Redo', text: '↷', run: (e) => chain(e).redo().run() },
  ],
];

/** The toolbar's controls other than plain buttons, shown after the group of the same index. */
const GROUP_EXTRAS: Record<number, (editor: Editor) => ReactNode> = {
  0: (editor) => <LinkPopover editor={editor} />,
  3: (editor) => (
    <>
      <InsertMenu editor={editor} />
      <HintMenu editor={editor} />
      <ImagePopover editor={editor} />
      <OpenApiOperationDialog editor={editor} />
    </>
  ),
};

export function EditorToolbar({ editor }: { editor: Editor }) {
  // Only the pressed states re-render the toolbar, not every transaction.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      TOOLS.flat()
        .map((tool) => (tool.isActive?.(current) ? '1' : '0'))
        .join(''),
  });
  let index = 0;
  return (
    <>
      <Toolbar.Root className="editor-toolbar" aria-label="Formatting">
        {TOOLS.map((group, groupIndex) => (
          <div className="editor-toolbar-group" key={group[0]?.label}>
            {groupIndex > 0 && <Toolbar.Separator className="editor-toolbar-separator" />}
            {group.map((tool) => {
              const pressed = active[index++] === '1';
              return (
                <Toolbar.Button
                  key={tool.label}
                  type="button"
                  className="editor-tool"
                  aria-label={tool.label}
                  title={tool.label}
                  {...(tool.isActive ? { 'aria-pressed': pressed } : {})}
                  onClick={() => tool.run(editor)}
                >
                  <span aria-hidden="true">{tool.text}</span>
                </Toolbar.Button>
              );
            })}
            {GROUP_EXTRAS[groupIndex]?.(editor)}
          </div>
        ))}
      </Toolbar.Root>
      <BlockSettings editor={editor} />
    </>
  );
}
