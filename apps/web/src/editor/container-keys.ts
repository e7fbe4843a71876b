/**
 * The keys a writer expects in GitBook's containers:
 * - Enter in a step, as GitBook: in the step's empty last paragraph, a new step after it
 *   (Enter twice adds a step); in a step holding only an empty paragraph, the step goes and the
 *   stepper is split there by an empty paragraph, or left after its last step (Enter three
 *   times); Backspace in an empty paragraph between two steppers merges them.
 * - Enter in the last paragraph of a tab, column, update, expandable's body or condition, when
 *   that paragraph is empty, leaves the container: the empty paragraph goes (or the whole
 *   item, when it was all it held and others remain) and the cursor lands in a new paragraph
 *   after the tabs (columns...).
 * - Backspace in an empty tab, step, column or update removes it (the last one removes the
 *   whole block); the cursor goes to the end of the one before.
 * - Tab and Shift-Tab in a tab's text go to the next and previous tab (outside lists and code,
 *   where Tab keeps its meaning); ArrowRight at a tab's very end and ArrowLeft at its very start
 *   cross to the neighbouring tab. A tab is shown while the cursor is in it (`tabs-state.ts`).
 * - Enter in an expandable's summary goes into its body; Backspace at the very start of its
 *   body goes back to the end of its summary, and Backspace in the empty summary of an
 *   expandable with nothing in it turns it back into a paragraph.
 * - Mod-Enter in a step, tab, column or update adds the next one after it (a tab titled
 *   "Tab N", an update dated today) and puts the cursor in it.
 */
import type { Node as ProseMirrorNode, ResolvedPos } from '@tiptap/pm/model';
import { type EditorState, Selection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { Extension } from '@tiptap/react';

type Dispatch = ((tr: Transaction) => void) | undefined;

/** Nodes holding the writer's blocks, with the block they belong to (the same node for a condition). */
const ITEMS: Record<string, 'parent' | 'self'> = {
  stepperStep: 'parent',
  tabsItem: 'parent',
  column: 'parent',
  update: 'parent',
  expandableBody: 'parent',
  conditional: 'self',
};

/** Items that can go on their own (an expandable's body and a condition's content cannot). */
const REMOVABLE = new Set(['stepperStep', 'tabsItem', 'column', 'update']);

interface Place {
  $from: ResolvedPos;
  /** Depth of the item (step, tab...) holding the cursor's paragraph. */
  itemDepth: number;
  /** Depth of the block the item belongs to (stepper, tabs...). */
  outerDepth: number;
}

/** The cursor in an empty paragraph directly inside a container item. */
function emptyParagraphInItem(state: EditorState): Place | undefined {
  const { selection } = state;
  if (!selection.empty) return undefined;
  const { $from } = selection;
  if ($from.parent.type.name !== 'paragraph' || $from.parent.content.size !== 0 || $from.depth < 2)
    return undefined;
  const itemDepth = $from.depth - 1;
  const role = ITEMS[$from.node(itemDepth).type.name];
  if (role === undefined) return undefined;
  return { $from, itemDepth, outerDepth: role === 'self' ? itemDepth : itemDepth - 1 };
}

export function leaveContainer(state: EditorState, dispatch: Dispatch): boolean {
  const place = emptyParagraphInItem(state);
  if (place === undefined) return false;
  const { $from, itemDepth, outerDepth } = place;
  const item = $from.node(itemDepth);
  if ($from.index(itemDepth) !== item.childCount - 1) return false;
  const outer = $from.node(outerDepth);
  const alone = item.childCount === 1;
  // An item that held only this paragraph goes, if the block keeps another one.
  const removeItem = alone && REMOVABLE.has(item.type.name) && outer.childCount > 1;
  if (alone && !removeItem && !REMOVABLE.has(item.type.name) && item.type.name !== 'expandableBody')
    return false; // an empty condition: Enter types a line as usual
  if (!dispatch) return true;
  const tr = state.tr;
  if (removeItem) tr.delete($from.before(itemDepth), $from.after(itemDepth));
  else if (!alone) tr.delete($from.before(), $from.after());
  const after = tr.mapping.map($from.after(outerDepth));
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph) return false;
  try {
    tr.insert(after, paragraph.create());
  } catch {
    return false;
  }
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  dispatch(tr.scrollIntoView());
  return true;
}

/**
 * GitBook's Enter in a stepper: in the empty last paragraph of a step that holds more, a new
 * step after it ("Enter twice adds a step"); in a step holding only an empty paragraph, the
 * step goes and the stepper is split there by an empty paragraph ("Enter three times makes a
 * block between the steps"; after the last step, the paragraph follows the stepper).
 */
