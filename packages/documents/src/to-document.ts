import type {
  BlockContent,
  Definition,
  DefinitionContent,
  Image,
  List,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast';
import { imageRefFromUrl, linkRefFromUrl } from './content-ref';
import { childKey, marksOf, nonEmptyInlines, paragraphOf, textOf } from './document-nodes';
import type {
  DocumentBlock,
  DocumentBlockImage,
  DocumentBlockListItem,
  DocumentBlockTable,
  DocumentFragment,
  DocumentInlineContent,
  DocumentInlineImage,
  DocumentLeaf,
  DocumentMarkType,
  DocumentTableAlignment,
  DocumentTopLevelBlock,
  JSONDocument,
} from './document-types';
import { parseMarkdown, printMarkdown } from './markdown-processor';

/**
 * Markdown -> GitBook document tree (the read direction; never fails).
 *
 * Where a construct has no place in GitBook's model at that spot (html, footnotes, math,
 * a code block inside a quote, a heading inside a table...), it becomes a paragraph holding
 * its markdown source as plain text: nothing is dropped, and a tree written back stores that
 * source as literal (escaped) text. See `to-markdown.ts` for the other direction.
 */

type Container = 'root' | 'listItem' | 'blockquote' | 'hint';

const essentials = new Set([
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'list-ordered',
  'list-unordered',
  'list-tasks',
  'divider',
]);

/** GitBook's containment rules (`DocumentBlocksTopLevels`, `DocumentBlockListItem`...). */
const allowedIn: Record<Container, (type: string) => boolean> = {
  root: () => true,
  listItem: (type) => essentials.has(type) || ['code', 'hint', 'blockquote', 'table'].includes(type),
  blockquote: (type) => essentials.has(type) || type === 'blockquote',
  hint: (type) => essentials.has(type) || type === 'table',
};

interface ReadContext {
  definitions: ReadonlyMap<string, Definition>;
}

type FlowNode = RootContent | BlockContent | DefinitionContent;

function sourceOf(node: FlowNode | PhrasingContent): string {
  const root: Root = { type: 'root', children: [node as RootContent] };
  return printMarkdown(root).replace(/\n+$/, '');
}

function sourceParagraph(node: FlowNode, key: string): DocumentBlock {
  return paragraphOf(key, [textOf([{ object: 'leaf', text: sourceOf(node), marks: [] }])]);
}

function collectDefinitions(tree: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const visit = (node: Nodes): void => {
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return definitions;
}

export function markdownToDocument(markdown: string): JSONDocument {
  const tree = parseMarkdown(markdown);
  const context: ReadContext = { definitions: collectDefinitions(tree) };
  return {
    object: 'document',
    data: {},
    nodes: blocksOf(tree.children, 'root', '', context) as DocumentTopLevelBlock[],
  };
}

function blocksOf(
  nodes: readonly FlowNode[],
  container: Container,
  parentKey: string,
  context: ReadContext,
): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  for (const node of nodes) {
    // A definition lives on in the links and images that reference it.
    if (node.type === 'definition') continue;
    const key = childKey(parentKey, blocks.length);
    const block = blockOf(node, container, key, context);
    blocks.push(block !== undefined && allowedIn[container](block.type) ? block : sourceParagraph(node, key));
  }
  return blocks;
}

function blockOf(
  node: FlowNode,
  container: Container,
  key: string,
  context: ReadContext,
): DocumentBlock | undefined {
  switch (node.type) {
    case 'paragraph': {
      const only = node.children.length === 1 ? node.children[0] : undefined;
      if (container === 'root' && only?.type === 'image') {
        return {
          object: 'block',
          type: 'images',
          key,
          isVoid: false,
          data: {},
          nodes: [imageBlockOf(only, childKey(key, 0))],
        };
      }
      return paragraphOf(key, inlinesOf(node.children, key, context));
    }
    case 'heading': {
      const level = Math.min(node.depth, 3) as 1 | 2 | 3;
      return {
        object: 'block',
        type: `heading-${level}`,
        key,
        data: {},
        nodes: nonEmptyInlines(inlinesOf(node.children, key, context)),
      };
    }
    case 'thematicBreak':
      return { object: 'block', type: 'divider', key, isVoid: true, data: {} };
    case 'blockquote':
      return {
        object: 'block',
        type: 'blockquote',
        key,
        data: {},
        nodes: blocksOf(node.children, 'blockquote', key, context) as never,
      };
    case 'hint':
      return {
        object: 'block',
        type: 'hint',
        key,
        data: { style: node.style },
        nodes: blocksOf(node.children, 'hint', key, context) as never,
      };
    case 'list':
      return listOf(node, key, context);
    case 'code': {
      const syntax = node.lang ? (node.meta ? node.lang + ' ' + node.meta : node.lang) : undefined;
      return {
        object: 'block',
        type: 'code',
        key,
        data: syntax === undefined ? {} : { syntax },
        nodes: node.value.split('\n').map((line, index) => ({
          object: 'block',
          type: 'code-line',
          key: childKey(key, index),
          data: {},
          nodes: [textOf([{ object: 'leaf', text: line, marks: [] }])],
        })),
      };
    }
    case 'table':
      return tableOf(node, key, context);
    case 'openapiOperation':
      return {
        object: 'block',
        type: 'openapi-operation',
        key,
        isVoid: true,
        data: { ref: { kind: 'openapi', spec: node.spec }, path: node.path, method: node.method },
      };
    default:
      return undefined;
  }
}

function listOf(list: List, key: string, context: ReadContext): DocumentBlock {
  const items: DocumentBlockListItem[] = list.children.map((item, index) => {
    const itemKey = childKey(key, index);
    return {
      object: 'block',
      type: 'list-item',
      key: itemKey,
      data: typeof item.checked === 'boolean' ? { checked: item.checked } : {},
      nodes: blocksOf(item.children, 'listItem', itemKey, context) as never,
    };
  });
  if (list.ordered) {
    const start = list.start ?? 1;
    return { object: 'block', type: 'list-ordered', key, data: start === 1 ? {} : { start }, nodes: items };
  }
  const tasks = list.children.some((item) => typeof item.checked === 'boolean');
  return { object: 'block', type: tasks ? 'list-tasks' : 'list-unordered', key, data: {}, nodes: items };
}

function captionFragments(caption: string | null | undefined, key: string): DocumentFragment[] {
  if (!caption) return [];
  const fragmentKey = childKey(key, 'caption');
  const paragraph = paragraphOf(childKey(fragmentKey, 0), [
    textOf([{ object: 'leaf', text: caption, marks: [] }]),
  ]);
  return [{ object: 'fragment', key: fragmentKey, fragment: 'caption', nodes: [paragraph] }];
}

/** An image alone in a top-level paragraph; its markdown title is GitBook's caption. */
function imageBlockOf(image: Image, key: string): DocumentBlockImage {
  return {
    object: 'block',
    type: 'image',
    key,
    isVoid: true,
    data: { ref: imageRefFromUrl(image.url), ...(image.alt ? { alt: image.alt } : {}) },
    fragments: captionFragments(image.title, key),
  };
}

function inlineImageOf(
  image: { url: string; alt?: string | null; title?: string | null },
  key: string,
): DocumentInlineImage {
  return {
    object: 'inline',
    type: 'inline-image',
    key,
    isVoid: true,
    data: {
      ref: imageRefFromUrl(image.url),
      ...(image.alt ? { alt: image.alt } : {}),
      ...(image.title ? { caption: image.title } : {}),
    },
  };
}

const columnAlignment = (align: string | null | undefined): DocumentTableAlignment =>
  align === 'center' || align === 'right' ? align : 'left';

/**
 * A GFM table as GitBook's grid table: one text column definition per column (titled by the
 * header cell's plain text), one record per body row, each cell's content a fragment named
 * by the record and column ids (`values[column] = fragment`).
 */
function tableOf(table: Table, key: string, context: ReadContext): DocumentBlockTable {
  const [header, ...rows] = table.children;
  const width = header?.children.length ?? 0;
  const columns = Array.from({ length: width }, (_, index) => 'c' + index);
  const definition: DocumentBlockTable['data']['definition'] = {};
  columns.forEach((id, index) => {
    const cell = header?.children[index];
    const title = cell ? plainTextOf(inlinesOf(cell.children, childKey(key, id), context)) : '';
    definition[id] = { id, title, type: 'text', textAlignment: columnAlignment(table.align?.[index]) };
  });
  const records: DocumentBlockTable['data']['records'] = {};
  const fragments: DocumentFragment[] = [];
  rows.forEach((row, rowIndex) => {
    const recordId = 'r' + rowIndex;
    const values: Record<string, string | null> = {};
    columns.forEach((columnId, columnIndex) => {
      const name = recordId + columnId;
      const fragmentKey = childKey(key, name);
      const cell = row.children[columnIndex];
      const nodes = [
        paragraphOf(childKey(fragmentKey, 0), cell ? inlinesOf(cell.children, fragmentKey, context) : []),
      ];
      fragments.push({ object: 'fragment', key: fragmentKey, fragment: name, nodes });
      values[columnId] = name;
    });
    records[recordId] = { orderIndex: String(rowIndex).padStart(6, '0'), values };
  });
  return {
    object: 'block',
    type: 'table',
    key,
    isVoid: true,
    data: { view: { type: 'grid', columns, hideHeader: false }, records, definition },
    fragments,
  };
}

function plainTextOf(nodes: readonly DocumentInlineContent[]): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return node.leaves.map((leaf) => leaf.text).join('');
      if (node.type === 'link') return plainTextOf(node.nodes);
      return node.data.alt ?? '';
    })
    .join('');
}

