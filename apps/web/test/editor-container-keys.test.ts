/**
 * The keys of GitBook's containers in the editor (`container-keys.ts`), the tab shown
 * (`tabs-state.ts`) and the slash menu (`slash-menu.tsx`), on a real editor (ProseMirror's
 * key handling, jsdom without layout): Enter twice at a step's end adds a step and a third
 * time leaves the stepper (GitBook's keys), an empty step splits it and Backspace joins it, Tab and the arrows move between tabs, Backspace in an empty tab removes it, an
 * expandable's summary is typed into and Enter goes to its body, `/tab` Enter inserts tabs.
 */
import type { DecorationSet } from '@tiptap/pm/view';
import { Editor, type JSONContent } from '@tiptap/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addItemAfter } from '../src/editor/container-keys';
import { editorToMarkdown } from '../src/editor/editor-content';
import { blocksToDocument } from '../src/editor/editor-to-document';
import { editorExtensions } from '../src/editor/extensions';
import { slashMenuKey } from '../src/editor/slash-menu';
import { tabsStateKey } from '../src/editor/tabs-state';

beforeAll(() => {
  const empty = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => empty as DOMRect;
  document.elementFromPoint = () => null;
});

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const p = (text = ''): JSONContent =>
  text === '' ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text }] };
const tab = (title: string, ...content: JSONContent[]): JSONContent => ({
  type: 'tabsItem',
  attrs: { data: { title } },
  content,
});
const step = (...content: JSONContent[]): JSONContent => ({
  type: 'stepperStep',
  attrs: { data: {} },
  content,
});

/** The editor's JSON without the empty GitBook data every node carries. */
function content(current: Editor): JSONContent[] {
  const strip = (node: JSONContent): JSONContent => {
    const { attrs, content: children, ...rest } = node;
    const kept = Object.fromEntries(
      Object.entries(attrs ?? {}).filter(([key, value]) => !(key === 'data' && value === null)),
    );
    return {
      ...rest,
      ...(Object.keys(kept).length > 0 ? { attrs: kept } : {}),
      ...(children ? { content: children.map(strip) } : {}),
    };
  };
  return (current.getJSON().content ?? []).map(strip);
}

function open(...content: JSONContent[]): Editor {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: editorExtensions,
    content: { type: 'doc', content },
  });
  return editor;
}

/** Puts the cursor at the end of the text `text`, or in the `n`-th empty paragraph (text ''). */
function cursorAt(current: Editor, text: string, n = 0): void {
  let found: number | undefined;
  let seen = 0;
  current.state.doc.descendants((node, pos) => {
    if (found !== undefined) return false;
    if (text === '' && node.type.name === 'paragraph' && node.content.size === 0) {
      if (seen++ === n) found = pos + 1;
    } else if (text !== '' && node.isText && node.text?.includes(text)) {
      found = pos + (node.text.indexOf(text) + text.length);
    }
    return true;
  });
  if (found === undefined) throw new Error('No place ' + JSON.stringify(text));
  current.commands.setTextSelection(found);
}

function press(current: Editor, key: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  return current.view.someProp('handleKeyDown', (handle) => handle(current.view, event)) ?? false;
}

const type = (current: Editor, text: string) => current.commands.insertContent(text);

/** The names of the nodes holding the cursor, outermost first. */
function cursorPath(current: Editor): string[] {
  const { $from } = current.state.selection;
  return Array.from({ length: $from.depth }, (_, index) => $from.node(index + 1).type.name);
}

