import type {
  BlockContent,
  Code,
  FootnoteDefinition,
  Image,
  Link,
  ListItem,
  PhrasingContent,
  RootContent,
  Table,
  TableRow,
} from 'mdast';
import { mentionRefFromUrl, urlOfMentionRef, urlOfRef } from './content-ref';
import { annotationStart, colorOfKey, type MarkKey, markKeyOf } from './document-nodes';
import type {
  DocumentBlock,
  DocumentBlockTable,
  DocumentFragment,
  DocumentInlineAnnotation,
  DocumentInlineContent,
  DocumentInlineImage,
  JSONDocument,
} from './document-types';
import type { GitbookHeading } from './gitbook-aligned-headings';
import { emojiCharacterOf, emojiNameOfCode, type GitbookEmoji } from './gitbook-emoji';
import type { GitbookExpression } from './gitbook-expressions';
import type { GitbookHighlightedCode } from './gitbook-highlighted-code';
import type {
  GitbookButton,
  GitbookIcon,
  GitbookMark,
  GitbookParagraph,
  GitbookTextMark,
} from './gitbook-html';
import type { GitbookInlineImage } from './gitbook-inline-images';
import { textMarkTags } from './gitbook-marks';
import type { GitbookSizedButton } from './gitbook-sized-buttons';
import { gitbookTableOfBlock } from './gitbook-table-document';
import { figureOf, gitbookBlockToMdast, plainCaptionOf } from './gitbook-to-markdown';
import { headingIdAnchor, isHeadingId } from './heading-id-syntax';
import type { Hint } from './hint-syntax';
import { parseMarkdown, printMarkdown } from './markdown-processor';
import type { OpenApiOperation } from './openapi-operation-syntax';

/**
 * GitBook document tree -> markdown (the write direction). The tree is expected to have
 * passed `jsonDocumentSchema` (which leaves some `data` and `fragments` optional: they are
 * read defensively here); keys are ignored.
 *
 * What markdown cannot say is normalized on the way, so that reading the result gives a
 * stable tree: a newline in a heading, a table cell or inline code is a space; newlines at
 * the start or end of a paragraph are dropped; bold/italic/strikethrough never start or end
 * on whitespace (the whitespace moves outside the mark); empty text leaves vanish; an
 * `images` block with several images is one image paragraph each.
 */
export interface DocumentToMarkdownOptions {
  /**
   * A user's display name, the text of a mention of them (GitBook writes
   * `[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")`); without one, the link's URL.
   */
  userName?: (userId: string) => string | undefined;
}

export function documentToMarkdown(document: JSONDocument, options: DocumentToMarkdownOptions = {}): string {
  const outer = annotationNotes;
  const outerNames = userNames;
  annotationNotes = [];
  userNames = options.userName;
  try {
    const children = flowOf(document.nodes) as RootContent[];
    // GitBook's annotations are footnotes: their notes after the content, in order.
    const notes = annotationNotes;
    annotationNotes = undefined;
    for (const [index, fragment] of notes.entries()) {
      const identifier = String(index + 1);
      const definition: FootnoteDefinition = {
        type: 'footnoteDefinition',
        identifier,
        label: identifier,
        children: flowOf(fragment?.nodes ?? []) as FootnoteDefinition['children'],
      };
      children.push(definition);
    }
    return printMarkdown({ type: 'root', children });
  } finally {
    annotationNotes = outer;
    userNames = outerNames;
  }
}

/** The display names of a `documentToMarkdown` under way (undefined elsewhere). */
let userNames: DocumentToMarkdownOptions['userName'];

/**
 * The names a markdown gives the users it mentions (each mention's link text, the first one
 * for a user mentioned twice): what a writer passes back as `userName`, so that a page read
 * and written again keeps them.
 */
