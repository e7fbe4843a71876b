/**
 * The editor's ProseMirror JSON -> GitBook document tree, which the server's own printer
 * (`documentToMarkdown`) turns into canonical markdown. The inverse of `document-to-editor.ts`:
 * each node gives back its block with GitBook's `data` as kept in its `data` attribute, and
 * the atoms (`gitbookBlock`, `gitbookInline`) give back the JSON they hold.
 */
import type { JSONContent } from '@tiptap/react';
import {
  type DocumentBlock,
  type DocumentInlineContent,
  type DocumentTableAlignment,
  linkRefFromUrl,
} from './documents';
import { markdownOfFileByUrl } from './file-by-url';
import {
  copyOf,
  type GitBookBlock,
  type GitBookInlineContent,
  type GitBookLeaf,
  type GitBookMark,
} from './gitbook-shapes';

const plainMarks: Record<string, string> = {
  bold: 'bold',
  italic: 'italic',
  strike: 'strikethrough',
  code: 'code',
  keyboard: 'keyboard',
  superscript: 'superscript',
  subscript: 'subscript',
};

function marksOf(marks: readonly { type: string; attrs?: Record<string, unknown> }[]): GitBookMark[] {
  return marks.flatMap((mark): GitBookMark[] => {
    if (mark.type === 'color')
      return [{ object: 'mark', type: 'color', data: copyOf(mark.attrs?.data ?? {}) as never }];
    const type = plainMarks[mark.type];
    return type ? [{ object: 'mark', type }] : [];
  });
}

const leafOf = (
  text: string,
  marks: readonly { type: string; attrs?: Record<string, unknown> }[] = [],
): GitBookLeaf => ({
  object: 'leaf',
  text,
  marks: marksOf(marks),
});

const hrefOf = (node: JSONContent): string | undefined =>
  node.marks?.find((mark) => mark.type === 'link')?.attrs?.href as string | undefined;

/** The node's GitBook `data`: as kept, or `fallback` for a node made in the editor. */
const dataOf = (node: JSONContent, fallback?: Record<string, unknown>) => {
  const data = node.attrs?.data as Record<string, unknown> | null | undefined;
  return data == null ? fallback : copyOf(data);
};

const withData = (data: Record<string, unknown> | undefined) => (data === undefined ? {} : { data });

export function inlinesToDocument(nodes: readonly JSONContent[] = []): DocumentInlineContent[] {
  const out: GitBookInlineContent[] = [];
  let leaves: GitBookLeaf[] = [];
  let linkHref: string | undefined;
  let linkLeaves: GitBookLeaf[] = [];
  const flushText = () => {
    if (leaves.length > 0) out.push({ object: 'text', leaves });
    leaves = [];
  };
  const flushLink = () => {
    if (linkHref !== undefined && linkLeaves.length > 0) {
      out.push({
        object: 'inline',
        type: 'link',
        data: { ref: linkRefFromUrl(linkHref) },
        nodes: [{ object: 'text', leaves: linkLeaves }],
      });
    }
    linkHref = undefined;
    linkLeaves = [];
  };
  const withoutLink = (node: JSONContent) => (node.marks ?? []).filter((mark) => mark.type !== 'link');
  for (const node of nodes) {
    const href = node.type === 'text' || node.type === 'hardBreak' ? hrefOf(node) : undefined;
    if (href !== linkHref) flushLink();
    if (href !== undefined) {
      flushText();
      linkHref = href;
      linkLeaves.push(node.type === 'hardBreak' ? leafOf('\n') : leafOf(node.text ?? '', withoutLink(node)));
      continue;
    }
    if (node.type === 'text') leaves.push(leafOf(node.text ?? '', node.marks));
    else if (node.type === 'hardBreak') leaves.push(leafOf('\n'));
    else if (node.type === 'gitbookInline') {
      flushText();
      const inline = node.attrs?.inline as GitBookInlineContent | null | undefined;
      if (inline) out.push(copyOf(inline));
    } else if (node.type === 'mention') {
      flushText();
      const data = dataOf(node);
      if (data) out.push({ object: 'inline', type: 'mention', isVoid: true, data });
    } else if (node.type === 'image') {
      flushText();
      const attrs = node.attrs ?? {};
      out.push({
        object: 'inline',
        type: 'inline-image',
        isVoid: true,
        data: {
          ref: linkRefFromUrl(String(attrs.src ?? '')),
          ...(attrs.alt ? { alt: String(attrs.alt) } : {}),
          ...(attrs.title ? { caption: String(attrs.title) } : {}),
        },
      });
    }
  }
  flushLink();
  flushText();
  return mergeLeaves(out) as DocumentInlineContent[];
}