describe('steppers', () => {
  it('Enter twice at the end of a step adds the next step (GitBook), a third time leaves the stepper, and typing goes after it', () => {
    const current = open({
      type: 'stepper',
      attrs: { data: {} },
      content: [step(p('one')), step(p('two'))],
    });
    cursorAt(current, 'two');
    expect(press(current, 'Enter')).toBe(true);
    expect(press(current, 'Enter')).toBe(true);
    expect(cursorPath(current)).toEqual(['stepper', 'stepperStep', 'paragraph']);
    expect(content(current)[0]?.content?.map((child) => child.content)).toEqual([
      [p('one')],
      [p('two')],
      [p()],
    ]);
    expect(press(current, 'Enter')).toBe(true);
    expect(cursorPath(current)).toEqual(['paragraph']);
    type(current, 'after');
    const [stepper, after] = content(current);
    expect(stepper?.content?.[1]?.content).toEqual([p('two')]);
    expect(stepper?.content).toHaveLength(2);
    expect(after).toEqual(p('after'));
  });

  it('Enter in an empty step between two others splits the stepper there; Backspace joins it again', () => {
    const current = open({
      type: 'stepper',
      attrs: { data: {} },
      content: [step(p('one')), step(p()), step(p('three'))],
    });
    cursorAt(current, '');
    expect(press(current, 'Enter')).toBe(true);
    expect(cursorPath(current)).toEqual(['paragraph']);
    const split = content(current);
    // (The editor keeps a paragraph at the end of the document, after the last block.)
    expect(split.map((node) => node.type).slice(0, 3)).toEqual(['stepper', 'paragraph', 'stepper']);
    expect(split[0]?.content?.map((child) => child.content)).toEqual([[p('one')]]);
    expect(split[2]?.content?.map((child) => child.content)).toEqual([[p('three')]]);
    expect(press(current, 'Backspace')).toBe(true);
    const joined = content(current);
    expect(joined.map((node) => node.type).filter((name) => name === 'stepper')).toHaveLength(1);
    expect(joined[0]?.type).toBe('stepper');
    expect(joined[0]?.content?.map((child) => child.content)).toEqual([[p('one')], [p('three')]]);
    expect(cursorPath(current)).toEqual(['stepper', 'stepperStep', 'paragraph']);
    type(current, '!');
    expect(content(current)[0]?.content?.[0]?.content).toEqual([p('one!')]);
  });

  it('Enter in a step’s text splits the paragraph as usual, inside the step', () => {
    const current = open({ type: 'stepper', attrs: { data: {} }, content: [step(p('one'))] });
    cursorAt(current, 'one');
    press(current, 'Enter');
    expect(cursorPath(current)).toEqual(['stepper', 'stepperStep', 'paragraph']);
    expect(content(current)[0]?.content?.[0]?.content).toEqual([p('one'), p()]);
  });

  it('Enter in a step that holds only an empty paragraph removes the step and leaves the stepper', () => {
    const current = open({ type: 'stepper', attrs: { data: {} }, content: [step(p('one')), step(p())] });
    cursorAt(current, '');
    press(current, 'Enter');
    const [stepper, after] = content(current);
    expect(stepper?.content).toHaveLength(1);
    expect(after).toEqual(p());
    expect(cursorPath(current)).toEqual(['paragraph']);
  });
});

describe('tabs', () => {
  const tabs = () =>
    open({
      type: 'tabs',
      attrs: { data: {} },
      content: [tab('A', p('alpha')), tab('B', p('beta')), tab('C', p('gamma'))],
    });
  const shown = (current: Editor) => tabsStateKey.getState(current.state)?.get(0);

  it('Tab goes to the next tab and Shift-Tab to the previous one, the tab shown following', () => {
    const current = tabs();
    cursorAt(current, 'alpha');
    expect(press(current, 'Tab')).toBe(true);
    expect(current.state.selection.$from.parent.textContent).toBe('beta');
    expect(shown(current)).toBe(1);
    expect(press(current, 'Tab')).toBe(true);
    expect(shown(current)).toBe(2);
    // From the last tab, Tab is not taken: the focus may leave the editor.
    expect(press(current, 'Tab')).toBe(false);
    expect(press(current, 'Tab', { shiftKey: true })).toBe(true);
    expect(current.state.selection.$from.parent.textContent).toBe('beta');
    expect(shown(current)).toBe(1);
  });

  it('ArrowRight at a tab’s very end crosses into the next tab, ArrowLeft at its start back', () => {
    const current = tabs();
    cursorAt(current, 'alp');
    expect(press(current, 'ArrowRight')).toBe(false);
    cursorAt(current, 'alpha');
    expect(press(current, 'ArrowRight')).toBe(true);
    expect(current.state.selection.$from.parent.textContent).toBe('beta');
    expect(current.state.selection.$from.parentOffset).toBe(0);
    expect(press(current, 'ArrowLeft')).toBe(true);
    expect(current.state.selection.$from.parent.textContent).toBe('alpha');
    expect(current.state.selection.$from.parentOffset).toBe(5);
  });

  it('hides every tab but the one shown', () => {
    const current = tabs();
    cursorAt(current, 'beta');
    const decorations = tabsStateKey
      .get(current.state)
      ?.props.decorations?.call(tabsStateKey.get(current.state) as never, current.state) as DecorationSet;
    const hidden = decorations
      .find()
      .filter(
        (decoration) =>
          (decoration as unknown as { type: { attrs: { class?: string } } }).type.attrs.class ===
          'editor-tab-hidden',
      )
      .map((decoration) => current.state.doc.nodeAt(decoration.from)?.textContent);
    expect(hidden).toEqual(['alpha', 'gamma']);
  });

  it('Tab in a list inside a tab indents the item, as in any list', () => {
    const list = {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [p('one')] },
        { type: 'listItem', content: [p('two')] },
      ],
    };
    const current = open({
      type: 'tabs',
      attrs: { data: {} },
      content: [tab('A', list), tab('B', p('beta'))],
    });
    cursorAt(current, 'two');
    press(current, 'Tab');
    expect(current.state.selection.$from.parent.textContent).toBe('two');
    expect(cursorPath(current)).toEqual([
      'tabs',
      'tabsItem',
      'bulletList',
      'listItem',
      'bulletList',
      'listItem',
      'paragraph',
    ]);
  });

  it('Backspace in an empty tab removes it, the cursor going to the end of the tab before', () => {
    const current = open({
      type: 'tabs',
      attrs: { data: {} },
      content: [tab('A', p('alpha')), tab('B', p())],
    });
    cursorAt(current, '');
    expect(press(current, 'Backspace')).toBe(true);
    const [tabsNode] = content(current);
    expect(tabsNode?.content).toEqual([tab('A', p('alpha'))]);
    expect(current.state.selection.$from.parent.textContent).toBe('alpha');
    expect(current.state.selection.$from.parentOffset).toBe(5);
  });

  it('Backspace in the only tab, empty, removes the tabs block', () => {
    const current = open(p('before'), { type: 'tabs', attrs: { data: {} }, content: [tab('A', p())] });
    cursorAt(current, '');
    press(current, 'Backspace');
    // (StarterKit keeps an empty paragraph at the end of the document.)
    expect(content(current).map((node) => node.type)).not.toContain('tabs');
    expect(content(current).slice(0, 2)).toEqual([p('before'), p()]);
    expect(current.state.selection.$from.parent.content.size).toBe(0);
  });

  it('Backspace in a tab with text deletes text as usual', () => {
    const current = tabs();
    cursorAt(current, 'beta');
    press(current, 'Backspace');
    expect(press(current, 'Backspace')).toBe(false);
  });
});

