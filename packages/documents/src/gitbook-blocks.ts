import type {
  BlockContent,
  DefinitionContent,
  Paragraph,
  Parent,
  PhrasingContent,
  Root,
  RootContent,
  Text,
} from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import type { DocumentHintStyle } from './document-types';
import {
  alignedParagraphOfHtml,
  cardsOfHtml,
  detailsOpeningOf,
  drawingOfHtml,
  figureOfHtml,
  type GitbookDetails,
  isDetailsClosing,
  summaryOf,
} from './gitbook-html';
import { gitbookTableOfHtml, legacyHintOfHtml } from './gitbook-html-table';
import {
  type BlockTag,
  blockTagOf,
  closingTagText,
  type OpeningTag,
  openingTagText,
  type TagAttributes,
} from './gitbook-tag';
import type { Hint } from './hint-syntax';
import { markdownLimits } from './markdown-limits';

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

/**
 * GitBook's `{% tag %}` blocks in markdown (Git Sync's dialect), read from a parsed mdast
 * tree into nodes of their own and printed back:
 *
 *     {% tabs %}
 *     {% tab title="npm" %}
 *     content
 *     {% endtab %}
 *     {% endtabs %}
 *
 * becomes `gitbookBlock(tabs) > gitbookBlock(tab) > paragraph`. Hints become the `hint` node
 * of `hint-syntax.ts`; every other known tag a `gitbookBlock` carrying its name, attributes
 * (in source order) and argument; what a block means is `to-document.ts`'s business.
 *
 * Reading: a tag is a whole line of a paragraph, taken from the source (so markdown inside an
 * attribute value, `title="*a*"`, cannot break it, and an escaped `\{%` is never a tag), and
 * split out of its paragraph. Closing tags that continue a list or a quote lazily (GitBook
 * writes `{% endtab %}` right after a list) are taken out of it. Then the tags of one
 * container (the root, a quote, a list item) are paired by one walk with a stack: a closing
 * tag closes the innermost open tag of its name; tags left open inside it, and tags that never
 * close, become text again (`embed`, `file` and the OpenAPI blocks are complete without their
 * closing tag, `include` and integration blocks never have one). Unknown tags, and tags nested
 * deeper than `markdownLimits.maxBlockNesting`, stay text: nothing is lost. Every step is one
 * pass over its input (a close finds its opening through a count per name), so the reading is
 * linear in the source.
 *
 * Printing (canonical): the opening tag, a blank line, the content, a blank line, the closing
 * tag, as hints are printed; a void block is its opening tag alone; a prompt's fence sits
 * right between its tags, as GitBook writes it.
 */

export interface GitbookBlock extends Parent {
  type: 'gitbookBlock';
  /** The tag's name: `tabs`, `tab`, `stepper`, `step`, `code`, `embed`, `@mermaid/diagram`... */
  name: string;
  /** Attributes in source order. */
  attributes: TagAttributes;
  /** The positional value (`{% include "path" %}`) or an `if`'s condition. */
  argument?: string;
  /** False for a block written without closing tag (printed that way, without content). */
  closed: boolean;
  children: Array<BlockContent | DefinitionContent>;
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookBlock: GitbookBlock;
  }
  interface BlockContentMap {
    gitbookBlock: GitbookBlock;
  }
}

type Closing = 'required' | 'optional' | 'never';

/** The tags read as blocks, and whether each needs its closing tag. */
export const gitbookBlockTags: Readonly<Record<string, Closing>> = {
  hint: 'required',
  tabs: 'required',
  tab: 'required',
  stepper: 'required',
  step: 'required',
  columns: 'required',
  column: 'required',
  updates: 'required',
  update: 'required',
  code: 'required',
  'content-ref': 'required',
  if: 'required',
  prompt: 'required',
  embed: 'optional',
  file: 'optional',
  drawing: 'optional',
  openapi: 'optional',
  swagger: 'optional',
  'openapi-schemas': 'optional',
  'openapi-webhook': 'optional',
  include: 'never',
};

/** `<details>` pairs with `</details>` by the same walk (its markers come from html nodes). */
const detailsName = 'details';

function closingOf(name: string): Closing | undefined {
  if (name.startsWith('@')) return 'never';
  if (name === detailsName) return 'required';
  return Object.hasOwn(gitbookBlockTags, name) ? gitbookBlockTags[name] : undefined;
}