export function userMentionNamesOf(markdown: string): Map<string, string> {
  const names = new Map<string, string>();
  const stack: Array<{ type: string; children?: unknown[] }> = [parseMarkdown(markdown)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'link') {
      const link = node as unknown as Link;
      const ref = link.title === 'mention' ? mentionRefFromUrl(link.url) : undefined;
      const name = textOfLink(link).replace(/\s+/g, ' ').trim();
      if (ref?.kind === 'user' && name !== '' && name !== link.url && !names.has(ref.user))
        names.set(ref.user, name);
      continue;
    }
    // In document order: the children pushed last first.
    const children = (node.children ?? []) as Array<{ type: string; children?: unknown[] }>;
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return names;
}

/** A link's text, its marks left out (a bounded tree: the parser's depth limit). */
function textOfLink(node: { value?: unknown; children?: unknown[] }): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map((child) => textOfLink(child as never)).join('');
}

/**
 * The notes of the annotations written so far, while `documentToMarkdown` writes a document
 * (their footnote numbers are their places + 1); undefined elsewhere (inside a note, where
 * GitBook has no annotations, and in HTML): there an annotation is written as its text.
 */
let annotationNotes: Array<DocumentFragment | undefined> | undefined;

type Flow = BlockContent;

export function flowOf(blocks: readonly DocumentBlock[]): Flow[] {
  return blocks.flatMap(blockToMdast);
}

const writer = {
  flowOf: (blocks: readonly DocumentBlock[]) => flowOf(blocks),
  phrasingOf: (nodes: readonly DocumentInlineContent[]) => phrasingOf(nodes, 'break'),
  codeOf: (block: DocumentBlock & { type: 'code' }) => codeOf(block),
};

function blockToMdast(block: DocumentBlock): Flow[] {
  switch (block.type) {
    case 'paragraph': {
      const children = phrasingOf(block.nodes, 'break');
      if (children.length === 0) return [];
      const align = block.data?.align;
      if (align === undefined) return [{ type: 'paragraph', children }];
      // GitBook's aligned paragraph is HTML: `<p align="center">`.
      const paragraph: GitbookParagraph = {
        type: 'gitbookParagraph',
        align: align === 'start' ? 'left' : align === 'end' ? 'right' : 'center',
        children: htmlPhrasingOf(block.nodes, 'break'),
      };
      return [paragraph];
    }
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      if (block.data?.align !== undefined) {
        // GitBook's aligned heading is HTML, as its aligned paragraph: `<h2 align="center">`.
        const align = block.data.align;
        const heading: GitbookHeading = {
          type: 'gitbookHeading',
          depth: Number(block.type.slice(-1)) as 1 | 2 | 3,
          align: align === 'start' ? 'left' : align === 'end' ? 'right' : 'center',
          ...(block.data.id !== undefined && isHeadingId(block.data.id) ? { id: block.data.id } : {}),
          children: htmlPhrasingOf(block.nodes, 'space'),
        };
        return [heading];
      }
      return [
        {
          type: 'heading',
          depth: Number(block.type.slice(-1)) as 1 | 2 | 3,
          children: [
            ...phrasingOf(block.nodes, 'space'),
            // GitBook's id anchor; an id of another form has no markdown and is not kept.
            ...(block.data?.id !== undefined && isHeadingId(block.data.id)
              ? headingIdAnchor(block.data.id)
              : []),
          ],
        },
      ];
    case 'divider':
      return [{ type: 'thematicBreak' }];
    case 'blockquote':
      return [{ type: 'blockquote', children: flowOf(block.nodes) }];
    case 'hint': {
      const hint: Hint = {
        type: 'hint',
        style: block.data.style,
        ...(block.data.icon === undefined ? {} : { icon: block.data.icon }),
        children: flowOf(block.nodes),
      };
      return [hint];
    }
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks': {
      const ordered = block.type === 'list-ordered';
      const start = block.type === 'list-ordered' ? (block.data?.start ?? 1) : null;
      const children: ListItem[] = block.nodes.map((item) => ({
        type: 'listItem',
        spread: false,
        checked: item.data?.checked ?? null,
        children: flowOf(item.nodes),
      }));
      return [{ type: 'list', ordered, start, spread: false, children }];
    }
    case 'code':
      if (block.nodes.some((line) => line.data?.highlighted === true)) return [highlightedCodeOf(block)];
      return gitbookBlockToMdast(block, writer) ?? [codeOf(block)];
    case 'images':
      return block.nodes.map((image): Flow => {
        const caption = plainCaptionOf(image.fragments ?? []);
        const { align, fullWidth, withFrame } = block.data ?? {};
        if (align !== undefined || fullWidth !== undefined || withFrame !== undefined)
          return figureOf(image, writer, {
            ...(align && { align }),
            ...(fullWidth !== undefined && { fullWidth }),
            ...(withFrame !== undefined && { withFrame }),
          });
        if (
          caption === undefined ||
          image.data.refDark ||
          image.data.width !== undefined ||
          image.data.height !== undefined
        )
          return gitbookBlockToMdast(image, writer)![0]!;
        return {
          type: 'paragraph',
          children: [imageOf(image.data.ref, image.data.alt, caption || undefined)],
        };
      });
    case 'table': {
      // GitBook's HTML table when a cell holds blocks or the grid has what a GFM table cannot hold.
      const html = gitbookTableOfBlock(block, writer);
      if (html !== undefined) return [html];
      return block.data.view.type === 'cards'
        ? (gitbookBlockToMdast(block, writer) ?? [])
        : tableToMdast(block);
    }
    case 'openapi-operation': {
      const { ref, path, method } = block.data;
      const operation: OpenApiOperation = { type: 'openapiOperation', spec: ref.spec, path, method };
      return [operation];
    }
    default:
      // GitBook's other blocks; list-item, code-line, image, tabs-item... only appear inside their parents.
      return gitbookBlockToMdast(block, writer) ?? [];
  }
}

