/**
 * What the insert menu and the slash menu offer: each GitBook block (and the inlines a writer
 * inserts: buttons, formulas, icons, variables) with the editor content it starts as, and
 * how it is put in: the cursor goes into a container's first paragraph (or an expandable's
 * summary), and an atom is selected so that its fields show under the toolbar. Atoms start
 * with example values (https://example.com, x^2...): GitBook's markdown has no form for an
 * empty address, formula or condition, so a block left as inserted still saves and reads back.
 */
import { NodeSelection, Selection } from '@tiptap/pm/state';
import type { Editor, JSONContent } from '@tiptap/react';
import type { GitBookBlock, GitBookInline } from './gitbook-shapes';
import { openPicker, type PickerKind } from './insert-picker';

export type InsertItem = {
  id: string;
  label: string;
  /** Other words the slash menu finds it by. */
  keywords: string;
} & (
  | { content: () => JSONContent; pick?: undefined }
  /** Chosen from a picker first (`insert-picker.tsx`): an emoji, a mention. */
  | { pick: PickerKind; content?: undefined }
);

const p = (): JSONContent => ({ type: 'paragraph' });
const kept = (block: GitBookBlock): JSONContent => ({ type: 'gitbookBlock', attrs: { block } });
const keptInline = (inline: GitBookInline): JSONContent => ({ type: 'gitbookInline', attrs: { inline } });
const voidBlock = (type: string, data: Record<string, unknown>): GitBookBlock => ({
  object: 'block',
  type,
  isVoid: true,
  data,
});
const voidInline = (type: string, data: Record<string, unknown>): GitBookInline => ({
  object: 'inline',
  type,
  isVoid: true,
  data,
});
const today = () => new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z';

const cardsTable = (): GitBookBlock => {
  const record = (index: number) => ({
    orderIndex: 'a' + index,
    values: { title: 'card' + index + 'title', target: null },
  });
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: {
      view: { type: 'cards', cardSize: 'medium', columns: ['title', 'target'], targetDefinition: 'target' },
      records: { card0: record(0), card1: record(1) },
      definition: {
        title: { id: 'title', title: 'Title', type: 'text', textAlignment: 'left' },
        target: { id: 'target', title: 'Target', type: 'content-ref' },
      },
    },
    fragments: [0, 1].map((index) => ({
      object: 'fragment',
      fragment: 'card' + index + 'title',
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Card ' + (index + 1), marks: [] }] }],
        },
      ],
    })),
  };
};