const hintStyles: readonly string[] = ['info', 'warning', 'danger', 'success'];

/** A tag read as a block: a known name, and for a hint a known style. */
function isKnownTag(tag: BlockTag): boolean {
  if (tag.name === detailsName) return false;
  const closing = closingOf(tag.name);
  if (closing === undefined) return false;
  if (tag.kind === 'close') return closing !== 'never';
  if (tag.name === 'hint') {
    const { style, icon, ...rest } = tag.attributes;
    return style !== undefined && hintStyles.includes(style) && Object.keys(rest).length === 0;
  }
  return true;
}

export const printGitbookBlock: Handle = (node, _parent, state, info) => {
  const block = node as GitbookBlock;
  const open = openingTagText(block);
  if (!block.closed && block.children.length === 0) return open;
  const content = state.containerFlow(block, info);
  const close = closingTagText(block.name);
  if (content === '') return open + '\n\n' + close;
  // GitBook writes a prompt's one fence right between its tags; a fence ends at its own
  // closing line, so nothing around it needs a blank line.
  const tight = block.name === 'prompt' && block.children.length === 1 && block.children[0]!.type === 'code';
  const gap = tight ? '\n' : '\n\n';
  return open + gap + content + gap + close;
};

// ---------------------------------------------------------------------------------------
// Tag lines of a paragraph, from the source.

interface TagLine {
  tag: BlockTag;
  /** The tag as the source writes it (given back as text if it stays unpaired). */
  text: string;
  /** Offset of the newline before the line; undefined on the paragraph's first line. */
  before: number | undefined;
  /** Offset of the newline after the line; undefined on its last line. */
  after: number | undefined;
  /** A continuation line without container prefix (lazy inside a list or a quote). */
  lazy: boolean;
}

function offsetsOf(node: { position?: { start: { offset?: number }; end: { offset?: number } } }) {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start, end };
}

/**
 * GFM's literal autolinks (`https://…` typed bare, as in `url="https://…"`) are made after
 * parsing, by a find-and-replace that leaves the link and the texts around it without source
 * positions; a cut needs every piece's. Each such node that reads in the source exactly where
 * the one before it ended gets that range back.
 */
function placeUnpositionedChildren(paragraph: Paragraph, source: string, start: number): void {
  let at = start;
  for (const child of paragraph.children) {
    const range = offsetsOf(child);
    if (range !== undefined) {
      at = range.end;
      continue;
    }
    const text =
      child.type === 'text'
        ? child.value
        : child.type === 'link' && child.children.every((inner) => inner.type === 'text')
          ? child.children.map((inner) => (inner as Text).value).join('')
          : undefined;
    if (text === undefined || !source.startsWith(text, at)) return;
    const position = {
      start: { line: 0, column: 0, offset: at },
      end: { line: 0, column: 0, offset: at + text.length },
    };
    child.position = position;
    if (child.type === 'link') for (const inner of child.children) inner.position = position;
    at += text.length;
  }
}

function tagLinesOf(paragraph: Paragraph, source: string): TagLine[] {
  const range = offsetsOf(paragraph);
  if (range === undefined) return [];
  const { start, end } = range;
  if (!source.slice(start, end).includes('{%')) return [];
  placeUnpositionedChildren(paragraph, source, start);
  const lines: TagLine[] = [];
  let lineStart = start;
  let first = true;
  for (;;) {
    let lineEnd = source.indexOf('\n', lineStart);
    const last = lineEnd === -1 || lineEnd >= end;
    if (last) lineEnd = end;
    let contentStart = lineStart;
    if (!first) while (' \t>'.includes(source[contentStart]!) && contentStart < lineEnd) contentStart += 1;
    if (source.startsWith('{%', contentStart)) {
      const text = source.slice(contentStart, lineEnd).trim();
      const tag = blockTagOf(text);
      if (tag !== undefined && isKnownTag(tag)) {
        lines.push({
          tag,
          text,
          before: first ? undefined : lineStart - 1,
          after: last ? undefined : lineEnd,
          lazy: !first && contentStart === lineStart,
        });
      }
    }
    if (last) break;
    lineStart = lineEnd + 1;
    first = false;
  }
  return lines;
}

// ---------------------------------------------------------------------------------------
// Cutting a paragraph's phrasing content at newlines of the source.

/** Text nodes whose value has as many newlines as their source (no `&#10;` reference in them). */
const alignedTexts = new WeakSet<Text>();

