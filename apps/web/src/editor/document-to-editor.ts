/**
 * GitBook document tree (the server's reading of a body) -> the editor's ProseMirror JSON.
 * Every block and inline of GitBook's model has a place: markdown's blocks and GitBook's
 * containers (tabs, steppers, expandables, columns, updates, `if`) become nodes the writer
 * types into, each keeping GitBook's `data` whole in a `data` attribute; anything else (and
 * anything a node would not give back exactly: a code line highlighted, an image with a dark
 * variant...) becomes an atom holding the block's or inline's JSON (`gitbookBlock`,
 * `gitbookInline`), so that `editor-to-document.ts` gives back the same tree.
 *
 * `NotRepresentable` is thrown only for a malformed node; the caller keeps that top-level
 * block as raw markdown (see `editor-content.ts`).
 */
import type { JSONContent } from '@tiptap/react';
import {
  type DocumentBlock,
  type DocumentInlineContent,
  type LinkRef,
  linkRefFromUrl,
  urlOfRef,
} from './documents';
import { CONTAINER_NODE_OF } from './gitbook-nodes';
import {
  copyOf,
  type GitBookBlock,
  type GitBookInline,
  type GitBookInlineContent,
  type GitBookMark,
  type GitBookText,
  sameJson,
} from './gitbook-shapes';

export class NotRepresentable extends Error {}

type Mark = NonNullable<JSONContent['marks']>[number];

const plainMarks: Record<string, string> = {
  bold: 'bold',
  italic: 'italic',
  strikethrough: 'strike',
  code: 'code',
  keyboard: 'keyboard',
  superscript: 'superscript',
  subscript: 'subscript',
};

function markOf(mark: GitBookMark): Mark {
  if (mark.type === 'color') return { type: 'color', attrs: { data: copyOf(mark.data ?? {}) } };
  const type = plainMarks[mark.type];
  if (type === undefined) throw new NotRepresentable('a mark ' + mark.type);
  return { type };
}

function textNodes(text: GitBookText, extra: Mark[]): JSONContent[] {
  const out: JSONContent[] = [];
  for (const leaf of text.leaves) {
    const marks: Mark[] = [...leaf.marks.map(markOf), ...extra];
    leaf.text.split('\n').forEach((line, index) => {
      if (index > 0) out.push({ type: 'hardBreak' });
      if (line !== '')
        out.push(marks.length > 0 ? { type: 'text', text: line, marks } : { type: 'text', text: line });
    });
  }
  return out;
}

const keptInline = (node: GitBookInline): JSONContent => ({
  type: 'gitbookInline',
  attrs: { inline: copyOf(node) },
});

/** Whether a reference has a markdown URL that reads back as itself. */
function urlFor(ref: unknown): string | undefined {
  try {
    const url = urlOfRef(ref as LinkRef);
    return typeof url === 'string' && sameJson(linkRefFromUrl(url), ref) ? url : undefined;
  } catch {
    return undefined;
  }
}

const onlyKeys = (value: object | undefined, keys: readonly string[]) =>
  Object.keys(value ?? {}).every((key) => keys.includes(key));

export function inlinesToEditor(
  nodes: readonly (DocumentInlineContent | GitBookInlineContent)[],
): JSONContent[] {
  return (nodes as readonly GitBookInlineContent[]).flatMap((node): JSONContent[] => {
    if (node.object === 'text') return textNodes(node, []);
    if (node.type === 'inline-image') {
      const data = node.data ?? {};
      const src = urlFor(data.ref);
      if (
        src === undefined ||
        !onlyKeys(data, ['ref', 'alt', 'caption']) ||
        !onlyKeys(node, ['object', 'type', 'key', 'isVoid', 'data'])
      )
        return [keptInline(node)];
      return [
        {
          type: 'image',
          attrs: {
            src,
            alt: typeof data.alt === 'string' ? data.alt : null,
            title: typeof data.caption === 'string' ? data.caption : null,
          },
        },
      ];
    }
    if (node.type === 'link') {
      const href = urlFor(node.data?.ref);
      const children = node.nodes ?? [];
      if (href === undefined || children.some((child) => child.object !== 'text')) return [keptInline(node)];
      const link: Mark = { type: 'link', attrs: { href } };
      return (children as GitBookText[]).flatMap((child) => textNodes(child, [link]));
    }
    if (node.type === 'mention') {
      const ref = node.data?.ref;
      if (
        node.isVoid !== true ||
        typeof ref !== 'object' ||
        ref === null ||
        !onlyKeys(node.data, ['ref']) ||
        !onlyKeys(node, ['object', 'type', 'key', 'isVoid', 'data'])
      )
        return [keptInline(node)];
      return [{ type: 'mention', attrs: { data: copyOf(node.data) } }];
    }
    return [keptInline(node)];
  });
}

/** The `data` attribute of a node: GitBook's object as it was, null when absent. */
const dataOf = (block: GitBookBlock, omit: readonly string[] = []): Record<string, unknown> | null => {
  if (block.data === undefined) return null;
  const data = copyOf(block.data);
  for (const key of omit) delete data[key];
  return data;
};