function codeOf(block: DocumentBlock & { type: 'code' }): Code {
  const syntax = (block.data?.syntax ?? '').trim();
  const space = syntax.search(/\s/);
  const value = block.nodes.map((line) => line.nodes.map(plainTextOfText).join('')).join('\n');
  return {
    type: 'code',
    lang: syntax === '' ? null : space === -1 ? syntax : syntax.slice(0, space),
    meta: space === -1 ? null : syntax.slice(space + 1).trim() || null,
    value,
  };
}

/** GitBook's form of a code block with highlighted lines: `<pre>` (`gitbook-highlighted-code.ts`). */
function highlightedCodeOf(block: DocumentBlock & { type: 'code' }): GitbookHighlightedCode {
  const { syntax, title, overflow, lineNumbers, fullWidth, expandable, collapsedLineCount } =
    block.data ?? {};
  const attributes: Record<string, string> = {};
  const values = {
    title,
    overflow,
    'line-numbers': lineNumbers,
    'full-width': fullWidth,
    expandable,
    'collapsed-line-count': collapsedLineCount,
  };
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) attributes[name] = String(value);
  const trimmed = syntax?.trim();
  return {
    type: 'gitbookHighlightedCode',
    ...(trimmed ? { syntax: trimmed } : {}),
    attributes,
    lines: block.nodes.map((line) => ({
      text: line.nodes.map(plainTextOfText).join(''),
      highlighted: line.data?.highlighted === true,
    })),
  };
}

function plainTextOfText(text: { leaves: { text: string }[] }): string {
  return text.leaves.map((leaf) => leaf.text).join('');
}

export function plainTextOfInlines(nodes: readonly DocumentInlineContent[]): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return plainTextOfText(node);
      if (node.type === 'link' || node.type === 'annotation') return plainTextOfInlines(node.nodes);
      if (node.type === 'inline-image') return node.data.alt ?? '';
      return '';
    })
    .join('');
}