export const INSERT_ITEMS: InsertItem[] = [
  {
    id: 'tabs',
    label: 'Tabs',
    keywords: 'tab panel',
    content: () => ({
      type: 'tabs',
      attrs: { data: {} },
      content: [1, 2].map((n) => ({
        type: 'tabsItem',
        attrs: { data: { title: 'Tab ' + n } },
        content: [p()],
      })),
    }),
  },
  {
    id: 'stepper',
    label: 'Stepper',
    keywords: 'steps step-by-step',
    content: () => ({
      type: 'stepper',
      attrs: { data: {} },
      content: [1, 2].map(() => ({ type: 'stepperStep', attrs: { data: {} }, content: [p()] })),
    }),
  },
  {
    id: 'expandable',
    label: 'Expandable',
    keywords: 'details summary collapse accordion',
    content: () => ({
      type: 'expandable',
      attrs: { data: {} },
      content: [{ type: 'expandableTitle' }, { type: 'expandableBody', content: [p()] }],
    }),
  },
  {
    id: 'hint',
    label: 'Hint',
    keywords: 'callout info warning note',
    content: () => ({ type: 'hint', attrs: { style: 'info' }, content: [p()] }),
  },
  { id: 'code', label: 'Code block', keywords: 'snippet fence', content: () => ({ type: 'codeBlock' }) },
  {
    id: 'columns',
    label: 'Columns',
    keywords: 'layout side by side',
    content: () => ({
      type: 'columns',
      attrs: { data: {} },
      content: [1, 2].map(() => ({ type: 'column', attrs: { data: {} }, content: [p()] })),
    }),
  },
  { id: 'cards', label: 'Cards', keywords: 'card grid links', content: () => kept(cardsTable()) },
  {
    id: 'image',
    label: 'Image block',
    keywords: 'picture figure caption',
    content: () =>
      kept({
        object: 'block',
        type: 'images',
        isVoid: false,
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'image',
            isVoid: true,
            data: { ref: { kind: 'url', url: '' } },
            fragments: [],
          },
        ],
      }),
  },
  {
    id: 'embed',
    label: 'Embed',
    keywords: 'video youtube url iframe',
    content: () => kept(voidBlock('embed', { url: 'https://example.com' })),
  },
  {
    id: 'content-ref',
    label: 'Page link',
    keywords: 'content-ref page reference',
    content: () => kept(voidBlock('content-ref', { ref: { kind: 'url', url: 'https://example.com' } })),
  },
  {
    id: 'file',
    label: 'File',
    keywords: 'download attachment',
    content: () => kept(voidBlock('file', { ref: { kind: 'file', file: 'file-id' } })),
  },
  {
    id: 'file-by-url',
    label: 'File by address',
    keywords: 'download attachment link url pdf',
    content: () => ({
      type: 'fileByUrl',
      attrs: { data: { src: 'https://example.com/file.pdf', caption: '' } },
    }),
  },
  {
    id: 'math',
    label: 'Math block',
    keywords: 'formula latex tex equation',
    content: () => kept(voidBlock('math', { formula: 'x^2' })),
  },
  {
    id: 'updates',
    label: 'Updates',
    keywords: 'changelog release notes',
    content: () => ({
      type: 'updates',
      attrs: { data: { format: 'full' } },
      content: [{ type: 'update', attrs: { data: { date: today() } }, content: [p()] }],
    }),
  },
  {
    id: 'if',
    label: 'Conditional content',
    keywords: 'if visitor claims adaptive',
    content: () => ({
      type: 'conditional',
      attrs: { data: { expression: 'visitor.claims.beta' } },
      content: [p()],
    }),
  },
  {
    id: 'prompt',
    label: 'Prompt',
    keywords: 'ai llm',
    content: () =>
      kept({
        object: 'block',
        type: 'prompt',
        data: { description: '' },
        nodes: [
          {
            object: 'block',
            type: 'code',
            data: {},
            nodes: [
              {
                object: 'block',
                type: 'code-line',
                data: {},
                nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }],
              },
            ],
          },
        ],
      }),
  },
  {
    id: 'drawing',
    label: 'Drawing',
    keywords: 'diagram sketch',
    content: () => kept(voidBlock('drawing', {})),
  },
  {
    id: 'reusable-content',
    label: 'Reusable content',
    keywords: 'include snippet',
    content: () =>
      kept(voidBlock('reusable-content', { ref: { kind: 'reusable-content', reusableContent: '' } })),
  },
  {
    id: 'swagger',
    label: 'OpenAPI (Swagger) by URL',
    keywords: 'swagger api openapi',
    content: () =>
      kept(
        voidBlock('swagger', {
          ref: { kind: 'url', url: 'https://example.com/openapi.yaml' },
          path: '/',
          method: 'get',
        }),
      ),
  },
  {
    id: 'openapi-schemas',
    label: 'API schemas',
    keywords: 'openapi schema models',
    content: () =>
      kept(
        voidBlock('openapi-schemas', { ref: { kind: 'openapi', spec: 'my-spec' }, schemas: ['MySchema'] }),
      ),
  },
  {
    id: 'openapi-webhook',
    label: 'API webhook',
    keywords: 'openapi webhook callback',
    content: () =>
      kept(
        voidBlock('openapi-webhook', {
          ref: { kind: 'openapi', spec: 'my-spec' },
          name: 'myWebhook',
          method: 'post',
        }),
      ),
  },
  {
    id: 'button',
    label: 'Button',
    keywords: 'link call to action',
    content: () =>
      keptInline(voidInline('button', { label: 'Button', kind: 'primary', ref: { kind: 'url', url: '' } })),
  },
  {
    id: 'inline-math',
    label: 'Inline formula',
    keywords: 'math latex tex inline',
    content: () => keptInline(voidInline('inline-math', { formula: 'x^2' })),
  },
  {
    id: 'icon',
    label: 'Icon',
    keywords: 'font awesome symbol',
    content: () => keptInline(voidInline('icon', { icon: 'star' })),
  },
  { id: 'emoji', label: 'Emoji', keywords: 'smiley face :', pick: 'emoji' },
  { id: 'mention', label: 'Mention', keywords: '@ person people member user page', pick: 'mention' },
  {
    id: 'expression',
    label: 'Variable',
    keywords: 'expression variable {{',
    content: () => keptInline(voidInline('expression', { expression: 'space.vars.name' })),
  },
];

/** Items whose label, id or keywords hold every word of `query`. */
export function matchingItems(query: string): InsertItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return INSERT_ITEMS.filter((item) => {
    const text = (item.label + ' ' + item.id + ' ' + item.keywords).toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Inserts `item` at the selection, then puts the cursor in it (or selects it, for an atom). */
export function insertItem(editor: Editor, item: InsertItem): boolean {
  if (item.pick) {
    openPicker(editor, item.pick);
    return true;
  }
  const content = item.content();
  const from = editor.state.selection.from;
  if (!editor.chain().focus().insertContent(content).run()) return false;
  const { doc } = editor.state;
  let found: number | undefined;
  doc.nodesBetween(Math.max(0, from - 1), doc.content.size, (node, pos) => {
    if (found !== undefined) return false;
    if (node.type.name === content.type && pos >= from - 1) {
      found = pos;
      return false;
    }
    return true;
  });
  if (found === undefined) return true;
  const node = doc.nodeAt(found);
  const selection = node?.isAtom
    ? NodeSelection.create(doc, found)
    : Selection.findFrom(doc.resolve(found + 1), 1, true);
  if (selection) editor.view.dispatch(editor.state.tr.setSelection(selection).scrollIntoView());
  return true;
}