function countNewlines(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (
    let index = text.indexOf('\n', from);
    index !== -1 && index < to;
    index = text.indexOf('\n', index + 1)
  )
    count += 1;
  return count;
}

function isAligned(text: Text, source: string): boolean {
  if (alignedTexts.has(text)) return true;
  const range = offsetsOf(text);
  if (range === undefined) return false;
  const aligned = countNewlines(source, range.start, range.end) === countNewlines(text.value);
  if (aligned) alignedTexts.add(text);
  return aligned;
}

/** True when the content can be cut at the newline `offset`: no node but text or a break spans it. */
function canCutAt(children: readonly PhrasingContent[], offset: number, source: string): boolean {
  let cuttable = true;
  for (const child of children) {
    // Every piece needs its source range, not only the one cut: the cut places them all.
    const range = offsetsOf(child);
    if (range === undefined) return false;
    if (range.end <= offset || range.start > offset) continue;
    cuttable = child.type === 'break' || (child.type === 'text' && isAligned(child, source));
  }
  return cuttable;
}

interface Piece {
  node: PhrasingContent;
  start: number;
}

/** A part of an aligned text node, with its source offsets (so it can be cut again). */
function textPiece(value: string, start: number, end: number): Text {
  const text: Text = {
    type: 'text',
    value,
    position: { start: { line: 0, column: 0, offset: start }, end: { line: 0, column: 0, offset: end } },
  };
  alignedTexts.add(text);
  return text;
}