describe('expandables', () => {
  it('the summary is typed into, Enter goes to the body, and both are saved', () => {
    const current = open({
      type: 'expandable',
      attrs: { data: {} },
      content: [{ type: 'expandableTitle' }, { type: 'expandableBody', content: [p()] }],
    });
    current.commands.setTextSelection(2);
    expect(cursorPath(current)).toEqual(['expandable', 'expandableTitle']);
    type(current, 'More details');
    expect(press(current, 'Enter')).toBe(true);
    expect(cursorPath(current)).toEqual(['expandable', 'expandableBody', 'paragraph']);
    type(current, 'Hidden text');
    const [expandable] = blocksToDocument(current.getJSON().content) as unknown as {
      fragments: { fragment: string; nodes: { nodes: { leaves: { text: string }[] }[] }[] }[];
    }[];
    expect(expandable?.fragments.map((f) => [f.fragment, f.nodes[0]?.nodes[0]?.leaves[0]?.text])).toEqual([
      ['expandable-title', 'More details'],
      ['expandable-body', 'Hidden text'],
    ]);
  });

  it('Enter in the body’s last empty paragraph leaves the expandable', () => {
    const current = open({
      type: 'expandable',
      attrs: { data: {} },
      content: [
        { type: 'expandableTitle', content: [{ type: 'text', text: 'S' }] },
        { type: 'expandableBody', content: [p('x'), p()] },
      ],
    });
    cursorAt(current, '');
    press(current, 'Enter');
    expect(cursorPath(current)).toEqual(['paragraph']);
    expect(content(current)?.[0]?.content?.[1]?.content).toEqual([p('x')]);
  });
});