export function stepperEnter(state: EditorState, dispatch: Dispatch): boolean {
  const place = emptyParagraphInItem(state);
  if (place === undefined) return false;
  const { $from, itemDepth, outerDepth } = place;
  const step = $from.node(itemDepth);
  if (step.type.name !== 'stepperStep' || $from.index(itemDepth) !== step.childCount - 1) return false;
  const stepper = $from.node(outerDepth);
  const index = $from.index(outerDepth);
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph) return false;
  if (step.childCount > 1) {
    const made = step.type.createAndFill({ data: {} }, paragraph.create());
    if (!made) return false;
    if (dispatch) {
      const tr = state.tr.delete($from.before(), $from.after());
      const at = tr.mapping.map($from.after(itemDepth));
      tr.insert(at, made);
      dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 2)).scrollIntoView());
    }
    return true;
  }
  // An empty step in the middle splits the stepper; the last one (or the only one) leaves it.
  if (index === stepper.childCount - 1 || stepper.childCount === 1) return false;
  if (dispatch) {
    const steps: ProseMirrorNode[] = [];
    stepper.forEach((child) => {
      steps.push(child);
    });
    const before = steps.slice(0, index);
    const after = steps.slice(index + 1);
    const parts: ProseMirrorNode[] = [];
    if (before.length > 0) parts.push(stepper.type.create(stepper.attrs, before));
    const gap = parts.length > 0 ? 1 : 0;
    parts.push(paragraph.create());
    parts.push(stepper.type.create({ ...stepper.attrs, source: null }, after));
    const start = $from.before(outerDepth);
    const tr = state.tr.replaceWith(start, $from.after(outerDepth), parts);
    const paragraphAt = start + (gap ? (parts[0]?.nodeSize ?? 0) : 0);
    dispatch(tr.setSelection(TextSelection.create(tr.doc, paragraphAt + 1)).scrollIntoView());
  }
  return true;
}

/** Backspace in an empty paragraph between two steppers: one stepper again (GitBook's merge). */
export function mergeSteppers(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.name !== 'paragraph' || $from.parent.content.size !== 0) return false;
  const depth = $from.depth;
  const container = $from.node(depth - 1);
  const index = $from.index(depth - 1);
  const before = index > 0 ? container.child(index - 1) : undefined;
  const after = index < container.childCount - 1 ? container.child(index + 1) : undefined;
  if (before?.type.name !== 'stepper' || after?.type.name !== 'stepper') return false;
  if (dispatch) {
    const steps: ProseMirrorNode[] = [];
    before.forEach((child) => {
      steps.push(child);
    });
    after.forEach((child) => {
      steps.push(child);
    });
    const start = $from.before() - before.nodeSize;
    const merged = before.type.create({ ...before.attrs, source: null }, steps);
    const tr = state.tr.replaceWith(start, $from.after() + after.nodeSize, merged);
    // The cursor at the end of the last step of the first part.
    const end = start + 1 + steps.slice(0, before.childCount).reduce((sum, step) => sum + step.nodeSize, 0);
    dispatch(tr.setSelection(Selection.near(tr.doc.resolve(end - 1), -1)).scrollIntoView());
  }
  return true;
}

export function removeEmptyItem(state: EditorState, dispatch: Dispatch): boolean {
  const place = emptyParagraphInItem(state);
  if (place === undefined) return false;
  const { $from, itemDepth, outerDepth } = place;
  const item = $from.node(itemDepth);
  if (!REMOVABLE.has(item.type.name) || item.childCount !== 1) return false;
  if (!dispatch) return true;
  const tr = state.tr;
  const outer = $from.node(outerDepth);
  if (outer.childCount === 1) {
    const paragraph = state.schema.nodes.paragraph;
    if (!paragraph) return false;
    const start = $from.before(outerDepth);
    tr.replaceWith(start, $from.after(outerDepth), paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, start + 1));
  } else {
    const index = $from.index(outerDepth);
    const start = $from.before(itemDepth);
    tr.delete(start, $from.after(itemDepth));
    // The end of the item before, or the start of the one after when this was the first.
    tr.setSelection(
      index > 0
        ? Selection.near(tr.doc.resolve(start - 1), -1)
        : Selection.near(tr.doc.resolve(Math.min(start + 1, tr.doc.content.size)), 1),
    );
  }
  dispatch(tr.scrollIntoView());
  return true;
}

/** The depth of the innermost tab holding the cursor, unless a list, code or table is nearer. */
function tabDepth($from: ResolvedPos): number | undefined {
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const name = $from.node(depth).type.name;
    if (name === 'tabsItem') return depth;
    if (['listItem', 'taskItem', 'codeBlock', 'tableCell', 'tableHeader'].includes(name)) return undefined;
  }
  return undefined;
}

function tabRange(
  $from: ResolvedPos,
  depth: number,
): { start: number; end: number; index: number; tabs: ProseMirrorNode } {
  return {
    start: $from.before(depth),
    end: $from.after(depth),
    index: $from.index(depth - 1),
    tabs: $from.node(depth - 1),
  };
}

