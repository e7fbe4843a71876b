/**
 * The editor's ProseMirror JSON -> GitBook document tree, which the server's own printer
 * (`documentToMarkdown`) turns into canonical markdown. The inverse of `document-to-editor.ts`.
 */
import type { JSONContent } from '@tiptap/react';
import {
  type DocumentBlock,
  type DocumentBlockListItem,
  type DocumentBlockParagraph,
  type DocumentBlockTable,
  type DocumentFragment,
  type DocumentHintStyle,
  type DocumentInlineContent,
  type DocumentLeaf,
  type DocumentMarkType,
  type DocumentOpenAPIMethod,
  type DocumentTableAlignment,
  type ImageRef,
  linkRefFromUrl,
} from './documents';

const documentMarks: Record<string, DocumentMarkType> = {
  bold: 'bold',
  italic: 'italic',
  strike: 'strikethrough',
  code: 'code',
};

const leafOf = (text: string, marks: readonly { type: string }[] = []): DocumentLeaf => ({
  object: 'leaf',
  text,
  marks: marks.flatMap((mark) => {
    const type = documentMarks[mark.type];
    return type ? [{ object: 'mark' as const, type }] : [];
  }),
});

const hrefOf = (node: JSONContent): string | undefined =>
  node.marks?.find((mark) => mark.type === 'link')?.attrs?.href as string | undefined;

export function inlinesToDocument(nodes: readonly JSONContent[] = []): DocumentInlineContent[] {
  const out: DocumentInlineContent[] = [];
  let leaves: DocumentLeaf[] = [];
  let linkHref: string | undefined;
  let linkLeaves: DocumentLeaf[] = [];
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
  for (const node of nodes) {
    const href = node.type === 'image' ? undefined : hrefOf(node);
    if (href !== linkHref) flushLink();
    if (href !== undefined) {
      flushText();
      linkHref = href;
      linkLeaves.push(node.type === 'hardBreak' ? leafOf('\n') : leafOf(node.text ?? '', node.marks));
      continue;
    }
    if (node.type === 'text') leaves.push(leafOf(node.text ?? '', node.marks));
    else if (node.type === 'hardBreak') leaves.push(leafOf('\n'));
    else if (node.type === 'image') {
      flushText();
      const attrs = node.attrs ?? {};
      out.push({
        object: 'inline',
        type: 'inline-image',
        isVoid: true,
        data: {
          ref: linkRefFromUrl(String(attrs.src ?? '')) as ImageRef,
          ...(attrs.alt ? { alt: String(attrs.alt) } : {}),
          ...(attrs.title ? { caption: String(attrs.title) } : {}),
        },
      });
    }
  }
  flushLink();
  flushText();
  return out;
}

const paragraphOf = (node: JSONContent): DocumentBlockParagraph => ({
  object: 'block',
  type: 'paragraph',
  nodes: inlinesToDocument(node.content),
});

const plainText = (node: JSONContent): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(plainText).join('');

export function blocksToDocument(nodes: readonly JSONContent[] = []): DocumentBlock[] {
  return nodes.flatMap(blockToDocument);
}

function itemsOf(list: JSONContent): DocumentBlockListItem[] {
  return (list.content ?? []).map((item) => ({
    object: 'block',
    type: 'list-item',
    data: item.type === 'taskItem' ? { checked: Boolean(item.attrs?.checked) } : {},
    nodes: blocksToDocument(item.content) as DocumentBlockListItem['nodes'],
  }));
}

function blockToDocument(node: JSONContent): DocumentBlock[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraphOf(node)];
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 3) as 1 | 2 | 3;
      return [
        { object: 'block', type: `heading-${level}`, data: {}, nodes: inlinesToDocument(node.content) },
      ];
    }
    case 'horizontalRule':
      return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', nodes: blocksToDocument(node.content) as never }];
    case 'hint':
      return [
        {
          object: 'block',
          type: 'hint',
          data: { style: (node.attrs?.style ?? 'info') as DocumentHintStyle },
          nodes: blocksToDocument(node.content) as never,
        },
      ];
    case 'bulletList':
      return [{ object: 'block', type: 'list-unordered', nodes: itemsOf(node) }];
    case 'taskList':
      return [{ object: 'block', type: 'list-tasks', nodes: itemsOf(node) }];
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return [
        { object: 'block', type: 'list-ordered', data: start === 1 ? {} : { start }, nodes: itemsOf(node) },
      ];
    }
    case 'codeBlock': {
      const language = node.attrs?.language as string | null | undefined;
      return [
        {
          object: 'block',
          type: 'code',
          data: language ? { syntax: language } : {},
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
            method: String(node.attrs?.method ?? '') as DocumentOpenAPIMethod,
          },
        },
      ];
    default:
      return [];
  }
}

function tableToDocument(table: JSONContent): DocumentBlockTable {
  const [header, ...rows] = table.content ?? [];
  const headerCells = header?.content ?? [];
  const columns = headerCells.map((_, index) => 'c' + index);
  const definition: DocumentBlockTable['data']['definition'] = {};
  headerCells.forEach((cell, index) => {
    const id = 'c' + index;
    const align = cell.attrs?.align as DocumentTableAlignment | null | undefined;
    const title = (cell.content ?? []).map(plainText).join(' ');
    definition[id] = { id, title, type: 'text', textAlignment: align ?? 'left' };
  });
  const records: DocumentBlockTable['data']['records'] = {};
  const fragments: DocumentFragment[] = [];
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