describe('adding and leaving containers from the keyboard', () => {
  it('Mod-Enter in a step adds the next step after it, the cursor in it', () => {
    const current = open({
      type: 'stepper',
      attrs: { data: {} },
      content: [step(p('one')), step(p('three'))],
    });
    cursorAt(current, 'one');
    expect(press(current, 'Enter', { ctrlKey: true })).toBe(true);
    expect(cursorPath(current)).toEqual(['stepper', 'stepperStep', 'paragraph']);
    type(current, 'two');
    expect(content(current)[0]?.content?.map((item) => item.content)).toEqual([
      [p('one')],
      [p('two')],
      [p('three')],
    ]);
  });

  it('Mod-Enter in a tab adds a titled tab after it, and the new tab is saved with its title', () => {
    const current = open({ type: 'tabs', attrs: { data: {} }, content: [tab('A', p('alpha'))] });
    cursorAt(current, 'alpha');
    press(current, 'Enter', { ctrlKey: true });
    type(current, 'beta');
    const saved = editorToMarkdown(current.getJSON()).replace(/\n+/g, '\n');
    expect(saved).toContain(
      '{% tab title="A" %}\nalpha\n{% endtab %}\n{% tab title="Tab 2" %}\nbeta\n{% endtab %}',
    );
  });

  it('Mod-Enter outside a container adds nothing of its own', () => {
    const current = open(p('plain'));
    cursorAt(current, 'plain');
    expect(addItemAfter(current.state, undefined)).toBe(false);
  });

  it('Backspace at the start of an expandable’s body goes to the end of its summary', () => {
    const current = open({
      type: 'expandable',
      attrs: { data: {} },
      content: [
        { type: 'expandableTitle', content: [{ type: 'text', text: 'Summary' }] },
        { type: 'expandableBody', content: [p('body')] },
      ],
    });
    current.commands.setTextSelection(current.state.doc.resolve(2).end() + 3);
    expect(cursorPath(current)).toEqual(['expandable', 'expandableBody', 'paragraph']);
    expect(press(current, 'Backspace')).toBe(true);
    expect(cursorPath(current)).toEqual(['expandable', 'expandableTitle']);
    type(current, '!');
    expect(content(current)[0]?.content?.[0]).toEqual({
      type: 'expandableTitle',
      content: [{ type: 'text', text: 'Summary!' }],
    });
    expect(content(current)[0]?.content?.[1]?.content).toEqual([p('body')]);
  });

  it('Backspace in the empty summary of an empty expandable turns it back into a paragraph', () => {
    const current = open(p('before'), {
      type: 'expandable',
      attrs: { data: {} },
      content: [{ type: 'expandableTitle' }, { type: 'expandableBody', content: [p()] }],
    });
    current.commands.setTextSelection(current.state.doc.child(0).nodeSize + 2);
    expect(cursorPath(current)).toEqual(['expandable', 'expandableTitle']);
    expect(press(current, 'Backspace')).toBe(true);
    // (The editor keeps an empty paragraph after the last block: the trailing one stays.)
    expect(content(current).slice(0, 2)).toEqual([p('before'), p()]);
    expect(content(current).map((node) => node.type)).not.toContain('expandable');
    expect(cursorPath(current)).toEqual(['paragraph']);
  });
});

describe('the slash menu', () => {
  it('opens on / at the start of a paragraph, narrows as words are typed, and inserts with Enter', () => {
    const current = open(p());
    current.commands.setTextSelection(1);
    type(current, '/');
    expect(slashMenuKey.getState(current.state)?.range).toBeDefined();
    expect(current.view.dom.getAttribute('aria-activedescendant')).toBe('editor-slash-tabs');
    type(current, 'tab');
    expect(slashMenuKey.getState(current.state)?.query).toBe('tab');
    expect(press(current, 'Enter')).toBe(true);
    expect(cursorPath(current)).toEqual(['tabs', 'tabsItem', 'paragraph']);
    type(current, 'in the first tab');
    expect(editorToMarkdown(current.getJSON())).not.toContain('/tab');
    const [tabs] = blocksToDocument(current.getJSON().content) as unknown as {
      type: string;
      nodes: { data: unknown }[];
    }[];
    expect(tabs?.type).toBe('tabs');
    expect(tabs?.nodes.map((item) => item.data)).toEqual([{ title: 'Tab 1' }, { title: 'Tab 2' }]);
  });

  it('Escape closes it until the command is typed again, and / inside a sentence does not open it', () => {
    const current = open(p());
    current.commands.setTextSelection(1);
    type(current, '/st');
    expect(press(current, 'Escape')).toBe(true);
    expect(slashMenuKey.getState(current.state)?.range).toBeUndefined();
    type(current, 'e');
    expect(slashMenuKey.getState(current.state)?.range).toBeUndefined();
    press(current, 'Enter');
    expect(content(current).map((node) => node.type)).toEqual(['paragraph', 'paragraph']);
    const other = open(p('a/b'));
    other.commands.setTextSelection(4);
    expect(slashMenuKey.getState(other.state)?.range).toBeUndefined();
  });

  it('ArrowDown chooses the next block offered', () => {
    const current = open(p());
    current.commands.setTextSelection(1);
    type(current, '/');
    press(current, 'ArrowDown');
    expect(slashMenuKey.getState(current.state)?.index).toBe(1);
    press(current, 'Enter');
    expect(content(current)?.[0]?.type).toBe('stepper');
  });
});
