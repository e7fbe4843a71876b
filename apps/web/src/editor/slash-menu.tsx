/**
 * The slash menu: typing `/` at the start of a paragraph (then words to narrow it: `/tab`)
 * lists the blocks of the insert menu (`insert-items.ts`) by the cursor. ArrowDown and
 * ArrowUp choose, Enter inserts in place of the typed command, Escape closes it (until the
 * command is typed again); a click inserts too. The focus stays in the text throughout; the
 * list is a listbox whose chosen option the editor's textbox points at (aria-activedescendant).
 */
import { type EditorState, Plugin, PluginKey } from '@tiptap/pm/state';
import { type Editor, Extension, useEditorState } from '@tiptap/react';
import { type InsertItem, insertItem, matchingItems } from './insert-items';

interface SlashState {
  /** The command typed (`/` to the cursor), when the menu is open. */
  range?: { from: number; to: number };
  query: string;
  index: number;
  /** Where a command was dismissed by Escape: closed until typed again elsewhere. */
  dismissedFrom?: number;
}

export const slashMenuKey = new PluginKey<SlashState>('slashMenu');

const CLOSED: SlashState = { query: '', index: 0 };

function commandAt(state: EditorState): { from: number; to: number; query: string } | undefined {
  const { selection } = state;
  if (!selection.empty) return undefined;
  const { $from } = selection;
  if ($from.parent.type.name !== 'paragraph') return undefined;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const match = /^\/([a-z0-9 -]{0,40})$/i.exec(before);
  if (!match) return undefined;
  return { from: $from.start(), to: $from.pos, query: match[1] ?? '' };
}

function slashState(
  tr: { getMeta: (key: PluginKey) => unknown },
  previous: SlashState,
  state: EditorState,
): SlashState {
  const meta = tr.getMeta(slashMenuKey) as { index?: number; dismiss?: boolean } | undefined;
  const command = commandAt(state);
  if (!command) return CLOSED;
  if (meta?.dismiss) return { ...CLOSED, dismissedFrom: command.from };
  if (previous.dismissedFrom === command.from) return { ...CLOSED, dismissedFrom: command.from };
  const count = matchingItems(command.query).length;
  const index =
    meta?.index !== undefined
      ? (meta.index + count) % Math.max(count, 1)
      : command.query === previous.query && previous.range
        ? Math.min(previous.index, Math.max(count - 1, 0))
        : 0;
  return { range: { from: command.from, to: command.to }, query: command.query, index };
}

const optionId = (item: InsertItem) => 'editor-slash-' + item.id;

export function chooseSlashItem(editor: Editor, item: InsertItem): void {
  const menu = slashMenuKey.getState(editor.state);
  if (menu?.range) editor.chain().focus().deleteRange(menu.range).run();
  insertItem(editor, item);
}

export const SlashMenu = Extension.create({
  name: 'slashMenu',
  priority: 1100,
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin<SlashState>({
        key: slashMenuKey,
        state: {
          init: () => CLOSED,
          apply: (tr, previous, _, state) => slashState(tr, previous, state),
        },
        props: {
          handleKeyDown: (view, event) => {
            const menu = slashMenuKey.getState(view.state);
            if (!menu?.range) return false;
            const items = matchingItems(menu.query);
            if (event.key === 'Escape') {
              view.dispatch(view.state.tr.setMeta(slashMenuKey, { dismiss: true }));
              return true;
            }
            if (items.length === 0) return false;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              const step = event.key === 'ArrowDown' ? 1 : -1;
              view.dispatch(view.state.tr.setMeta(slashMenuKey, { index: menu.index + step }));
              return true;
            }
            if (event.key === 'Enter') {
              const item = items[menu.index];
              if (item) chooseSlashItem(editor, item);
              return true;
            }
            return false;
          },
          // The textbox points at the list and its chosen option (the focus stays in the text).
          attributes: (state): Record<string, string> => {
            const menu = slashMenuKey.getState(state);
            if (!menu?.range) return {};
            const chosen = matchingItems(menu.query)[menu.index];
            return {
              'aria-controls': 'editor-slash-menu',
              ...(chosen ? { 'aria-activedescendant': optionId(chosen) } : {}),
            };
          },
        },
      }),
    ];
  },
});

/** The open slash menu, drawn at the command typed. */
export function SlashMenuList({ editor }: { editor: Editor }) {
  const menu = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const state = slashMenuKey.getState(current.state);
      return state?.range ? { from: state.range.from, query: state.query, index: state.index } : undefined;
    },
    equalityFn: (a, b) => a?.from === b?.from && a?.query === b?.query && a?.index === b?.index,
  });
  if (!menu) return null;
  const items = matchingItems(menu.query);
  let place = { left: 0, bottom: 0 };
  try {
    place = editor.view.coordsAtPos(menu.from);
  } catch {
    // No layout (a test's DOM): drawn at the corner.
  }
  return (
    <div
      id="editor-slash-menu"
      className="popover editor-menu editor-slash-menu"
      style={{ position: 'fixed', left: place.left, top: place.bottom + 4 }}
    >
      {items.length === 0 ? (
        <p className="muted">No block named “{menu.query}”</p>
      ) : (
        <div role="listbox" aria-label="Insert a block">
          {items.map((item, index) => (
            <div
              key={item.id}
              id={optionId(item)}
              role="option"
              tabIndex={-1}
              aria-selected={index === menu.index}
              className="editor-menu-item"
              onMouseDown={(event) => {
                // Keep the focus (and the command's range) in the text.
                event.preventDefault();
                chooseSlashItem(editor, item);
              }}
            >
              {item.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