/** Adjacent leaves with the same marks are one leaf (a line break splits ProseMirror's text). */
function mergeLeaves(nodes: GitBookInlineContent[]): GitBookInlineContent[] {
  for (const node of nodes) {
    const target = node.object === 'text' ? node : node.type === 'link' ? node.nodes?.[0] : undefined;
    if (target?.object !== 'text') continue;
    const merged: GitBookLeaf[] = [];
    for (const leaf of target.leaves) {
      const last = merged[merged.length - 1];
      if (last && JSON.stringify(last.marks) === JSON.stringify(leaf.marks)) last.text += leaf.text;
      else merged.push(leaf);
    }
    target.leaves = merged;
  }
  return nodes;
}

const paragraphOf = (node: JSONContent): GitBookBlock => ({
  object: 'block',
  type: 'paragraph',
  ...withData(dataOf(node)),
  nodes: inlinesToDocument(node.content) as GitBookInlineContent[],
});

const plainText = (node: JSONContent): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(plainText).join('');

export function blocksToDocument(nodes: readonly JSONContent[] = []): DocumentBlock[] {
  return nodes.flatMap(blockToDocument) as DocumentBlock[];
}

const childBlocks = (node: JSONContent) => blocksToDocument(node.content) as unknown as GitBookBlock[];

function itemsOf(list: JSONContent): GitBookBlock[] {
  return (list.content ?? []).map((item) => ({
    object: 'block',
    type: 'list-item',
    data:
      item.type === 'taskItem'
        ? { ...dataOf(item), checked: Boolean(item.attrs?.checked) }
        : (dataOf(item) ?? {}),
    nodes: childBlocks(item),
  }));
}

/** GitBook block types of the editor's container nodes, with their children's. */
const CONTAINERS: Record<
  string,
  { type: string; child?: { node: string; type: string }; fallback?: Record<string, unknown> }
> = {
  tabs: { type: 'tabs', child: { node: 'tabsItem', type: 'tabs-item' } },
  stepper: { type: 'stepper', child: { node: 'stepperStep', type: 'stepper-step' } },
  columns: { type: 'columns', child: { node: 'column', type: 'column' }, fallback: {} },
  updates: { type: 'updates', child: { node: 'update', type: 'update' }, fallback: { format: 'full' } },
  conditional: { type: 'if', fallback: { expression: '' } },
};

function containerToDocument(node: JSONContent, name: string): GitBookBlock {
  const container = CONTAINERS[name];
  if (container === undefined) return { object: 'block', type: name };
  const { child } = container;
  if (child === undefined)
    return {
      object: 'block',
      type: container.type,
      ...withData(dataOf(node, container.fallback)),
      nodes: childBlocks(node),
    };
  return {
    object: 'block',
    type: container.type,
    ...(container.type === 'columns' ? { isVoid: false } : {}),
    ...withData(dataOf(node, container.fallback)),
    nodes: (node.content ?? []).map((item) => ({
      object: 'block',
      type: child.type,
      data: dataOf(item) ?? (child.type === 'update' ? { date: new Date().toISOString() } : {}),
      nodes: childBlocks(item),
    })),
  };
}

function expandableToDocument(node: JSONContent): GitBookBlock {
  const [title, body] = node.content ?? [];
  return {
    object: 'block',
    type: 'expandable',
    isVoid: true,
    data: dataOf(node) ?? {},
    fragments: [
      {
        object: 'fragment',
        fragment: 'expandable-title',
        type: 'expandable-title',
        nodes: [paragraphOf({ type: 'paragraph', attrs: title?.attrs ?? {}, content: title?.content ?? [] })],
      },
      {
        object: 'fragment',
        fragment: 'expandable-body',
        type: 'expandable-body',
        nodes: body ? childBlocks(body) : [],
      },
    ],
  };
}