function withContent(node: JSONContent, content: JSONContent[]): JSONContent {
  return content.length === 0 ? node : { ...node, content };
}

const keptBlock = (block: GitBookBlock): JSONContent => ({
  type: 'gitbookBlock',
  attrs: { block: copyOf(block) },
});

export function blocksToEditor(blocks: readonly (DocumentBlock | GitBookBlock)[]): JSONContent[] {
  return blocks.flatMap((block) => {
    try {
      return blockToEditor(block);
    } catch {
      // Inside a container, a block the editor cannot show is kept whole rather than lost.
      return [keptBlock(block as GitBookBlock)];
    }
  });
}

/** The children of a container: its blocks, or one empty paragraph (a container is never empty). */
function childrenOf(block: GitBookBlock): JSONContent[] {
  const content = blocksToEditor((block.nodes ?? []) as GitBookBlock[]);
  return content.length === 0 ? [{ type: 'paragraph' }] : content;
}

/** A block's own fields; its `key` (a position the reader numbers) is not kept. */
const BLOCK_KEYS = ['object', 'type', 'key', 'isVoid', 'data', 'nodes', 'fragments'];

function containerToEditor(block: GitBookBlock, name: string): JSONContent {
  const children = (block.nodes ?? []) as GitBookBlock[];
  const childName =
    name === 'tabs'
      ? 'tabsItem'
      : name === 'stepper'
        ? 'stepperStep'
        : name === 'columns'
          ? 'column'
          : name === 'updates'
            ? 'update'
            : undefined;
  if (childName === undefined)
    return { type: name, attrs: { data: dataOf(block) }, content: childrenOf(block) };
  const expected = Object.entries(CONTAINER_NODE_OF).find(([, node]) => node === childName)?.[0];
  if (
    children.length === 0 ||
    children.some((child) => child.type !== expected || !onlyKeys(child, BLOCK_KEYS))
  )
    throw new NotRepresentable('a ' + block.type + ' holding other blocks');
  return {
    type: name,
    attrs: { data: dataOf(block) },
    content: children.map((child) => ({
      type: childName,
      attrs: { data: dataOf(child) },
      content: childrenOf(child),
    })),
  };
}

function expandableToEditor(block: GitBookBlock): JSONContent {
  const fragments = block.fragments ?? [];
  const [title, body] = fragments;
  const titleParagraph = title?.nodes[0];
  if (
    fragments.length !== 2 ||
    title?.fragment !== 'expandable-title' ||
    title.type !== 'expandable-title' ||
    body?.fragment !== 'expandable-body' ||
    body.type !== 'expandable-body' ||
    title.nodes.length !== 1 ||
    titleParagraph?.type !== 'paragraph'
  )
    throw new NotRepresentable('an expandable of other fragments');
  return {
    type: 'expandable',
    attrs: { data: dataOf(block) },
    content: [
      withContent(
        { type: 'expandableTitle', attrs: { data: dataOf(titleParagraph) } },
        inlinesToEditor((titleParagraph.nodes ?? []) as GitBookInlineContent[]),
      ),
      { type: 'expandableBody', content: childrenOf({ ...block, nodes: body.nodes }) },
    ],
  };
}

/** A code block the editor's code node gives back exactly: plain lines, no per-line data. */
function codeToEditor(block: GitBookBlock): JSONContent | undefined {
  const lines = (block.nodes ?? []) as GitBookBlock[];
  const texts: string[] = [];
  for (const line of lines) {
    if (line.type !== 'code-line' || !onlyKeys(line, BLOCK_KEYS) || !sameJson(line.data, {}))
      return undefined;
    const nodes = (line.nodes ?? []) as GitBookInlineContent[];
    if (nodes.length !== 1) return undefined;
    const [only] = nodes;
    if (only?.object !== 'text' || only.leaves.length !== 1) return undefined;
    const [leaf] = only.leaves;
    if (leaf === undefined || leaf.marks.length > 0 || leaf.text.includes('\n')) return undefined;
    texts.push(leaf.text);
  }
  if (texts.length === 0) return undefined;
  const text = texts.join('\n');
  const syntax = block.data?.syntax;
  if (syntax !== undefined && (typeof syntax !== 'string' || syntax === '')) return undefined;
  return {
    type: 'codeBlock',
    attrs: { language: syntax ?? null, data: dataOf(block, ['syntax']) },
    ...(text === '' ? {} : { content: [{ type: 'text', text }] }),
  };
}

