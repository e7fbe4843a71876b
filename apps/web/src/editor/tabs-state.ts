/**
 * Which tab of each tabs block is shown: the one holding the cursor, else the last one the
 * cursor was in (the first at the start). The others are hidden by a decoration, and the
 * tabs block itself carries the shown index (`data-active-tab`) for its tab bar
 * (`tabs-view.tsx`). Nothing of this is saved: it is the editor's view, not the document.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { type EditorState, Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';

/** Tabs block position -> index of the tab shown. */
type Shown = ReadonlyMap<number, number>;

export const tabsStateKey = new PluginKey<Shown>('tabsState');

/** The tab the cursor is in, by its tabs block's position. */
function cursorTab(state: EditorState): [number, number] | undefined {
  const { $head } = state.selection;
  for (let depth = $head.depth; depth > 0; depth -= 1) {
    if ($head.node(depth).type.name === 'tabsItem') return [$head.before(depth - 1), $head.index(depth - 1)];
  }
  return undefined;
}

/** The index of the tab shown in the tabs block at `pos`. */
export function shownTab(state: EditorState, pos: number, tabs: ProseMirrorNode): number {
  const index = tabsStateKey.getState(state)?.get(pos) ?? 0;
  return Math.min(index, tabs.childCount - 1);
}

function decorations(state: EditorState): DecorationSet {
  const found: Decoration[] = [];
  state.doc.descendants((node, pos) => {
    if (node.type.name !== 'tabsItem' && node.type.name !== 'tabs') return true;
    if (node.type.name === 'tabs') {
      const active = shownTab(state, pos, node);
      found.push(
        Decoration.node(
          pos,
          pos + node.nodeSize,
          { 'data-active-tab': String(active) },
          { activeTab: active },
        ),
      );
      let offset = pos + 1;
      node.forEach((tab, _, index) => {
        if (index !== active)
          found.push(Decoration.node(offset, offset + tab.nodeSize, { class: 'editor-tab-hidden' }));
        offset += tab.nodeSize;
      });
    }
    return true;
  });
  return DecorationSet.create(state.doc, found);
}

export const TabsState = Extension.create({
  name: 'tabsState',
  addProseMirrorPlugins: () => [
    new Plugin<Shown>({
      key: tabsStateKey,
      state: {
        init: (_, state) => {
          const here = cursorTab(state);
          return new Map(here ? [here] : []);
        },
        apply: (tr, previous, _, state) => {
          if (!tr.docChanged && !tr.selectionSet) return previous;
          const next = new Map<number, number>();
          for (const [pos, index] of previous) {
            const mapped = tr.mapping.mapResult(pos, 1);
            if (!mapped.deleted) next.set(mapped.pos, index);
          }
          const here = cursorTab(state);
          if (here) next.set(here[0], here[1]);
          return next;
        },
      },
      props: { decorations },
    }),
  ],
});