/** The content cut at the given newline offsets (ascending): pieces with their source start. */
function piecesOf(children: readonly PhrasingContent[], cuts: readonly number[], source: string): Piece[] {
  const pieces: Piece[] = [];
  let cutIndex = 0;
  for (const child of children) {
    const range = offsetsOf(child)!;
    while (cutIndex < cuts.length && cuts[cutIndex]! < range.start) cutIndex += 1;
    if (cutIndex >= cuts.length || cuts[cutIndex]! >= range.end) {
      pieces.push({ node: child, start: range.start });
      continue;
    }
    if (child.type !== 'text') {
      // A break that ends a cut line: the cut replaces it.
      while (cutIndex < cuts.length && cuts[cutIndex]! < range.end) cutIndex += 1;
      continue;
    }
    let valueFrom = 0;
    let sourceFrom = range.start;
    let newlinesSeen = 0;
    let valueNewline = -1;
    while (cutIndex < cuts.length && cuts[cutIndex]! < range.end) {
      const cut = cuts[cutIndex]!;
      const target = newlinesSeen + countNewlines(source, sourceFrom, cut);
      while (newlinesSeen < target + 1) {
        valueNewline = child.value.indexOf('\n', valueNewline + 1);
        newlinesSeen += 1;
      }
      const value = child.value.slice(valueFrom, valueNewline);
      if (value !== '') pieces.push({ node: textPiece(value, sourceFrom, cut), start: sourceFrom });
      valueFrom = valueNewline + 1;
      sourceFrom = cut + 1;
      cutIndex += 1;
    }
    const rest = child.value.slice(valueFrom);
    if (rest !== '') pieces.push({ node: textPiece(rest, sourceFrom, range.end), start: sourceFrom });
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------
// Splitting a container's children into flow nodes and tag markers.

interface TagMarker {
  type: 'gitbookTag';
  tag: BlockTag;
  /** The tag's text, given back as text if it stays unpaired. */
  text: string;
  /** The paragraph it was cut out of (its other parts are merged back if it stays text). */
  group: Group;
  /** For `<details>`: the html node it was read from (given back if it stays unpaired)... */
  node?: FlowNode;
  /** ...and the summary that node held. */
  summary?: PhrasingContent[];
}

type FlowNode = RootContent;
type Item = FlowNode | TagMarker;

/** The paragraph a part was cut from, and into how many parts (tags included). */
interface Group {
  original: Paragraph | undefined;
  parts: number;
}

const paragraphGroups = new WeakMap<Paragraph, Group>();

function isMarker(item: Item): item is TagMarker {
  return item.type === 'gitbookTag';
}

function paragraphOfPieces(pieces: readonly Piece[], group: Group): Paragraph {
  const paragraph: Paragraph = { type: 'paragraph', children: pieces.map((piece) => piece.node) };
  paragraphGroups.set(paragraph, group);
  return paragraph;
}

/**
 * Only the lines that can be cut out are tags: no node but text or a break may span a cut
 * between a tag line and text. One sweep over the content and the (ascending) cuts.
 */
function separableLines(paragraph: Paragraph, lines: readonly TagLine[], source: string): TagLine[] {
  const cuts: number[] = [];
  for (const line of lines) {
    if (line.before !== undefined && cuts.at(-1) !== line.before) cuts.push(line.before);
    if (line.after !== undefined) cuts.push(line.after);
  }
  const blocked = new Set<number>();
  let cutIndex = 0;
  for (const child of paragraph.children) {
    const range = offsetsOf(child);
    if (range === undefined) return [];
    while (cutIndex < cuts.length && cuts[cutIndex]! < range.start) cutIndex += 1;
    const cuttable = child.type === 'break' || (child.type === 'text' && isAligned(child, source));
    while (cutIndex < cuts.length && cuts[cutIndex]! < range.end) {
      if (!cuttable) blocked.add(cuts[cutIndex]!);
      cutIndex += 1;
    }
  }
  // A node spanning the newline between two tag lines (`title="*a"` then `title="b*"`: an
  // emphasis) is dropped with them; tag lines joined so form one run, which is a tag run only
  // if no such node crosses its edges into text.
  const accepted: TagLine[] = [];
  let first = 0;
  while (first < lines.length) {
    let last = first;
    while (
      last + 1 < lines.length &&
      lines[last]!.after !== undefined &&
      lines[last]!.after === lines[last + 1]!.before &&
      blocked.has(lines[last]!.after!)
    )
      last += 1;
    const start = lines[first]!.before;
    const end = lines[last]!.after;
    if ((start === undefined || !blocked.has(start)) && (end === undefined || !blocked.has(end)))
      accepted.push(...lines.slice(first, last + 1));
    first = last + 1;
  }
  return accepted;
}

/** A paragraph cut at its tag lines: paragraphs and markers, in order. */
function splitParagraph(paragraph: Paragraph, lines: readonly TagLine[], source: string): Item[] {
  const group: Group = { original: paragraph, parts: 0 };
  const cuts: number[] = [];
  for (const line of lines) {
    if (line.before !== undefined && cuts.at(-1) !== line.before) cuts.push(line.before);
    if (line.after !== undefined) cuts.push(line.after);
  }
  const pieces = piecesOf(paragraph.children, cuts, source);
  const items: Item[] = [];
  let pieceIndex = 0;
  let run: Piece[] = [];
  const flush = () => {
    if (run.length > 0) items.push(paragraphOfPieces(run, group));
    run = [];
  };
  for (const line of lines) {
    const lineStart = line.before ?? -1;
    while (pieceIndex < pieces.length && pieces[pieceIndex]!.start <= lineStart)
      run.push(pieces[pieceIndex++]!);
    flush();
    // Pieces inside the tag line are dropped: the tag is taken from the source.
    const lineEnd = line.after ?? Number.POSITIVE_INFINITY;
    while (pieceIndex < pieces.length && pieces[pieceIndex]!.start <= lineEnd) pieceIndex += 1;
    items.push({ type: 'gitbookTag', tag: line.tag, text: line.text, group });
  }
  while (pieceIndex < pieces.length) run.push(pieces[pieceIndex++]!);
  flush();
  group.parts = items.length;
  return items;
}

/** The last paragraph reached through last children (lists, items, quotes continue lazily). */
function lastDescendantParagraph(node: FlowNode): { paragraph: Paragraph; owner: Parent } | undefined {
  let current: Parent | undefined =
    node.type === 'list' || node.type === 'blockquote' ? (node as Parent) : undefined;
  while (current !== undefined) {
    const last = current.children.at(-1);
    if (last === undefined) return undefined;
    if (last.type === 'paragraph') return { paragraph: last, owner: current };
    if (last.type === 'list' || last.type === 'listItem' || last.type === 'blockquote') current = last;
    else return undefined;
  }
  return undefined;
}

/**
 * Tag lines that continue a list or a quote lazily (at column 0, GitBook's tight form: a
 * closing tag right after a list), taken out of it with what follows them in that paragraph:
 * the items to put after the list or the quote.
 */
function takeLazyTags(node: FlowNode, source: string, isOpen: (name: string) => boolean): Item[] {
  const found = lastDescendantParagraph(node);
  if (found === undefined) return [];
  const { paragraph, owner } = found;
  const lines = tagLinesOf(paragraph, source);
  const first = lines.findIndex((line) => line.lazy);
  // Only a closing tag of a block open around the list takes the lines out of it.
  const firstLine = lines[first];
  if (firstLine === undefined || firstLine.tag.kind !== 'close' || !isOpen(firstLine.tag.name)) return [];
  const cut = firstLine.before!;
  if (!canCutAt(paragraph.children, cut, source)) return [];
  const pieces = piecesOf(paragraph.children, [cut], source);
  const end = paragraph.position!.end;
  const rest: Paragraph = {
    type: 'paragraph',
    children: pieces.filter((piece) => piece.start > cut).map((piece) => piece.node),
    position: { start: { line: 0, column: 0, offset: cut + 1 }, end },
  };
  const restLines = lines
    .slice(first)
    .map((line, index) => (index === 0 ? { ...line, before: undefined } : line));
  const separable = separableLines(rest, restLines, source);
  if (separable[0] !== restLines[0]) return [];
  owner.children[owner.children.length - 1] = {
    type: 'paragraph',
    children: pieces.filter((piece) => piece.start < cut).map((piece) => piece.node),
    position: { start: paragraph.position!.start, end: { ...end, offset: cut } },
  };
  return splitParagraph(rest, separable, source);
}

const noGroup: Group = { original: undefined, parts: 0 };

/** An html node: a `<details>` marker, a figure, a cards table, or itself. */
function htmlItem(node: FlowNode & { type: 'html' }): Item {
  const opening = detailsOpeningOf(node);
  if (opening !== undefined) {
    const tag: OpeningTag = { kind: 'open', name: detailsName, attributes: opening.open ? { open: '' } : {} };
    return {
      type: 'gitbookTag',
      tag,
      text: node.value,
      group: noGroup,
      node,
      ...(opening.summary === undefined ? {} : { summary: opening.summary }),
    };
  }
  if (isDetailsClosing(node)) {
    return {
      type: 'gitbookTag',
      tag: { kind: 'close', name: detailsName },
      text: node.value,
      group: noGroup,
      node,
    };
  }
  return (
    figureOfHtml(node.value) ??
    cardsOfHtml(node.value) ??
    gitbookTableOfHtml(node.value) ??
    legacyHintOfHtml(node.value) ??
    drawingOfHtml(node.value) ??
    alignedParagraphOfHtml(node.value) ??
    node
  );
}

/**
 * An html block runs to the next blank line, so GitBook's `</details>` followed at once by
 * `{% endupdate %}` is one html node: the known tags that end it are taken out of it as
 * markers (html is raw, so its lines are the source's), the html before them stays html.
 */
function htmlItems(node: FlowNode & { type: 'html' }): Item[] {
  if (!node.value.includes('\n') || !node.value.includes('{%')) return [htmlItem(node)];
  const items: Item[] = [];
  let chunk: string[] = [];
  const flush = () => {
    if (chunk.length > 0) items.push(htmlItem({ type: 'html', value: chunk.join('\n') }));
    chunk = [];
  };
  let tags = 0;
  for (const line of node.value.split('\n')) {
    const text = line.trim();
    const tag = text.startsWith('{%') ? blockTagOf(text) : undefined;
    if (tag !== undefined && isKnownTag(tag)) {
      flush();
      items.push({ type: 'gitbookTag', tag, text, group: noGroup });
      tags += 1;
    } else if (tags > 0) {
      // Only tags may follow the first tag: other lines would be markdown once printed apart.
      return [htmlItem(node)];
    } else {
      chunk.push(line);
    }
  }
  flush();
  return tags === 0 ? [htmlItem(node)] : items;
}

/**
 * A table runs to the next blank line, so a tag line right after a GFM table (GitBook's
 * `{% endtab %}`) is its last row: rows that are exactly a known tag line are taken off its
 * end as markers.
 */
function takeTableTags(table: FlowNode & { type: 'table' }, source: string): Item[] {
  const markers: Item[] = [];
  while (table.children.length > 1) {
    const row = table.children.at(-1)!;
    const range = offsetsOf(row);
    if (range === undefined) break;
    const text = source.slice(range.start, range.end).trim();
    const tag = text.startsWith('{%') ? blockTagOf(text) : undefined;
    if (tag === undefined || !isKnownTag(tag)) break;
    table.children.pop();
    markers.unshift({ type: 'gitbookTag', tag, text, group: noGroup });
  }
  return markers;
}

function splitTags(children: readonly FlowNode[], source: string): Item[] {
  const items: Item[] = [];
  // Tags opened so far at this level, by name (an estimate for lazy closing tags).
  const open = new Map<string, number>();
  const count = (added: readonly Item[]) => {
    for (const item of added) {
      if (!isMarker(item)) continue;
      const { name } = item.tag;
      open.set(name, Math.max(0, (open.get(name) ?? 0) + (item.tag.kind === 'open' ? 1 : -1)));
    }
  };
  for (const child of children) {
    const added: Item[] = [];
    if (child.type === 'html') {
      added.push(...htmlItems(child));
    } else if (child.type === 'paragraph') {
      const lines = separableLines(child, tagLinesOf(child, source), source);
      if (lines.length === 0) added.push(child);
      else added.push(...splitParagraph(child, lines, source));
    } else if (child.type === 'table') {
      added.push(child);
      added.push(...takeTableTags(child, source));
    } else {
      added.push(child);
      added.push(...takeLazyTags(child, source, (name) => (open.get(name) ?? 0) > 0));
    }
    count(added);
    items.push(...added);
  }
  return items;
}

// ---------------------------------------------------------------------------------------
// Pairing tags into blocks.

/** Blocks nested in a node (blocks count, other containers do not). */
const blockHeights = new WeakMap<object, number>();

function heightOf(node: Item): number {
  return blockHeights.get(node) ?? 0;
}

function detailsOf(marker: TagMarker, children: FlowNode[]): GitbookDetails {
  let summary = marker.summary;
  let content = children;
  const first = children[0];
  if (summary === undefined && first?.type === 'html') {
    summary = summaryOf(first);
    if (summary !== undefined) content = children.slice(1);
  }
  return {
    type: 'gitbookDetails',
    open: (marker.tag as OpeningTag).attributes.open !== undefined,
    summary: summary ?? [],
    children: content as GitbookDetails['children'],
  };
}

function blockOf(opening: OpeningTag, children: FlowNode[], closed: boolean): FlowNode {
  if (opening.name === 'hint') {
    const { style, icon } = opening.attributes;
    const hint: Hint = {
      type: 'hint',
      style: style as DocumentHintStyle,
      ...(icon === undefined ? {} : { icon }),
      children: children as Hint['children'],
    };
    return hint;
  }
  const block: GitbookBlock = {
    type: 'gitbookBlock',
    name: opening.name,
    attributes: opening.attributes,
    ...(opening.argument === undefined ? {} : { argument: opening.argument }),
    closed,
    children: children as GitbookBlock['children'],
  };
  return block;
}

function textParagraph(marker: TagMarker): FlowNode {
  if (marker.node !== undefined) return marker.node;
  const paragraph: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: marker.text }] };
  paragraphGroups.set(paragraph, marker.group);
  return paragraph;
}