/** Moves the cursor to the next (1) or previous (-1) tab: its start, or its end going back. */
export function moveToTab(direction: 1 | -1, edge: 'start' | 'near' = 'start') {
  return (state: EditorState, dispatch: Dispatch): boolean => {
    const { $from } = state.selection;
    const depth = tabDepth($from);
    if (depth === undefined) return false;
    const { start, end, index, tabs } = tabRange($from, depth);
    const target = index + direction;
    if (target < 0 || target >= tabs.childCount) return false;
    if (!dispatch) return true;
    const selection =
      direction === 1
        ? Selection.findFrom(state.doc.resolve(end + 1), 1, true)
        : edge === 'near'
          ? Selection.findFrom(state.doc.resolve(start - 1), -1, true)
          : Selection.findFrom(state.doc.resolve(start - tabs.child(target).nodeSize + 1), 1, true);
    if (!selection) return false;
    dispatch(state.tr.setSelection(selection).scrollIntoView());
    return true;
  };
}

/** ArrowRight at a tab's very end, ArrowLeft at its very start: over to the neighbouring tab. */
export function crossTab(direction: 1 | -1) {
  return (state: EditorState, dispatch: Dispatch): boolean => {
    const { selection } = state;
    if (!selection.empty) return false;
    const depth = tabDepth(selection.$from);
    if (depth === undefined) return false;
    const { start, end } = tabRange(selection.$from, depth);
    const edge =
      direction === 1
        ? Selection.findFrom(state.doc.resolve(end - 1), -1, true)
        : Selection.findFrom(state.doc.resolve(start + 1), 1, true);
    const atEdge = direction === 1 ? edge?.to === selection.from : edge?.from === selection.from;
    if (!atEdge) return false;
    return moveToTab(direction, 'near')(state, dispatch);
  };
}

export function enterExpandableBody(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.name !== 'expandableTitle') return false;
  const selection = Selection.findFrom(state.doc.resolve($from.after()), 1, true);
  if (!selection) return false;
  if (dispatch) dispatch(state.tr.setSelection(selection).scrollIntoView());
  return true;
}

/** Backspace at the start of an expandable's body: to the end of its summary. */
export function backToSummary(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.parentOffset !== 0 || $from.depth < 3) return false;
  const bodyDepth = $from.depth - 1;
  if ($from.node(bodyDepth).type.name !== 'expandableBody' || $from.index(bodyDepth) !== 0) return false;
  const titleEnd = $from.before(bodyDepth) - 1;
  if (dispatch) dispatch(state.tr.setSelection(TextSelection.create(state.doc, titleEnd)).scrollIntoView());
  return true;
}

/** Backspace in the empty summary of an expandable whose body is one empty paragraph: a paragraph again. */
export function removeEmptyExpandable(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.name !== 'expandableTitle' || $from.parent.content.size !== 0) return false;
  const expandable = $from.node($from.depth - 1);
  const body = expandable.child(1);
  const onlyEmpty =
    body.childCount === 1 && body.child(0).type.name === 'paragraph' && body.child(0).content.size === 0;
  const paragraph = state.schema.nodes.paragraph;
  if (!onlyEmpty || !paragraph) return false;
  if (!dispatch) return true;
  const start = $from.before($from.depth - 1);
  const tr = state.tr.replaceWith(start, $from.after($from.depth - 1), paragraph.create());
  dispatch(tr.setSelection(TextSelection.create(tr.doc, start + 1)).scrollIntoView());
  return true;
}

/** The new item of each container, after the one the cursor is in. */
const NEW_ITEM: Record<string, (count: number) => Record<string, unknown>> = {
  tabsItem: (count) => ({ title: 'Tab ' + (count + 1) }),
  stepperStep: () => ({}),
  column: () => ({}),
  update: () => ({ date: new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z' }),
};

/** Mod-Enter: a new step (tab, column, update) after the one holding the cursor. */
export function addItemAfter(state: EditorState, dispatch: Dispatch): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 1; depth -= 1) {
    const item = $from.node(depth);
    const data = NEW_ITEM[item.type.name];
    if (!data) continue;
    const paragraph = state.schema.nodes.paragraph;
    if (!paragraph) return false;
    const made = item.type.createAndFill(
      { data: data($from.node(depth - 1).childCount) },
      paragraph.create(),
    );
    if (!made) return false;
    if (dispatch) {
      const at = $from.after(depth);
      const tr = state.tr.insert(at, made);
      dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 2)).scrollIntoView());
    }
    return true;
  }
  return false;
}

export const ContainerKeys = Extension.create({
  name: 'containerKeys',
  // Before the lists' own Enter, Tab and Backspace.
  priority: 1000,
  addKeyboardShortcuts() {
    const run = (command: (state: EditorState, dispatch: Dispatch) => boolean) => () =>
      command(this.editor.state, (tr) => this.editor.view.dispatch(tr));
    return {
      Enter: () => run(enterExpandableBody)() || run(stepperEnter)() || run(leaveContainer)(),
      Backspace: () =>
        run(removeEmptyItem)() ||
        run(backToSummary)() ||
        run(removeEmptyExpandable)() ||
        run(mergeSteppers)(),
      'Mod-Enter': run(addItemAfter),
      Tab: run(moveToTab(1)),
      'Shift-Tab': run(moveToTab(-1)),
      ArrowRight: run(crossTab(1)),
      ArrowLeft: run(crossTab(-1)),
    };
  },
});
