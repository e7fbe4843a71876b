/**
 * The editor's nodes and marks for GitBook's blocks beyond markdown's own: containers the
 * writer types into (tabs, steppers, expandables, columns, updates, conditional content),
 * marks (keyboard, superscript, subscript, color), and the two atoms that keep any other
 * block or inline whole (`gitbookBlock`, `gitbookInline`: the node's GitBook JSON as an
 * attribute, shown as a card and edited through its fields, `block-fields.ts`).
 *
 * Each node carries GitBook's `data` object in a `data` attribute (the fields it has no
 * attribute of its own for), written into the HTML as JSON so that a copy and paste inside
 * the editor keeps it. Attributes are never rendered as markup, only as attribute values.
 */
import { Extension, Mark, mergeAttributes, Node } from '@tiptap/react';

function parseJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** GitBook's `data` of a node, kept whole (null when the node had none). */
export const dataAttribute = {
  default: null,
  keepOnSplit: false,
  parseHTML: (element: HTMLElement) => parseJson(element.getAttribute('data-gitbook')),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes.data == null ? {} : { 'data-gitbook': JSON.stringify(attributes.data) },
};

/** The nodes of markdown's own blocks that keep GitBook data they have no attribute for. */
export const GitBookData = Extension.create({
  name: 'gitbookData',
  addGlobalAttributes: () => [
    {
      types: [
        'paragraph',
        'heading',
        'blockquote',
        'bulletList',
        'orderedList',
        'taskList',
        'listItem',
        'taskItem',
        'horizontalRule',
        'codeBlock',
        'hint',
      ],
      attributes: { data: dataAttribute },
    },
  ],
});

interface ContainerOptions {
  content: string;
  className: string;
  /** Only inside its parent (a tab in tabs...), never on its own. */
  child?: boolean;
  label?: (data: Record<string, unknown>) => Record<string, string>;
}

function containerNode(name: string, options: ContainerOptions) {
  return Node.create({
    name,
    ...(options.child ? {} : { group: 'block' }),
    content: options.content,
    defining: true,
    // Backspace at a child's start never merges it into its neighbour.
    isolating: options.child === true,
    addAttributes: () => ({ data: dataAttribute }),
    parseHTML: () => [{ tag: `div[data-node="${name}"]` }],
    renderHTML: ({ node, HTMLAttributes }) => [
      'div',
      mergeAttributes(
        HTMLAttributes,
        options.label?.((node.attrs.data ?? {}) as Record<string, unknown>) ?? {},
        {
          'data-node': name,
          class: options.className,
        },
      ),
      0,
    ],
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const Tabs = containerNode('tabs', { content: 'tabsItem+', className: 'editor-tabs' });
export const TabsItem = containerNode('tabsItem', {
  content: 'block+',
  className: 'editor-tab',
  child: true,
  label: (data) => ({ role: 'tabpanel', 'aria-label': text(data.title) || 'Tab' }),
});
export const Stepper = containerNode('stepper', { content: 'stepperStep+', className: 'editor-stepper' });
export const StepperStep = containerNode('stepperStep', {
  content: 'block+',
  className: 'editor-step',
  child: true,
});
export const Expandable = containerNode('expandable', {
  content: 'expandableTitle expandableBody',
  className: 'editor-expandable',
});
export const ExpandableTitle = Node.create({
  name: 'expandableTitle',
  content: 'inline*',
  defining: true,
  isolating: true,
  addAttributes: () => ({ data: dataAttribute }),
  parseHTML: () => [{ tag: 'div[data-node="expandableTitle"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-node': 'expandableTitle', class: 'editor-expandable-title' }),
    0,
  ],
});
export const ExpandableBody = containerNode('expandableBody', {
  content: 'block+',
  className: 'editor-expandable-body',
  child: true,
});
export const Columns = containerNode('columns', { content: 'column+', className: 'editor-columns' });
export const Column = containerNode('column', { content: 'block+', className: 'editor-column', child: true });
export const Updates = containerNode('updates', { content: 'update+', className: 'editor-updates' });
export const Update = containerNode('update', {
  content: 'block+',
  className: 'editor-update',
  child: true,
  label: (data) => ({ 'data-date': text(data.date).slice(0, 10) }),
});
export const Conditional = containerNode('conditional', {
  content: 'block+',
  className: 'editor-if',
  label: (data) => ({ 'data-condition': text(data.expression) }),
});

/** Names of the editor's GitBook nodes by GitBook block type (containers and their children). */
export const CONTAINER_NODE_OF = {
  tabs: 'tabs',
  'tabs-item': 'tabsItem',
  stepper: 'stepper',
  'stepper-step': 'stepperStep',
  columns: 'columns',
  column: 'column',
  updates: 'updates',
  update: 'update',
  if: 'conditional',
} as const;

const blockAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => parseJson(element.getAttribute('data-' + name)),
  renderHTML: (attributes: Record<string, unknown>) => ({
    ['data-' + name]: JSON.stringify(attributes[name]),
  }),
});