/** Joins two parts of one paragraph at the newline that separated them. */
function joinParts(left: readonly PhrasingContent[], right: readonly PhrasingContent[]): PhrasingContent[] {
  const last = left.at(-1);
  const first = right[0];
  if (last?.type === 'text' && first?.type === 'text') {
    return [
      ...left.slice(0, -1),
      { type: 'text', value: last.value + '\n' + first.value },
      ...right.slice(1),
    ];
  }
  return [...left, { type: 'text', value: '\n' }, ...right];
}

/**
 * Parts cut from one paragraph, side by side again (the tags between them stayed text), are
 * one paragraph again: the original one when every part is back.
 */
function mergeGroups(items: readonly FlowNode[]): FlowNode[] {
  const out: FlowNode[] = [];
  const partsOf = new Map<Paragraph, number>();
  for (const item of items) {
    const previous = out.at(-1);
    const group = item.type === 'paragraph' ? paragraphGroups.get(item) : undefined;
    if (
      group !== undefined &&
      item.type === 'paragraph' &&
      previous?.type === 'paragraph' &&
      paragraphGroups.get(previous) === group
    ) {
      const parts = (partsOf.get(previous) ?? 1) + 1;
      const merged: Paragraph =
        parts === group.parts && group.original !== undefined
          ? group.original
          : { type: 'paragraph', children: joinParts(previous.children, item.children) };
      paragraphGroups.set(merged, group);
      partsOf.set(merged, parts);
      out[out.length - 1] = merged;
    } else {
      out.push(item);
    }
  }
  return out;
}