function blockToDocument(node: JSONContent): GitBookBlock[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraphOf(node)];
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 3) as 1 | 2 | 3;
      return [
        {
          object: 'block',
          type: `heading-${level}`,
          data: dataOf(node) ?? {},
          nodes: inlinesToDocument(node.content) as GitBookInlineContent[],
        },
      ];
    }
    case 'horizontalRule':
      return [{ object: 'block', type: 'divider', isVoid: true, data: dataOf(node) ?? {} }];
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', ...withData(dataOf(node)), nodes: childBlocks(node) }];
    case 'hint':
      return [
        {
          object: 'block',
          type: 'hint',
          data: { ...dataOf(node), style: String(node.attrs?.style ?? 'info') },
          nodes: childBlocks(node),
        },
      ];
    case 'bulletList':
      return [{ object: 'block', type: 'list-unordered', ...withData(dataOf(node)), nodes: itemsOf(node) }];
    case 'taskList':
      return [{ object: 'block', type: 'list-tasks', ...withData(dataOf(node)), nodes: itemsOf(node) }];
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return [
        {
          object: 'block',
          type: 'list-ordered',
          data: { ...dataOf(node), ...(start === 1 ? {} : { start }) },
          nodes: itemsOf(node),
        },
      ];
    }
    case 'codeBlock': {
      const language = node.attrs?.language as string | null | undefined;
      return [
        {
          object: 'block',
          type: 'code',
          data: { ...(language ? { syntax: language } : {}), ...dataOf(node) },
          nodes: plainText(node)
            .split('\n')
            .map((line) => ({
              object: 'block',
              type: 'code-line',
              data: {},
              nodes: [{ object: 'text', leaves: [leafOf(line)] }],
            })),
        },
      ];
    }
    case 'table':
      return [tableToDocument(node)];
    case 'openapiOperation':
      return [
        {
          object: 'block',
          type: 'openapi-operation',
          isVoid: true,
          data: {
            ref: { kind: 'openapi', spec: String(node.attrs?.spec ?? '') },
            path: String(node.attrs?.path ?? ''),
            method: String(node.attrs?.method ?? ''),
          },
        },
      ];
    case 'expandable':
      return [expandableToDocument(node)];
    case 'gitbookBlock': {
      const block = node.attrs?.block as GitBookBlock | null | undefined;
      return block ? [copyOf(block)] : [];
    }
    case 'fileByUrl':
      // Top-level, its text is written as it stands (`editor-content.ts`); elsewhere it is what
      // the server's reader makes of that text: a paragraph of it, as text.
      return [
        {
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [{ object: 'text', leaves: [leafOf(markdownOfFileByUrl(node.attrs))] }],
        },
      ];
    default:
      return node.type !== undefined && CONTAINERS[node.type] ? [containerToDocument(node, node.type)] : [];
  }
}

function tableToDocument(table: JSONContent): GitBookBlock {
  const [header, ...rows] = table.content ?? [];
  const headerCells = header?.content ?? [];
  const columns = headerCells.map((_, index) => 'c' + index);
  const definition: Record<string, unknown> = {};
  headerCells.forEach((cell, index) => {
    const id = 'c' + index;
    const align = cell.attrs?.align as DocumentTableAlignment | null | undefined;
    const title = (cell.content ?? []).map(plainText).join(' ');
    definition[id] = { id, title, type: 'text', textAlignment: align ?? 'left' };
  });
  const records: Record<string, unknown> = {};
  const fragments: GitBookBlock['fragments'] = [];
  rows.forEach((row, rowIndex) => {
    const recordId = 'r' + rowIndex;
    const values: Record<string, string | null> = {};
    columns.forEach((columnId, columnIndex) => {
      const name = recordId + columnId;
      const cell = row.content?.[columnIndex];
      const nodes = (cell?.content ?? []).filter((n) => n.type === 'paragraph').map(paragraphOf);
      fragments.push({ object: 'fragment', fragment: name, nodes });
      values[columnId] = name;
    });
    records[recordId] = { orderIndex: String(rowIndex).padStart(6, '0'), values };
  });
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: { view: { type: 'grid', columns, hideHeader: false }, records, definition },
    fragments,
  };
}