/**
 * The text a block was read from when it is not the printer's own form of it (GitBook's
 * `<figure>` for an image with a caption, a file by URL...), with the value it was read as:
 * while the value is unchanged the block saves as that text, byte for byte
 * (`editor-content.ts`). Never rendered: a copy of the block is printed in the canonical form.
 */
export interface KeptSource {
  markdown: string;
  value: unknown;
}

export const sourceAttribute = { default: null, rendered: false, keepOnSplit: false };

/**
 * GitBook's containers keep the text they were read from when it is not the printer's form of
 * them (a tab holding a `<figure>`): the container opens as the editor's own nodes all the
 * same, and is saved as that text while it is unchanged (`editor-content.ts`).
 */
export const KeptSourceOfContainers = Extension.create({
  name: 'keptSourceOfContainers',
  addGlobalAttributes: () => [
    {
      types: ['tabs', 'stepper', 'expandable', 'columns', 'updates', 'conditional'],
      attributes: { source: sourceAttribute },
    },
  ],
});

/** Any block the editor has no visual editing for, kept whole (its GitBook JSON). */
export const GitBookBlockNode = Node.create({
  name: 'gitbookBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes: () => ({ block: blockAttribute('block'), source: sourceAttribute }),
  parseHTML: () => [
    {
      tag: 'div[data-block]',
      getAttrs: (element) => (parseJson(element.getAttribute('data-block')) ? null : false),
    },
  ],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { class: 'editor-kept', contenteditable: 'false' }),
    text((node.attrs.block as { type?: unknown } | null)?.type) || 'block',
  ],
});

/** Any inline the editor has no visual editing for (emoji, icon, math, button, mention...), kept whole. */
export const GitBookInlineNode = Node.create({
  name: 'gitbookInline',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,
  marks: '',
  addAttributes: () => ({ inline: blockAttribute('inline') }),
  parseHTML: () => [
    {
      tag: 'span[data-inline]',
      getAttrs: (element) => (parseJson(element.getAttribute('data-inline')) ? null : false),
    },
  ],
  renderHTML: ({ node, HTMLAttributes }) => [
    'span',
    mergeAttributes(HTMLAttributes, { class: 'editor-kept-inline', contenteditable: 'false' }),
    text((node.attrs.inline as { type?: unknown } | null)?.type) || 'inline',
  ],
});

/**
 * GitBook's mention (`DocumentInlineMention`): a page, an anchor, a member... named by its
 * reference (`data.ref`, GitBook's content reference), shown as a chip with the name it has
 * now (`mention-view.tsx`). The document holds no name, only the reference.
 */
export const MentionNode = Node.create({
  name: 'mention',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,
  marks: '',
  addAttributes: () => ({ data: dataAttribute }),
  parseHTML: () => [{ tag: 'span[data-mention]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'span',
    mergeAttributes(HTMLAttributes, {
      'data-mention': '',
      class: 'editor-mention',
      contenteditable: 'false',
    }),
    'mention',
  ],
});

function simpleMark(name: string, tag: string) {
  return Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

export const Keyboard = simpleMark('keyboard', 'kbd');
export const Superscript = simpleMark('superscript', 'sup');
export const Subscript = simpleMark('subscript', 'sub');

/** GitBook's color mark (`<mark style="color:...">`): its text and background tokens. */
export const Color = Mark.create({
  name: 'color',
  addAttributes: () => ({ data: { ...dataAttribute, keepOnSplit: true } }),
  parseHTML: () => [{ tag: 'mark[data-gitbook]' }],
  renderHTML: ({ HTMLAttributes }) => ['mark', mergeAttributes(HTMLAttributes, { class: 'editor-color' }), 0],
});

export const GITBOOK_EXTENSIONS = [
  GitBookData,
  KeptSourceOfContainers,
  Tabs,
  TabsItem,
  Stepper,
  StepperStep,
  Expandable,
  ExpandableTitle,
  ExpandableBody,
  Columns,
  Column,
  Updates,
  Update,
  Conditional,
  GitBookBlockNode,
  GitBookInlineNode,
  MentionNode,
  Keyboard,
  Superscript,
  Subscript,
  Color,
];
