/**
 * The editor's schema: StarterKit's nodes and marks that markdown can hold (no underline),
 * task lists, GFM tables (cells with their column's alignment), inline images, GitBook hints,
 * GitBook's OpenAPI operation blocks (`openapi-operation-node.tsx`), GitBook's other blocks,
 * inlines and marks (`gitbook-nodes.ts`), and `rawMarkdown`, the read-only block that keeps
 * markdown the editor cannot show.
 */
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { type Extensions, getSchema, mergeAttributes, Node } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ContainerKeys } from './container-keys';
import { FileByUrlNode } from './file-by-url';
import { FileImage } from './file-image';
import { GITBOOK_EXTENSIONS, GitBookBlockNode, GitBookInlineNode, MentionNode, Tabs } from './gitbook-nodes';
import { isHintStyle } from './hint-styles';
import { ImageDrop } from './image-drop';
import { InsertPickerState } from './insert-picker';
import { KeptBlockWithView, KeptInlineWithView } from './kept-views';
import { MentionWithView } from './mention-view';
import { OpenApiOperation } from './openapi-operation-node';
import { PendingUploads } from './pending-uploads';
import { SelectionBeforeKeys } from './selection-before-keys';
import { SlashMenu } from './slash-menu';
import { TabsState } from './tabs-state';
import { TabsWithView } from './tabs-view';

const alignAttribute = {
  align: {
    default: null,
    parseHTML: (element: HTMLElement) => element.style.textAlign || null,
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes.align ? { style: 'text-align: ' + String(attributes.align) } : {},
  },
};

const AlignedCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), ...alignAttribute };
  },
});
const AlignedHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), ...alignAttribute };
  },
});

/** GitBook's hint (`{% hint style="info" %}`): a styled box of blocks. */
export const Hint = Node.create({
  name: 'hint',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      style: {
        default: 'info',
        parseHTML: (element) => {
          const style = element.getAttribute('data-hint');
          return isHintStyle(style) ? style : 'info';
        },
      },
    };
  },
  parseHTML: () => [{ tag: 'div[data-hint]' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, {
      'data-hint': node.attrs.style,
      class: 'editor-hint editor-hint-' + node.attrs.style,
      role: 'note',
      'aria-label': node.attrs.style + ' hint',
    }),
    0,
  ],
});

export const RAW_MARKDOWN_LABEL = 'Kept as markdown (the editor cannot show it)';

/** Markdown the editor cannot represent, kept verbatim and shown as it is written. */
export const RawMarkdown = Node.create({
  name: 'rawMarkdown',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return { markdown: { default: '', rendered: false } };
  },
  parseHTML: () => [
    {
      tag: 'div[data-raw-markdown]',
      getAttrs: (element) => ({ markdown: element.querySelector('pre')?.textContent ?? '' }),
    },
  ],
  renderHTML: ({ node }) => [
    'div',
    { 'data-raw-markdown': '', class: 'editor-raw', contenteditable: 'false' },
    ['p', { class: 'editor-raw-label' }, RAW_MARKDOWN_LABEL],
    ['pre', {}, ['code', {}, String(node.attrs.markdown)]],
  ],
});

const starterKitOptions = {
  underline: false,
  link: { openOnClick: false, autolink: false, linkOnPaste: true },
} as const;

/** The editor's own extensions, after StarterKit. */
const ownExtensions: Extensions = [
  TaskList,
  TaskItem.configure({ nested: true }),
  Table.configure({ resizable: false }),
  TableRow,
  AlignedHeader,
  AlignedCell,
  FileImage.configure({ inline: true }),
  ImageDrop,
  Hint,
  OpenApiOperation,
  RawMarkdown,
  FileByUrlNode,
  // GitBook's nodes, those shown by React with their views.
  ...GITBOOK_EXTENSIONS.map((extension) =>
    extension === Tabs
      ? TabsWithView
      : extension === GitBookBlockNode
        ? KeptBlockWithView
        : extension === GitBookInlineNode
          ? KeptInlineWithView
          : extension === MentionNode
            ? MentionWithView
            : extension,
  ),
  TabsState,
  ContainerKeys,
  SlashMenu,
  PendingUploads,
  InsertPickerState,
  SelectionBeforeKeys,
];

export const editorExtensions: Extensions = [StarterKit.configure(starterKitOptions), ...ownExtensions];

/**
 * The same schema when Yjs holds the content (a shared page, `collaboration/`): Yjs's undo
 * instead of ProseMirror's history, and no trailing paragraph (every editor would add its own
 * at once).
 */
export const sharedPageExtensions: Extensions = [
  StarterKit.configure({ ...starterKitOptions, undoRedo: false, trailingNode: false }),
  ...ownExtensions,
];

/** The schema of `editorExtensions`, for conversions outside an editor. */
export const editorSchema = getSchema(editorExtensions);
