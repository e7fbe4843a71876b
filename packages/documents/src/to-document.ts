import type {
  BlockContent,
  Definition,
  DefinitionContent,
  FootnoteDefinition,
  Image,
  List,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast';
import { imageRefFromUrl, linkRefFromUrl, mentionRefFromUrl } from './content-ref';
import {
  annotationStartOpening,
  childKey,
  colorKey,
  colorOfKey,
  type MarkKey,
  marksOf,
  nonEmptyInlines,
  paragraphOf,
  textOf,
} from './document-nodes';
import type {
  DocumentBlock,
  DocumentBlockImage,
  DocumentBlockListItem,
  DocumentBlockTable,
  DocumentFragment,
  DocumentInlineContent,
  DocumentInlineImage,
  DocumentLeaf,
  DocumentTableAlignment,
  DocumentTextColor,
  DocumentTopLevelBlock,
  JSONDocument,
} from './document-types';
import { emojiCodeOfName, emojiNameOfCode } from './gitbook-emoji';
import { markdownTextMarks } from './gitbook-marks';
import { tableOfGitbookTable } from './gitbook-table-document';
import {
  alignedHeadingOf,
  type BlockReader,
  blockOfGitbook,
  type Container,
  cardsTableOf,
  expandableOf,
  figureImagesOf,
  highlightedCodeOf,
} from './gitbook-to-document';
import { headingIdOf } from './heading-id-syntax';
import { parseMarkdown, printMarkdown } from './markdown-processor';

/**
 * Markdown -> GitBook document tree (the read direction; never fails).
 *
 * Where a construct has no place in GitBook's model at that spot (html, footnotes, a code
 * block inside a quote, a heading inside a table, a tab outside tabs...), it becomes a
 * paragraph holding its markdown source as plain text: nothing is dropped, and a tree written
 * back stores that source as literal (escaped) text. GitBook's blocks (`{% %}` tags and HTML,
 * read into mdast by `gitbook-blocks.ts` and `gitbook-html.ts`) map in
 * `gitbook-to-document.ts`. See `to-markdown.ts` for the other direction.
 */

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

const topLevel = new Set([
  ...essentials,
  'blockquote',
  'hint',
  'prompt',
  'images',
  'file',
  'drawing',
  'embed',
  'code',
  'math',
  'expandable',
  'tabs',
  'table',
  'swagger',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'content-ref',
  'integration',
  'reusable-content',
  'stepper',
  'if',
  'columns',
  'updates',
]);

const inTab = [
  'content-ref',
  'code',
  'embed',
  'file',
  'images',
  'drawing',
  'hint',
  'prompt',
  'blockquote',
  'math',
  'integration',
];

function setOf(...types: string[]): (type: string) => boolean {
  const set = new Set([...essentials, ...types]);
  return (type) => set.has(type);
}

/** GitBook's containment rules (`DocumentBlocksTopLevels`, `DocumentBlockListItem`...). */
export const allowedIn: Record<Container, (type: string) => boolean> = {
  root: (type) => topLevel.has(type),
  if: (type) => topLevel.has(type),
  // Images in a list item, a stepper in a tab: not in GitBook's published types, but GitBook writes them.
  listItem: setOf('code', 'hint', 'blockquote', 'math', 'table', 'images'),
  blockquote: setOf('blockquote'),
  hint: setOf('table', 'embed', 'integration'),
  // Tables in a tab or a step, tabs in a step or a column: not in GitBook's published types, but GitBook writes them.
  'tabs-item': setOf(...inTab, 'table', 'stepper'),
  'stepper-step': setOf(...inTab, 'expandable', 'tabs', 'table'),
  column: setOf(...inTab, 'table', 'expandable', 'stepper', 'tabs'),
  update: setOf(...inTab, 'tabs', 'expandable'),
  // GitBook's annotation body: essentials and code.
  'annotation-body': setOf('code'),
  'expandable-body': setOf(
    'file',
    'images',
    'code',
    'table',
    'hint',
    'prompt',
    'blockquote',
    'reusable-content',
    'integration',
  ),
};

interface ReadContext {
  definitions: ReadonlyMap<string, Definition>;
  /** Footnote definitions by identifier (GitBook's annotations: `word[^1]`, `[^1]: note`). */
  footnotes: ReadonlyMap<string, FootnoteDefinition>;
  /**
   * What became of each footnote: `read` into an annotation (at its first reference; later
   * references stay text, so a note is read once), or `shown` as text (met before any
   * reference). Shared by the whole read.
   */
  footnoteUse: Map<string, 'read' | 'shown'>;
  /** Inside an annotation's note: GitBook has no annotation there, a reference stays text. */
  inNote?: boolean;
}

type FlowNode = RootContent | BlockContent | DefinitionContent;

function sourceOf(node: FlowNode | PhrasingContent): string {
  const root: Root = { type: 'root', children: [node as RootContent] };
  return printMarkdown(root).replace(/\n+$/, '');
}

function sourceParagraph(node: FlowNode, key: string): DocumentBlock {
  return paragraphOf(key, [textOf([{ object: 'leaf', text: sourceOf(node), marks: [] }])]);
}

function collectDefinitions(tree: Root): ReadContext {
  const definitions = new Map<string, Definition>();
  const footnotes = new Map<string, FootnoteDefinition>();
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    // The first definition of an identifier wins, in document order.
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition' && !footnotes.has(node.identifier))
      footnotes.set(node.identifier, node);
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
  return { definitions, footnotes, footnoteUse: new Map() };
}

export function markdownToDocument(markdown: string): JSONDocument {
  return documentOfTree(parseMarkdown(markdown));
}

/** The document of a tree `parseMarkdown` gave (what `markdownToDocument` makes of its parse). */
export function documentOfTree(tree: Root): JSONDocument {
  const context = collectDefinitions(tree);
  return {
    object: 'document',
    data: {},
    nodes: blocksOf(tree.children, 'root', '', context) as DocumentTopLevelBlock[],
  };
}

export function blocksOf(
  nodes: readonly FlowNode[],
  container: Container,
  parentKey: string,
  context: ReadContext,
): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  for (const node of nodes) {
    // A definition lives on in the links and images that reference it.
    if (node.type === 'definition') continue;
    // A footnote read into an annotation lives on there; one met before its reference is text.
    if (node.type === 'footnoteDefinition') {
      if (context.footnoteUse.get(node.identifier) === 'read') continue;
      context.footnoteUse.set(node.identifier, 'shown');
    }
    const key = childKey(parentKey, blocks.length);
    const read = blockOf(node, container, key, context);
    const [block, ...extra] = Array.isArray(read) ? read : read === undefined ? [] : [read];
    if (block === undefined || !allowedIn[container](block.type)) {
      blocks.push(sourceParagraph(node, key));
      continue;
    }
    blocks.push(block);
    // What a block's markdown holds beyond its data (an embed's caption): blocks after it.
    for (const more of extra)
      blocks.push(...blocksOf([more], container, parentKey + '~' + blocks.length, context));
  }
  return blocks;
}