function imageOf(
  ref: DocumentInlineImage['data']['ref'],
  alt: string | undefined,
  caption: string | undefined,
): Image {
  return {
    type: 'image',
    url: urlOfRef(ref),
    alt: (alt ?? '').replaceAll('\n', ' '),
    title: caption ?? null,
  };
}

function tableToMdast(table: DocumentBlockTable): Table[] {
  const { view, records, definition } = table.data;
  const columns = view.columns.filter((id) => definition[id] !== undefined);
  if (columns.length === 0) return [];
  const fragments = new Map((table.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const cellOf = (children: PhrasingContent[]) => ({ type: 'tableCell' as const, children });
  const header: TableRow = {
    type: 'tableRow',
    children: columns.map((id) => cellOf(textPhrasing(definition[id]!.title.replaceAll('\n', ' ')))),
  };
  const rows: TableRow[] = Object.entries(records)
    .sort(([idA, a], [idB, b]) => compareText(a.orderIndex, b.orderIndex) || compareText(idA, idB))
    .map(([, record]) => ({
      type: 'tableRow',
      children: columns.map((id) => {
        const name = record.values[id];
        const fragment = typeof name === 'string' ? fragments.get(name) : undefined;
        const inlines = (fragment?.nodes ?? []).flatMap((paragraph, index): DocumentInlineContent[] => {
          const nodes = 'nodes' in paragraph && paragraph.type === 'paragraph' ? paragraph.nodes : [];
          return index === 0 ? nodes : [spaceText, ...nodes];
        });
        return cellOf(phrasingOf(inlines, 'space'));
      }),
    }));
  const align = columns.map((id) => {
    const column = definition[id]!;
    const alignment = (column.type === 'text' ? column.textAlignment : undefined) ?? 'left';
    return alignment === 'left' ? null : alignment;
  });
  return [{ type: 'table', align, children: [header, ...rows] }];
}

const spaceText: DocumentInlineContent = {
  object: 'text',
  leaves: [{ object: 'leaf', text: ' ', marks: [] }],
};

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function textPhrasing(text: string): PhrasingContent[] {
  return text === '' ? [] : [{ type: 'text', value: text }];
}

// ---------------------------------------------------------------------------------------
// Inline content: leaves with marks -> nested strong/emphasis/delete.

type NewlineMode = 'break' | 'space';

type Piece = { kind: 'leaf'; text: string; marks: Set<MarkKey> } | { kind: 'node'; node: PhrasingContent };

/** Marks written with markdown delimiters: whitespace cannot open or close them. */
const delimiterMarks = new Set<MarkKey>(['bold', 'italic', 'strikethrough']);

function isBlank(text: string): boolean {
  return text.trim() === '';
}

function piecesOf(nodes: readonly DocumentInlineContent[], mode: NewlineMode): Piece[] {
  const pieces: Piece[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) {
        const marks = new Set(leaf.marks.map(markKeyOf));
        const flat = mode === 'space' || marks.has('code') ? leaf.text.replaceAll('\n', ' ') : leaf.text;
        if (flat !== '') pieces.push({ kind: 'leaf', text: flat, marks });
      }
    } else if (node.type === 'link') {
      const link: Link = {
        type: 'link',
        url: urlOfRef(node.data.ref),
        title: null,
        children: phrasingOf(node.nodes, mode),
      };
      pieces.push({ kind: 'node', node: link });
    } else if (
      node.type === 'inline-image' &&
      (node.data.size !== undefined || node.data.refDark !== undefined)
    ) {
      // GitBook's HTML form, for a size or a dark variant (`gitbook-inline-images.ts`).
      const image: GitbookInlineImage = {
        type: 'gitbookInlineImage',
        url: urlOfRef(node.data.ref),
        alt: (node.data.alt ?? '').replaceAll('\n', ' '),
        ...(node.data.refDark === undefined ? {} : { darkUrl: urlOfRef(node.data.refDark) }),
        ...(node.data.caption ? { caption: node.data.caption.replaceAll('\n', ' ') } : {}),
        ...(node.data.size === undefined ? {} : { size: node.data.size }),
      };
      pieces.push({ kind: 'node', node: image });
    } else if (node.type === 'inline-image') {
      pieces.push({
        kind: 'node',
        node: imageOf(node.data.ref, node.data.alt, node.data.caption?.replaceAll('\n', ' ')),
      });
    } else if (node.type === 'annotation') {
      pieces.push(...annotationPieces(node, pieces.at(-1), mode));
    } else {
      for (const inline of inlineToMdast(node)) pieces.push({ kind: 'node', node: inline });
    }
  }
  return pieces;
}