function listToEditor(block: GitBookBlock): JSONContent {
  const tasks = block.type === 'list-tasks';
  const items = ((block.nodes ?? []) as GitBookBlock[]).map((item): JSONContent => {
    if (item.type !== 'list-item') throw new NotRepresentable('a list holding ' + item.type);
    const content = blocksToEditor((item.nodes ?? []) as GitBookBlock[]);
    if (content.length === 0) content.push({ type: 'paragraph' });
    if (!tasks) return { type: 'listItem', attrs: { data: dataOf(item) }, content };
    if (typeof item.data?.checked !== 'boolean') throw new NotRepresentable('a task list item without a box');
    return {
      type: 'taskItem',
      attrs: { checked: item.data.checked, data: dataOf(item, ['checked']) },
      content,
    };
  });
  if (block.type === 'list-ordered') {
    const start = block.data?.start;
    return {
      type: 'orderedList',
      attrs: { start: typeof start === 'number' ? start : 1, data: dataOf(block, ['start']) },
      content: items,
    };
  }
  return { type: tasks ? 'taskList' : 'bulletList', attrs: { data: dataOf(block) }, content: items };
}

export function blockToEditor(input: DocumentBlock | GitBookBlock): JSONContent[] {
  const block = input as GitBookBlock;
  if (block.object !== 'block' || typeof block.type !== 'string') throw new NotRepresentable('not a block');
  // A block's meta (ids GitBook gives it) has no place in the editor's nodes: keep the block whole.
  if (!onlyKeys(block, BLOCK_KEYS)) return [keptBlock(block)];
  switch (block.type) {
    case 'paragraph':
      return [
        withContent(
          { type: 'paragraph', ...(block.data === undefined ? {} : { attrs: { data: dataOf(block) } }) },
          inlinesToEditor((block.nodes ?? []) as GitBookInlineContent[]),
        ),
      ];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [
        withContent(
          { type: 'heading', attrs: { level: Number(block.type.slice(-1)), data: dataOf(block) } },
          inlinesToEditor((block.nodes ?? []) as GitBookInlineContent[]),
        ),
      ];
    case 'divider':
      return [{ type: 'horizontalRule', attrs: { data: dataOf(block) } }];
    case 'blockquote':
      return [{ type: 'blockquote', attrs: { data: dataOf(block) }, content: childrenOf(block) }];
    case 'hint':
      return [
        {
          type: 'hint',
          attrs: { style: block.data?.style, data: dataOf(block, ['style']) },
          content: childrenOf(block),
        },
      ];
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return [listToEditor(block)];
    case 'code': {
      const code = codeToEditor(block);
      return [code ?? keptBlock(block)];
    }
    case 'table': {
      const table = tableToEditor(block);
      return [table ?? keptBlock(block)];
    }
    case 'openapi-operation': {
      const data = block.data ?? {};
      const ref = data.ref as { kind?: unknown; spec?: unknown } | undefined;
      if (!onlyKeys(data, ['ref', 'path', 'method']) || !onlyKeys(ref, ['kind', 'spec']))
        return [keptBlock(block)];
      return [{ type: 'openapiOperation', attrs: { spec: ref?.spec, path: data.path, method: data.method } }];
    }
    case 'expandable':
      return [expandableToEditor(block)];
    default: {
      const name = CONTAINER_NODE_OF[block.type as keyof typeof CONTAINER_NODE_OF];
      // The children of containers (a tab, a step...) stand only inside their parent.
      if (name === undefined || ['tabsItem', 'stepperStep', 'column', 'update'].includes(name))
        return [keptBlock(block)];
      return [containerToEditor(block, name)];
    }
  }
}

const paragraph = (content: JSONContent[]): JSONContent =>
  content.length === 0 ? { type: 'paragraph' } : { type: 'paragraph', content };

interface TableShape {
  view: { type: string; columns: string[]; hideHeader?: boolean };
  records: Record<string, { orderIndex: string; values: Record<string, unknown> }>;
  definition: Record<string, { id: string; title: string; type: string; textAlignment?: string }>;
}

/** A grid table of text columns as the editor's table; undefined for any other (cards...). */
function tableToEditor(table: GitBookBlock): JSONContent | undefined {
  const data = table.data as unknown as TableShape | undefined;
  if (data?.view?.type !== 'grid' || data.view.hideHeader !== false) return undefined;
  if (
    !onlyKeys(data, ['view', 'records', 'definition']) ||
    !onlyKeys(data.view, ['type', 'columns', 'hideHeader'])
  )
    return undefined;
  const { view, records, definition } = data;
  const columns = view.columns.filter((id) => definition[id] !== undefined);
  if (columns.length === 0 || columns.some((id) => definition[id]?.type !== 'text')) return undefined;
  const fragments = new Map((table.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  // A cell holding other blocks than paragraphs (GitBook's HTML tables: lists, code, headings)
  // has no form in the editor's table, whose cells are paragraphs: the table is kept as written,
  // never saved with its cells flattened.
  const holdsBlocks = Object.values(records).some((record) =>
    columns.some((id) => {
      const name = record.values[id];
      const fragment = typeof name === 'string' ? fragments.get(name) : undefined;
      return (fragment?.nodes ?? []).some((node) => node.type !== 'paragraph');
    }),
  );
  if (holdsBlocks) return undefined;
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
          const paragraphs = (fragment?.nodes ?? []).map((p) =>
            paragraph(inlinesToEditor((p.nodes ?? []) as GitBookInlineContent[])),
          );
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