/** Phrasing content -> texts (leaves with marks) and inlines (links, images). */
function inlinesOf(
  children: readonly PhrasingContent[],
  parentKey: string,
  context: ReadContext,
  outerMarks: ReadonlySet<DocumentMarkType> = new Set(),
): DocumentInlineContent[] {
  const out: DocumentInlineContent[] = [];
  let leaves: DocumentLeaf[] = [];
  const flush = () => {
    if (leaves.some((leaf) => leaf.text !== '')) out.push(textOf(leaves));
    leaves = [];
  };
  const walk = (nodes: readonly PhrasingContent[], marks: ReadonlySet<DocumentMarkType>): void => {
    const leaf = (text: string, extra?: DocumentMarkType) =>
      leaves.push({ object: 'leaf', text, marks: marksOf(extra ? new Set([...marks, extra]) : marks) });
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          leaf(node.value);
          break;
        case 'strong':
          walk(node.children, new Set([...marks, 'bold']));
          break;
        case 'emphasis':
          walk(node.children, new Set([...marks, 'italic']));
          break;
        case 'delete':
          walk(node.children, new Set([...marks, 'strikethrough']));
          break;
        case 'inlineCode':
          leaf(node.value, 'code');
          break;
        case 'break':
          leaf('\n');
          break;
        case 'link':
          flush();
          out.push(linkOf(node.url, node.children, childKey(parentKey, out.length), context, marks));
          break;
        case 'image':
          flush();
          out.push(inlineImageOf(node, childKey(parentKey, out.length)));
          break;
        case 'linkReference':
        case 'imageReference': {
          const definition = context.definitions.get(node.identifier);
          if (definition === undefined) {
            leaf(sourceOf(node));
            break;
          }
          flush();
          const inlineKey = childKey(parentKey, out.length);
          out.push(
            node.type === 'imageReference'
              ? inlineImageOf({ url: definition.url, alt: node.alt, title: definition.title }, inlineKey)
              : linkOf(definition.url, node.children, inlineKey, context, marks),
          );
          break;
        }
        default:
          // html, footnote references, anything else: its source, as text.
          leaf(sourceOf(node));
      }
    }
  };
  walk(children, outerMarks);
  flush();
  return out;
}

/** Marks around a link (`**[a](u)**`) go onto its text: GitBook marks only leaves. */
function linkOf(
  url: string,
  children: readonly PhrasingContent[],
  key: string,
  context: ReadContext,
  marks: ReadonlySet<DocumentMarkType>,
): DocumentInlineContent {
  const nodes = inlinesOf(children, key, context, marks).flatMap((node) => {
    // A link holds texts and images only: a link inside a link (impossible in markdown) is flattened.
    if (node.object === 'inline' && node.type === 'link') return node.nodes;
    return [node];
  });
  return {
    object: 'inline',
    type: 'link',
    key,
    data: { ref: linkRefFromUrl(url) },
    nodes: nonEmptyInlines(nodes) as never,
  };
}