/**
 * GitBook's annotation: its text, then a footnote reference (`word[^1]`), the note a footnote
 * definition at the end (see `documentToMarkdown`). GitBook's reader annotates the word right
 * before the reference; when the text is not one such word (several words, or glued to the text
 * before it), an HTML comment marks where it starts (not GitBook's: its reader drops comments,
 * so it annotates the last word, and nothing shows). In a note or in HTML: the text alone.
 */
function annotationPieces(
  node: DocumentInlineAnnotation,
  before: Piece | undefined,
  mode: NewlineMode,
): Piece[] {
  const text = piecesOf(node.nodes, mode);
  const notes = annotationNotes;
  if (notes === undefined) return text;
  const body = (node.fragments ?? []).find((fragment) => fragment.fragment === 'annotation-body');
  notes.push(body);
  const identifier = String(notes.length);
  const word =
    text.length > 0 &&
    text.every((piece) => piece.kind === 'leaf' && !/\s/.test(piece.text)) &&
    (before === undefined || before.kind === 'node' || /\s$/.test(before.text));
  return [
    ...(word ? [] : [{ kind: 'node' as const, node: { type: 'html' as const, value: annotationStart } }]),
    ...text,
    { kind: 'node', node: { type: 'footnoteReference', identifier, label: identifier } },
  ];
}

/** Phrasing written inside GitBook's HTML (aligned paragraphs and headings): no footnotes there. */
function htmlPhrasingOf(nodes: readonly DocumentInlineContent[], mode: NewlineMode): PhrasingContent[] {
  const outer = annotationNotes;
  annotationNotes = undefined;
  try {
    return phrasingOf(nodes, mode);
  } finally {
    annotationNotes = outer;
  }
}

/** GitBook's other inlines. */
function inlineToMdast(node: Exclude<DocumentInlineContent, { object: 'text' }>): PhrasingContent[] {
  switch (node.type) {
    case 'inline-math':
      return [{ type: 'inlineMath', value: node.data.formula.replaceAll('\n', ' ') }];
    case 'expression': {
      const expression: GitbookExpression = { type: 'gitbookExpression', expression: node.data.expression };
      return [expression];
    }
    case 'icon': {
      const icon: GitbookIcon = { type: 'gitbookIcon', icon: node.data.icon };
      if (node.data.color === undefined || node.data.color === 'default') return [icon];
      const mark: GitbookMark = { type: 'gitbookMark', color: node.data.color, children: [icon] };
      return [mark];
    }
    case 'button': {
      if (node.data.size !== undefined || node.data.ref === undefined) {
        const sized: GitbookSizedButton = {
          type: 'gitbookSizedButton',
          kind: node.data.kind,
          label: node.data.label,
          ...(node.data.icon === undefined ? {} : { icon: node.data.icon }),
          ...(node.data.size === undefined ? {} : { size: node.data.size }),
          ...(node.data.ref === undefined ? { action: node.data.action } : { url: urlOfRef(node.data.ref) }),
        };
        return [sized];
      }
      const button: GitbookButton = {
        type: 'gitbookButton',
        url: urlOfRef(node.data.ref),
        kind: node.data.kind,
        ...(node.data.icon === undefined ? {} : { icon: node.data.icon }),
        label: node.data.label,
      };
      return [button];
    }
    case 'mention': {
      // GitBook's form: a link titled "mention"; the reader shows the target's title.
      const ref = node.data.ref as Parameters<typeof urlOfMentionRef>[0];
      const url = urlOfMentionRef(ref);
      // A user's display name where the writer knows it, as GitBook writes it; else the URL.
      const name = ref.kind === 'user' ? userNames?.(ref.user)?.replace(/\s+/g, ' ').trim() : undefined;
      return [{ type: 'link', url, title: 'mention', children: [{ type: 'text', value: name || url }] }];
    }
    case 'emoji': {
      // GitBook's shortcode (`:tada:`); an emoji without a name here is its character (text).
      const name = emojiNameOfCode(node.data.code);
      if (name === undefined) return [{ type: 'text', value: emojiCharacterOf(node.data.code) }];
      const emoji: GitbookEmoji = { type: 'gitbookEmoji', name };
      return [emoji];
    }
    default:
      return [];
  }
}