const reader: BlockReader = {
  blocksOf: (nodes, container, key, context) => blocksOf(nodes, container, key, context as ReadContext),
  inlinesOf: (children, key, context) => inlinesOf(children, key, context as ReadContext),
  plainTextOf: (nodes) => plainTextOf(nodes),
  codeBlockOf: (node, key, extra) => codeBlockOf(node, key, extra),
};

function blockOf(
  node: FlowNode,
  container: Container,
  key: string,
  context: ReadContext,
): DocumentBlock | [DocumentBlock, ...FlowNode[]] | undefined {
  switch (node.type) {
    case 'paragraph': {
      const only = node.children.length === 1 ? node.children[0] : undefined;
      if (only?.type === 'image' && allowedIn[container]('images')) {
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
      const { children, id } = headingIdOf(node.children);
      return {
        object: 'block',
        type: `heading-${level}`,
        key,
        data: id === undefined ? {} : { id },
        nodes: nonEmptyInlines(inlinesOf(children, key, context)),
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
        data: node.icon === undefined ? { style: node.style } : { style: node.style, icon: node.icon },
        nodes: blocksOf(node.children, 'hint', key, context) as never,
      };
    case 'math':
      return { object: 'block', type: 'math', key, isVoid: true, data: { formula: node.value } };
    case 'gitbookFigure':
      return figureImagesOf(node, key, reader, context);
    case 'gitbookCards':
      return cardsTableOf(node, key, reader, context);
    case 'gitbookDetails':
      return expandableOf(node, key, reader, context);
    case 'gitbookParagraph': {
      const align = node.align === 'left' ? 'start' : node.align === 'right' ? 'end' : 'center';
      return { ...paragraphOf(key, inlinesOf(node.children, key, context)), data: { align } };
    }
    case 'gitbookTable':
      return tableOfGitbookTable(node, key, reader, context);
    case 'gitbookHeading':
      return alignedHeadingOf(node, key, reader, context);
    case 'gitbookHighlightedCode':
      return highlightedCodeOf(node, key, reader);
    case 'gitbookDrawing': {
      const ref = imageRefFromUrl(node.url);
      if (ref.kind === 'file') return { object: 'block', type: 'drawing', key, isVoid: true, data: { ref } };
      // GitBook's drawing is a space's file: one whose file is elsewhere (a path to a file the
      // repository lacks, a URL) is shown as the image it is, its address kept.
      if (!allowedIn[container]('images')) return undefined;
      const image = { type: 'image', url: node.url, alt: node.alt ?? '', title: null } as const;
      return {
        object: 'block',
        type: 'images',
        key,
        isVoid: false,
        data: {},
        nodes: [imageBlockOf(image, childKey(key, 0))],
      };
    }
    case 'gitbookBlock':
      return blockOfGitbook(node, key, reader, context);
    case 'list':
      return listOf(node, key, context);
    case 'code':
      return codeBlockOf(node, key);
    case 'table':
      return tableOf(node, key, context);
    case 'html':
      // `<br>` alone on a line is GitBook's empty paragraph (a paragraph with no text, which
      // a document keeps and markdown leaves out, as any empty paragraph).
      return /^<br\s*\/?>$/i.test(node.value.trim()) ? paragraphOf(key, []) : undefined;
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

export function codeBlockOf(
  node: { lang?: string | null; meta?: string | null; value: string },
  key: string,
  extra: Record<string, unknown> = {},
): DocumentBlock {
  const syntax = node.lang ? (node.meta ? node.lang + ' ' + node.meta : node.lang) : undefined;
  return {
    object: 'block',
    type: 'code',
    key,
    data: { ...(syntax === undefined ? {} : { syntax }), ...extra },
    nodes: node.value.split('\n').map((line, index) => ({
      object: 'block',
      type: 'code-line',
      key: childKey(key, index),
      data: {},
      nodes: [textOf([{ object: 'leaf', text: line, marks: [] }])],
    })),
  };
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

export function plainTextOf(nodes: readonly DocumentInlineContent[]): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return node.leaves.map((leaf) => leaf.text).join('');
      if (node.type === 'link' || node.type === 'annotation') return plainTextOf(node.nodes);
      if (node.type === 'inline-image') return node.data.alt ?? '';
      return '';
    })
    .join('');
}

/** Phrasing content -> texts (leaves with marks) and inlines (links, images). */
export function inlinesOf(
  children: readonly PhrasingContent[],
  parentKey: string,
  context: ReadContext,
  outerMarks: ReadonlySet<MarkKey> = new Set(),
): DocumentInlineContent[] {
  const out: DocumentInlineContent[] = [];
  let leaves: DocumentLeaf[] = [];
  /** Where the text of the next annotation starts in `leaves`, when a marker said so. */
  let annotationFrom: number | undefined;
  /** Whether the node before was the marker's opening (its closing is skipped). */
  let startClosing = false;
  const flush = () => {
    if (leaves.some((leaf) => leaf.text !== '')) out.push(textOf(leaves));
    leaves = [];
    annotationFrom = undefined;
  };
  const walk = (nodes: readonly PhrasingContent[], marks: ReadonlySet<MarkKey>): void => {
    const inline = (node: DocumentInlineContent & { key?: string }) => {
      flush();
      node.key = childKey(parentKey, out.length);
      out.push(node);
    };
    const leaf = (text: string, extra?: MarkKey) =>
      leaves.push({ object: 'leaf', text, marks: marksOf(extra ? new Set([...marks, extra]) : marks) });
    for (const node of nodes) {
      const afterOpening = startClosing;
      startClosing = false;
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
        case 'gitbookTextMark':
          walk(node.children, new Set([...marks, markdownTextMarks[node.tag]]));
          break;
        case 'gitbookMark': {
          // The innermost color wins; a color without background keeps the outer background.
          const outer = [...marks].map(colorOfKey).findLast((found) => found !== undefined);
          const text = (node.color ?? outer?.text ?? 'default') as DocumentTextColor;
          const background = (node.background ?? outer?.background ?? 'default') as DocumentTextColor;
          const kept = [...marks].filter((mark) => colorOfKey(mark) === undefined);
          walk(node.children, new Set([...kept, colorKey(text, background)]));
          break;
        }
        case 'inlineMath':
          inline({
            object: 'inline',
            type: 'inline-math',
            key: '',
            isVoid: true,
            data: { formula: node.value },
          });
          break;
        case 'gitbookExpression':
          inline({
            object: 'inline',
            type: 'expression',
            key: '',
            isVoid: true,
            data: { expression: node.expression },
          });
          break;
        case 'gitbookEmoji': {
          const code = emojiCodeOfName(node.name);
          if (code === undefined) leaf(':' + node.name + ':');
          else inline({ object: 'inline', type: 'emoji', key: '', isVoid: true, data: { code } });
          break;
        }
        case 'gitbookSizedButton':
          inline({
            object: 'inline',
            type: 'button',
            key: '',
            isVoid: true,
            data: {
              label: node.label,
              kind: node.kind,
              ...(node.icon === undefined ? {} : { icon: node.icon }),
              ...(node.size === undefined ? {} : { size: node.size }),
              ...(node.url === undefined ? { action: node.action! } : { ref: linkRefFromUrl(node.url) }),
            },
          });
          break;
        case 'gitbookInlineImage':
          inline({
            object: 'inline',
            type: 'inline-image',
            key: '',
            isVoid: true,
            data: {
              ref: imageRefFromUrl(node.url),
              ...(node.darkUrl === undefined ? {} : { refDark: imageRefFromUrl(node.darkUrl) }),
              ...(node.alt === '' ? {} : { alt: node.alt }),
              ...(node.caption ? { caption: node.caption } : {}),
              ...(node.size === undefined ? {} : { size: node.size }),
            },
          });
          break;
        case 'gitbookPicture':
          inline({
            object: 'inline',
            type: 'inline-image',
            key: '',
            isVoid: true,
            data: {
              ref: imageRefFromUrl(node.url),
              refDark: imageRefFromUrl(node.darkUrl),
              ...(node.alt === '' ? {} : { alt: node.alt }),
            },
          });
          break;
        case 'gitbookIcon': {
          const color = [...marks].map(colorOfKey).findLast((found) => found !== undefined)?.text;
          inline({
            object: 'inline',
            type: 'icon',
            key: '',
            isVoid: true,
            data:
              color === undefined || color === 'default' ? { icon: node.icon } : { icon: node.icon, color },
          });
          break;
        }
        case 'gitbookButton': {
          const ref = linkRefFromUrl(node.url);
          inline({
            object: 'inline',
            type: 'button',
            key: '',
            isVoid: true,
            data: {
              label: node.label,
              kind: node.kind,
              ...(node.icon === undefined ? {} : { icon: node.icon }),
              ref,
            },
          });
          break;
        }
        case 'break':
          leaf('\n');
          break;
        case 'html':
          // GitBook writes a line break in prose as `<br>` (also at a paragraph's end).
          if (/^<br\s*\/?>$/i.test(node.value)) leaf('\n');
          // The writer's mark of where an annotation's text starts (`to-markdown.ts`).
          else if (node.value === annotationStartOpening) {
            annotationFrom = leaves.length;
            startClosing = true;
          } else if (!(afterOpening && node.value === '</span>')) {
            // Inline HTML prints as its value: no printer per node (a paragraph of thousands
            // of tags would print each through the whole printer, ~0.5 ms apiece).
            leaf(node.value);
          }
          break;
        case 'footnoteReference': {
          const note = context.inNote ? undefined : context.footnotes.get(node.identifier);
          if (note === undefined || context.footnoteUse.has(node.identifier)) {
            // A plain label prints as itself (the printer escapes only other characters).
            const label = node.label ?? node.identifier;
            leaf(/^[\w-]+$/.test(label) ? `[^${label}]` : sourceOf(node));
            break;
          }
          context.footnoteUse.set(node.identifier, 'read');
          const text = annotationFrom === undefined ? trailingWord(leaves) : leaves.splice(annotationFrom);
          flush();
          const key = childKey(parentKey, out.length);
          const bodyKey = childKey(key, 'annotation-body');
          out.push({
            object: 'inline',
            type: 'annotation',
            key,
            isVoid: false,
            data: {},
            nodes: [textOf(text)],
            fragments: [
              {
                object: 'fragment',
                key: bodyKey,
                fragment: 'annotation-body',
                type: 'annotation-body',
                nodes: blocksOf(note.children, 'annotation-body', bodyKey, { ...context, inNote: true }),
              },
            ],
          });
          break;
        }
        case 'link':
          flush();
          // GitBook writes a mention as a link titled "mention"; its text is the target's title.
          if (node.title === 'mention') {
            const key = childKey(parentKey, out.length);
            out.push({
              object: 'inline',
              type: 'mention',
              key,
              isVoid: true,
              data: { ref: mentionRefFromUrl(node.url) },
            });
            break;
          }
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

/**
 * The word right before a footnote reference, taken off the end of `leaves` (across leaves of
 * different marks): GitBook's reader annotates that word. Scans back over the word only.
 */
function trailingWord(leaves: DocumentLeaf[]): DocumentLeaf[] {
  const taken: DocumentLeaf[] = [];
  while (leaves.length > 0) {
    const last = leaves[leaves.length - 1]!;
    let start = last.text.length;
    while (start > 0 && !/\s/.test(last.text[start - 1]!)) start -= 1;
    if (start === last.text.length) break;
    taken.unshift({ ...last, text: last.text.slice(start) });
    if (start > 0) {
      leaves[leaves.length - 1] = { ...last, text: last.text.slice(0, start) };
      break;
    }
    leaves.pop();
  }
  return taken;
}

/** Marks around a link (`**[a](u)**`) go onto its text: GitBook marks only leaves. */
function linkOf(
  url: string,
  children: readonly PhrasingContent[],
  key: string,
  context: ReadContext,
  marks: ReadonlySet<MarkKey>,
): DocumentInlineContent {
  const nodes = inlinesOf(children, key, context, marks).flatMap((node): DocumentInlineContent[] => {
    // A link holds texts and images only: a link inside a link (impossible in markdown) is
    // flattened, another inline (a button, an expression) becomes its text.
    if (node.object === 'text' || node.type === 'inline-image') return [node];
    if (node.type === 'link') return node.nodes;
    const text =
      node.type === 'expression'
        ? '{{ ' + node.data.expression + ' }}'
        : node.type === 'emoji'
          ? ':' + (emojiNameOfCode(node.data.code) ?? '') + ':'
          : plainTextOf([node]);
    return text === '' ? [] : [textOf([{ object: 'leaf', text, marks: marksOf(marks) }])];
  });
  return {
    object: 'inline',
    type: 'link',
    key,
    data: { ref: linkRefFromUrl(url) },
    nodes: nonEmptyInlines(nodes) as never,
  };
}
