/**
 * The editor's formatting toolbar: Radix's Toolbar (one tab stop, arrow keys between
 * buttons), each button labelled and showing whether its format is on (`aria-pressed`).
 */
import { type Editor, useEditorState } from '@tiptap/react';
import { Toolbar } from 'radix-ui';

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
    {
      label: 'Link',
      text: 'Link',
      isActive: (e) => e.isActive('link'),
      run: (e) => {
        if (e.isActive('link')) return void chain(e).unsetLink().run();
        const href = window.prompt('Link address');
        if (href) chain(e).setLink({ href }).run();
      },
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
        </div>
      ))}
    </Toolbar.Root>
  );
}