/** Newlines cannot open or close a paragraph in markdown (a trailing `\` is literal). */
function trimNewlines(pieces: Piece[]): Piece[] {
  const out = [...pieces];
  while (out[0]?.kind === 'leaf' && out[0].text.startsWith('\n')) {
    const text = out[0].text.replace(/^\n+/, '');
    if (text === '') out.shift();
    else out[0] = { ...out[0], text };
  }
  let last = out.at(-1);
  while (last?.kind === 'leaf' && last.text.endsWith('\n')) {
    const text = last.text.replace(/\n+$/, '');
    if (text === '') out.pop();
    else out[out.length - 1] = { ...last, text };
    last = out.at(-1);
  }
  return out;
}

/** The marks of `a` kept on edge whitespace: delimiter marks only if `b` has them too, all others. */
const intersect = (a: ReadonlySet<MarkKey>, b: ReadonlySet<MarkKey>) =>
  new Set([...a].filter((mark) => b.has(mark) || !delimiterMarks.has(mark)));

/**
 * Whitespace at the edge of a mark moves outside it (`**a **b` cannot be written): a blank
 * run keeps only the marks its neighbours on both sides share with it.
 */
function moveEdgeWhitespace(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  pieces.forEach((piece, index) => {
    if (
      piece.kind === 'node' ||
      piece.marks.has('code') ||
      ![...piece.marks].some((mark) => delimiterMarks.has(mark))
    ) {
      out.push(piece);
      return;
    }
    const before = pieces[index - 1];
    const after = pieces[index + 1];
    const marksBefore = before?.kind === 'leaf' ? before.marks : new Set<MarkKey>();
    const marksAfter = after?.kind === 'leaf' ? after.marks : new Set<MarkKey>();
    if (isBlank(piece.text)) {
      out.push({ ...piece, marks: intersect(piece.marks, intersect(marksBefore, marksAfter)) });
      return;
    }
    const core = piece.text.trim();
    const start = piece.text.indexOf(core);
    const leading = piece.text.slice(0, start);
    const trailing = piece.text.slice(start + core.length);
    if (leading !== '') out.push({ kind: 'leaf', text: leading, marks: intersect(piece.marks, marksBefore) });
    out.push({ ...piece, text: core });
    if (trailing !== '')
      out.push({ kind: 'leaf', text: trailing, marks: intersect(piece.marks, marksAfter) });
  });
  return out;
}

function leafToMdast(text: string, code: boolean): PhrasingContent[] {
  if (code) return [{ type: 'inlineCode', value: text }];
  const out: PhrasingContent[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) out.push({ type: 'break' });
    if (line !== '') out.push({ type: 'text', value: line });
  });
  return out;
}

const wrapperType = { bold: 'strong', italic: 'emphasis', strikethrough: 'delete' } as const;

const wrapperOrder: readonly MarkKey[] = [
  'bold',
  'italic',
  'strikethrough',
  'keyboard',
  'superscript',
  'subscript',
];

