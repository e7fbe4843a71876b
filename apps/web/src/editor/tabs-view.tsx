/**
 * A tabs block in the editor: a tab bar (ARIA tabs: arrow keys move between tabs, the shown
 * one pressed), the shown tab's title in a labelled field, buttons to add and remove a tab,
 * and the tabs' content, of which only the shown tab is visible (`tabs-state.ts`). Choosing
 * a tab puts the cursor at its start, which shows it.
 */
import { Selection } from '@tiptap/pm/state';
import {
  type Editor,
  NodeViewContent,
  NodeViewWrapper,
  type ReactNodeViewProps,
  ReactNodeViewRenderer,
} from '@tiptap/react';
import { useId, useRef } from 'react';
import { Tabs } from './gitbook-nodes';

const titleOf = (data: unknown, index: number) => {
  const title = (data as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title !== '' ? title : 'Tab ' + (index + 1);
};

/** The position of the tabs block's `index`-th tab. */
function tabPosition(editor: Editor, tabsPos: number, index: number): number {
  const tabs = editor.state.doc.nodeAt(tabsPos);
  let pos = tabsPos + 1;
  for (let i = 0; i < index && tabs; i += 1) pos += tabs.child(i).nodeSize;
  return pos;
}

function showTab(editor: Editor, tabsPos: number, index: number, focus: boolean) {
  const pos = tabPosition(editor, tabsPos, index);
  const selection = Selection.findFrom(editor.state.doc.resolve(pos + 1), 1, true);
  if (!selection) return;
  editor.view.dispatch(editor.state.tr.setSelection(selection));
  if (focus) editor.view.focus();
}

function TabsView({ editor, node, getPos, decorations }: ReactNodeViewProps) {
  const id = useId();
  const bar = useRef<HTMLDivElement>(null);
  const active = Math.min(
    Number(decorations.find((decoration) => decoration.spec.activeTab !== undefined)?.spec.activeTab ?? 0),
    node.childCount - 1,
  );
  const tabs: { title: string; data: Record<string, unknown> }[] = [];
  node.forEach((tab, _, index) => {
    tabs.push({
      title: titleOf(tab.attrs.data, index),
      data: (tab.attrs.data ?? {}) as Record<string, unknown>,
    });
  });
  const position = () => getPos() ?? 0;
  const setTitle = (title: string) => {
    const pos = tabPosition(editor, position(), active);
    editor.view.dispatch(
      editor.state.tr.setNodeAttribute(pos, 'data', { ...(tabs[active]?.data ?? {}), title }),
    );
  };
  const addTab = () => {
    const tabsItem = editor.schema.nodes.tabsItem;
    const paragraph = editor.schema.nodes.paragraph;
    if (!tabsItem || !paragraph) return;
    const end = position() + node.nodeSize - 1;
    const tab = tabsItem.create({ data: { title: 'Tab ' + (node.childCount + 1) } }, paragraph.create());
    editor.view.dispatch(editor.state.tr.insert(end, tab));
    showTab(editor, position(), node.childCount, true);
  };
  const removeTab = () => {
    const start = tabPosition(editor, position(), active);
    const tab = editor.state.doc.nodeAt(start);
    if (!tab) return;
    if (node.childCount === 1) {
      editor
        .chain()
        .focus()
        .deleteRange({ from: position(), to: position() + node.nodeSize })
        .run();
      return;
    }
    editor.view.dispatch(editor.state.tr.delete(start, start + tab.nodeSize));
    showTab(editor, position(), Math.max(0, active - 1), true);
  };
  return (
    <NodeViewWrapper className="editor-tabs-block">
      <div className="editor-tabs-bar" contentEditable={false}>
        <div role="tablist" aria-label="Tabs" ref={bar} className="editor-tabs-list">
          {tabs.map((tab, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: tabs have no identity but their place
              key={index}
              type="button"
              role="tab"
              aria-selected={index === active}
              tabIndex={index === active ? 0 : -1}
              className="editor-tabs-tab"
              onClick={() => showTab(editor, position(), index, true)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (step === 0) return;
                event.preventDefault();
                const next = (index + step + tabs.length) % tabs.length;
                showTab(editor, position(), next, false);
                const buttons = bar.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
                requestAnimationFrame(() => buttons?.[next]?.focus());
              }}
            >
              {tab.title}
            </button>
          ))}
        </div>
        <button type="button" className="editor-tool" onClick={addTab}>
          Add tab
        </button>
        <label className="editor-tabs-title" htmlFor={id + 'title'}>
          Tab title
        </label>
        <input
          id={id + 'title'}
          type="text"
          autoComplete="off"
          value={String(tabs[active]?.data.title ?? '')}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== 'Escape') return;
            event.preventDefault();
            showTab(editor, position(), active, true);
          }}
        />
        <button type="button" className="editor-tool" onClick={removeTab}>
          Remove tab
        </button>
      </div>
      <NodeViewContent className="editor-tabs-panels" />
    </NodeViewWrapper>
  );
}

export const TabsWithView = Tabs.extend({
  addNodeView() {
    // TipTap re-renders a React view when its node changes, not when only its decorations do:
    // the tab shown (a decoration, `tabs-state.ts`) changes with the cursor alone.
    return ReactNodeViewRenderer(TabsView, {
      update: ({ oldNode, newNode, updateProps }) => {
        if (oldNode.type !== newNode.type) return false;
        updateProps();
        return true;
      },
    });
  },
});