/**
 * Pairs the markers of one container into blocks. Linear: a close finds its opening through a
 * count per name; each opening tracks the height of what follows it, so a block nested past
 * the limit is known before its content is moved; content moves once, into its block.
 */
function pairTags(items: readonly Item[], depth: number): FlowNode[] {
  const out: Item[] = [];
  type Entry = { index: number; marker: TagMarker & { tag: OpeningTag }; maxChild: number };
  const stack: Entry[] = [];
  const openByName = new Map<string, number>();
  const room = markdownLimits.maxBlockNesting - depth;

  /** Something of this block height now follows the innermost open tag. */
  const noteHeight = (height: number) => {
    const top = stack.at(-1);
    if (top !== undefined && height > top.maxChild) top.maxChild = height;
  };

  /** An opening left without partner: a void block when it may be one, text otherwise. */
  const settle = (entry: Entry) => {
    const { name } = entry.marker.tag;
    openByName.set(name, openByName.get(name)! - 1);
    const voidBlock = closingOf(name) === 'optional' && room > 0;
    out[entry.index] = voidBlock ? blockOf(entry.marker.tag, [], false) : textParagraph(entry.marker);
    if (voidBlock) blockHeights.set(out[entry.index]!, 1);
    // What followed it now follows the opening below.
    noteHeight(Math.max(entry.maxChild, voidBlock ? 1 : 0));
  };

  for (const item of items) {
    if (!isMarker(item)) {
      out.push(item);
      noteHeight(heightOf(item));
      continue;
    }
    const { tag } = item;
    if (tag.kind === 'open') {
      if (closingOf(tag.name) === 'never') {
        const block = room > 0 ? blockOf(tag, [], false) : textParagraph(item);
        if (room > 0) blockHeights.set(block, 1);
        out.push(block);
        noteHeight(heightOf(block));
        continue;
      }
      stack.push({ index: out.length, marker: item as Entry['marker'], maxChild: 0 });
      openByName.set(tag.name, (openByName.get(tag.name) ?? 0) + 1);
      out.push(item);
      continue;
    }
    if ((openByName.get(tag.name) ?? 0) === 0) {
      out.push(textParagraph(item));
      continue;
    }
    while (stack.at(-1)!.marker.tag.name !== tag.name) settle(stack.pop()!);
    const entry = stack.pop()!;
    openByName.set(tag.name, openByName.get(tag.name)! - 1);
    const height = entry.maxChild + 1;
    if (height > room) {
      // Nested past the limit: both tags stay text, the content stays where it is.
      out[entry.index] = textParagraph(entry.marker);
      out.push(textParagraph(item));
      noteHeight(entry.maxChild);
      continue;
    }
    const content = mergeGroups(out.splice(entry.index + 1) as FlowNode[]);
    const block =
      entry.marker.tag.name === detailsName
        ? detailsOf(entry.marker, content)
        : blockOf(entry.marker.tag, content, true);
    blockHeights.set(block, height);
    out[entry.index] = block;
    noteHeight(height);
  }
  while (stack.length > 0) settle(stack.pop()!);
  return mergeGroups(out as FlowNode[]);
}

// ---------------------------------------------------------------------------------------
// The walk.

function readContainer(parent: Parent, source: string, depth: number): void {
  parent.children = pairTags(splitTags(parent.children as FlowNode[], source), depth);
  for (const child of parent.children as FlowNode[]) descend(child, source, depth);
}

/** Into the containers below a node already paired: nested blocks' content, lists, quotes. */
function descend(node: FlowNode, source: string, depth: number): void {
  switch (node.type) {
    case 'gitbookBlock':
    case 'gitbookDetails':
    case 'hint':
      for (const child of node.children as FlowNode[]) descend(child, source, depth + 1);
      break;
    case 'list':
      for (const item of node.children) readContainer(item, source, depth);
      break;
    case 'blockquote':
    case 'footnoteDefinition':
      readContainer(node, source, depth);
      break;
    default:
      break;
  }
}

/** Replaces GitBook's block tags by `gitbookBlock` and `hint` nodes in a freshly parsed tree. */
export function readGitbookBlocks(tree: Root, source: string): void {
  readContainer(tree, source, 0);
}