/** The marks that wrap (all but code), in one order, so that equal formatting prints one way. */
function orderedMarks(marks: ReadonlySet<MarkKey>): MarkKey[] {
  const colors = [...marks].filter((mark) => colorOfKey(mark) !== undefined).sort();
  return [...wrapperOrder.filter((mark) => marks.has(mark)), ...colors];
}

function wrap(mark: MarkKey, children: PhrasingContent[]): PhrasingContent {
  if (mark in wrapperType)
    return { type: wrapperType[mark as keyof typeof wrapperType], children } as PhrasingContent;
  const tag = textMarkTags[mark as keyof typeof textMarkTags];
  if (tag !== undefined) {
    const node: GitbookTextMark = { type: 'gitbookTextMark', tag, children };
    return node;
  }
  const color = colorOfKey(mark)!;
  const node: GitbookMark = {
    type: 'gitbookMark',
    ...(color.text === 'default' ? {} : { color: color.text }),
    ...(color.background === 'default' ? {} : { background: color.background }),
    children,
  };
  return node;
}

/** Nests marks greedily: at each point the mark with the longest run opens first. */
function nest(pieces: readonly Piece[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let index = 0;
  while (index < pieces.length) {
    const piece = pieces[index]!;
    if (piece.kind === 'node') {
      out.push(piece.node);
      index += 1;
      continue;
    }
    let best: MarkKey | undefined;
    let bestEnd = index;
    for (const mark of orderedMarks(piece.marks)) {
      let end = index;
      while (end < pieces.length) {
        const next = pieces[end]!;
        if (next.kind !== 'leaf' || !next.marks.has(mark)) break;
        end += 1;
      }
      if (end > bestEnd) {
        best = mark;
        bestEnd = end;
      }
    }
    if (best === undefined) {
      out.push(...leafToMdast(piece.text, piece.marks.has('code')));
      index += 1;
      continue;
    }
    const mark = best;
    const inner = pieces.slice(index, bestEnd).map((inside): Piece => {
      if (inside.kind === 'node') return inside;
      const marks = new Set(inside.marks);
      marks.delete(mark);
      return { ...inside, marks };
    });
    out.push(wrap(mark, nest(inner)));
    index = bestEnd;
  }
  return out;
}

function mergeLeaves(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const previous = out.at(-1);
    if (
      piece.kind === 'leaf' &&
      previous?.kind === 'leaf' &&
      previous.marks.size === piece.marks.size &&
      [...piece.marks].every((mark) => previous.marks.has(mark))
    ) {
      out[out.length - 1] = { ...previous, text: previous.text + piece.text };
    } else {
      out.push(piece);
    }
  }
  return out;
}

function phrasingOf(nodes: readonly DocumentInlineContent[], mode: NewlineMode): PhrasingContent[] {
  const pieces = mergeLeaves(piecesOf(nodes, mode));
  const trimmed = mode === 'break' ? trimNewlines(pieces) : pieces;
  return nest(settleEdgeWhitespace(trimmed));
}

/**
 * Moving whitespace out of one mark can leave it at the edge of another (` ` italic, then
 * ` a` italic and struck: the first space leaves the emphasis, the second is then its edge),
 * so the move repeats until nothing changes. Each pass only removes marks, so it ends.
 */
function settleEdgeWhitespace(pieces: Piece[]): Piece[] {
  let current = mergeLeaves(pieces);
  for (;;) {
    const next = mergeLeaves(moveEdgeWhitespace(current));
    if (next.length === current.length && next.every((piece, index) => samePiece(piece, current[index]!)))
      return next;
    current = next;
  }
}

function samePiece(a: Piece, b: Piece): boolean {
  if (a.kind === 'node' || b.kind === 'node') return a === b;
  return (
    a.text === b.text && a.marks.size === b.marks.size && [...a.marks].every((mark) => b.marks.has(mark))
  );
}
