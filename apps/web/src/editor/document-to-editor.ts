/**
 * GitBook document tree (the server's reading of a body) -> the editor's ProseMirror JSON.
 * A construct the editor has no node for throws `NotRepresentable`; the caller then keeps
 * that block as raw markdown (see `editor-content.ts`).
 */
import type { JSONContent } from '@tiptap/react';
import {
  type DocumentBlock,
  type DocumentBlockTable,
  type DocumentInlineContent,
  type DocumentText,
  urlOfRef,
} from './documents';

export class NotRepresentable extends Error {}

type Mark = NonNullable<JSONContent['marks']>[number];

const markTypes = { bold: 'bold', italic: 'italic', strikethrough: 'strike', code: 'code' } as const;

function textNodes(text: DocumentText, extra: Mark[]): JSONContent[] {
  const out: JSONContent[] = [];
  for (const leaf of text.leaves) {
    const marks: Mark[] = [...leaf.marks.map((mark) => ({ type: markTypes[mark.type] })), ...extra];
    leaf.text.split('\n').forEach((line, index) => {
      if (index > 0) out.push({ type: 'hardBreak' });
      if (line !== '')
        out.push(marks.length > 0 ? { type: 'text', text: line, marks } : { type: 'text', text: line });
    });
  }
  return out;
}

export function inlinesToEditor(nodes: readonly DocumentInlineContent[]): JSONContent[] {
  return nodes.flatMap((node): JSONContent[] => {
    if (node.object === 'text') return textNodes(node, []);
    if (node.type === 'inline-image') {
      return [
        {
          type: 'image',
          attrs: {
            src: urlOfRef(node.data.ref),
            alt: node.data.alt ?? null,
            title: node.data.caption ?? null,
          },
        },
      ];
    }
    const link: Mark = { type: 'link', attrs: { href: urlOfRef(node.data.ref) } };
    return node.nodes.flatMap((child) => {
      if (child.object !== 'text') throw new NotRepresentable('an image inside a link');
      return textNodes(child, [link]);
    });
  });
}

function paragraph(content: JSONContent[]): JSONContent {
  return content.length === 0 ? { type: 'paragraph' } : { type: 'paragraph', content };
}

export function blocksToEditor(blocks: readonly DocumentBlock[]): JSONContent[] {
  return blocks.flatMap(blockToEditor);
}

export function blockToEditor(block: DocumentBlock): JSONContent[] {
  switch (block.type) {
    case 'paragraph':
      return [paragraph(inlinesToEditor(block.nodes))];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const content = inlinesToEditor(block.nodes);
      const level = Number(block.type.slice(-1));
      return [
        content.length === 0
          ? { type: 'heading', attrs: { level } }
          : { type: 'heading', attrs: { level }, content },
      ];
    }
    case 'divider':
      return [{ type: 'horizontalRule' }];
    case 'blockquote':
      return [{ type: 'blockquote', content: blocksToEditor(block.nodes) }];
    case 'hint':
      return [{ type: 'hint', attrs: { style: block.data.style }, content: blocksToEditor(block.nodes) }];
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks': {
      const tasks = block.type === 'list-tasks';
      const items = block.nodes.map((item): JSONContent => {
        const content = blocksToEditor(item.nodes);
        if (content.length === 0) content.push({ type: 'paragraph' });
        if (!tasks) return { type: 'listItem', content };
        if (typeof item.data?.checked !== 'boolean')
          throw new NotRepresentable('a task list item without a box');
        return { type: 'taskItem', attrs: { checked: item.data.checked }, content };
      });
      if (block.type === 'list-ordered')
        return [{ type: 'orderedList', attrs: { start: block.data?.start ?? 1 }, content: items }];
      return [{ type: tasks ? 'taskList' : 'bulletList', content: items }];
    }
    case 'code': {
      const text = block.nodes
        .map((line) => line.nodes.map((t) => t.leaves.map((l) => l.text).join('')).join(''))
        .join('\n');
      return [
        {
          type: 'codeBlock',
          attrs: { language: block.data?.syntax ?? null },
          ...(text === '' ? {} : { content: [{ type: 'text', text }] }),
        },
      ];
    }
    case 'images':
      return block.nodes.map((image) => {
        const caption = image.fragments?.[0]?.nodes
          .map((p) =>
            p.nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : '')).join(''),
          )
          .join(' ');
        return paragraph([
          {
            type: 'image',
            attrs: { src: urlOfRef(image.data.ref), alt: image.data.alt ?? null, title: caption || null },
          },
        ]);
      });
    case 'table':
      return [tableToEditor(block)];
    case 'openapi-operation':
      return [
        {
          type: 'openapiOperation',
          attrs: { spec: block.data.ref.spec, path: block.data.path, method: block.data.method },
        },
      ];
    default:
      throw new NotRepresentable(block.type);
  }
}

function tableToEditor(table: DocumentBlockTable): JSONContent {
  const { view, records, definition } = table.data;
  const columns = view.columns.filter((id) => definition[id] !== undefined);
  if (columns.length === 0) throw new NotRepresentable('a table without columns');
  const fragments = new Map((table.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const alignOf = (id: string) => {
    const alignment = definition[id]?.textAlignment ?? 'left';
    return alignment === 'left' ? null : alignment;
  };
  const header: JSONContent = {
    type: 'tableRow',
    content: columns.map((id) => {
      const title = definition[id]?.title ?? '';
      return {
        type: 'tableHeader',
        attrs: { align: alignOf(id) },
        content: [paragraph(title === '' ? [] : [{ type: 'text', text: title }])],
      };
    }),
  };
  const rows = Object.entries(records)
    .sort(([idA, a], [idB, b]) =>
      a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0,
    )
    .map(
      ([, record]): JSONContent => ({
        type: 'tableRow',
        content: columns.map((id) => {
          const name = record.values[id];
          const fragment = typeof name === 'string' ? fragments.get(name) : undefined;
          const paragraphs = (fragment?.nodes ?? []).map((p) => paragraph(inlinesToEditor(p.nodes)));
          return {
            type: 'tableCell',
            attrs: { align: alignOf(id) },
            content: paragraphs.length === 0 ? [{ type: 'paragraph' }] : paragraphs,
          };
        }),
      }),
    );
  return { type: 'table', content: [header, ...rows] };
}
