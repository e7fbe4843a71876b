/**
 * The block parser's tree (`blocks.ts`) as mdast, node for node as mdast-util-from-markdown
 * and the remark extensions build it: fields, `data` (remark-math), positions, list `spread`
 * (a blank line between two items makes the list spread, one between two children of an item
 * makes the item spread), task list items (mdast-util-gfm-task-list-item's paragraph fix),
 * and the inline content of paragraphs, headings and table cells, parsed once every
 * definition's identifier is known.
 */
import type {
  BlockContent,
  Code,
  Definition,
  FootnoteDefinition,
  Heading,
  List,
  ListItem,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type { Block, ContentLine } from './blocks';
import { decodeString } from './character-references';
import { rowCells } from './gfm-table';
import { type InlineContext, normalizedIdentifier, type Point, sourcePoints } from './inline-input';
import { isSpaceOrTab } from './line-cursor';

export type InlineParser = (
  input: { source: string; lines: Array<[number, number]> },
  context: InlineContext,
) => PhrasingContent[];

interface Build {
  source: string;
  context: InlineContext;
  parseInlines: InlineParser;
}

function collectIdentifiers(
  block: Block,
  definitions: Set<string>,
  footnotes: Set<string>,
  source: string,
): void {
  for (const child of block.children) {
    if (child.kind === 'definition' && child.definition !== undefined)
      definitions.add(normalizedIdentifier(child.definition.rawLabel));
    else if (child.kind === 'footnoteDefinition')
      footnotes.add(normalizedIdentifier(source.slice(child.labelStart, child.labelEnd)));
    if (child.kind !== 'table' && child.children.length > 0)
      collectIdentifiers(child, definitions, footnotes, source);
  }
}

export function blocksToTree(document: Block, source: string, parseInlines: InlineParser): Root {
  const definitions = new Set<string>();
  const footnoteDefinitions = new Set<string>();
  collectIdentifiers(document, definitions, footnoteDefinitions, source);
  const points = sourcePoints(source);
  const build: Build = { source, context: { points, definitions, footnoteDefinitions }, parseInlines };
  return {
    type: 'root',
    children: document.children.map((child) => nodeOf(build, child) as RootContent),
    position: { start: points.point(0), end: points.point(source.length) },
  };
}

function position(build: Build, start: number, end: number): { start: Point; end: Point } {
  return { start: build.context.points.point(start), end: build.context.points.point(end) };
}

function inlines(build: Build, lines: ReadonlyArray<{ start: number; end: number }>): PhrasingContent[] {
  return build.parseInlines(
    { source: build.source, lines: lines.map((line) => [line.start, line.end] as [number, number]) },
    build.context,
  );
}

/** The line ending after offset `end` (a line's end) in the source, or '' at its end. */
function lineEndingAt(source: string, end: number): string {
  const code = source.charCodeAt(end);
  if (code === 13) return source.charCodeAt(end + 1) === 10 ? '\r\n' : '\r';
  return code === 10 ? '\n' : '';
}

function lineText(source: string, line: ContentLine): string {
  return (line.pad > 0 ? ' '.repeat(line.pad) : '') + source.slice(line.start, line.end);
}

/** The lines joined by their own line endings, and the one after the last when `withLast`. */
function joinedLines(source: string, lines: ContentLine[], withLast: boolean): string {
  let value = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as ContentLine;
    value += lineText(source, line);
    if (index < lines.length - 1 || withLast) value += lineEndingAt(source, line.end);
  }
  return value;
}

/** A fence's buffer as mdast-util-from-markdown takes it: one line ending off each end. */
function fencedValue(source: string, block: Block, openingEnd: number): string {
  let buffer = '';
  if (block.lines.length > 0 || block.closed || block.takesLineEnding)
    buffer = lineEndingAt(source, openingEnd);
  if (block.lines.length > 0)
    buffer += joinedLines(source, block.lines, block.closed || block.takesLineEnding);
  return buffer.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '');
}

function nodeOf(build: Build, block: Block): Nodes {
  const source = build.source;
  switch (block.kind) {
    case 'paragraph': {
      const lines = block.lines;
      const first = lines[0] as ContentLine;
      const last = lines[lines.length - 1] as ContentLine;
      const node: Paragraph = {
        type: 'paragraph',
        children: inlines(build, lines),
        position: position(build, first.start, last.end),
      };
      return node;
    }
    case 'heading': {
      const lines =
        block.lines.length > 0 ? block.lines : [{ start: block.textStart, end: block.textEnd, pad: 0 }];
      const start = block.start;
      const node: Heading = {
        type: 'heading',
        depth: block.depth as Heading['depth'],
        children: block.textEnd > block.textStart || block.lines.length > 0 ? inlines(build, lines) : [],
        position: position(build, start, block.end),
      };
      return node;
    }
    case 'thematicBreak':
      return { type: 'thematicBreak', position: position(build, block.start, block.end) };
    case 'code': {
      if (!block.fenced) {
        const node: Code = {
          type: 'code',
          lang: null,
          meta: null,
          value: joinedLines(source, block.lines, false).replace(/(\r?\n|\r)$/, ''),
          position: position(build, block.start, block.end),
        };
        return node;
      }
      const info = source.slice(block.infoStart, block.infoEnd);
      let lang: string | null = null;
      let meta: string | null = null;
      if (info.length > 0) {
        let word = 0;
        while (word < info.length && !isSpaceOrTab(info.charCodeAt(word))) word++;
        lang = decodeString(info.slice(0, word));
        let rest = word;
        while (rest < info.length && isSpaceOrTab(info.charCodeAt(rest))) rest++;
        if (rest < info.length) meta = decodeString(info.slice(rest));
      }
      const node: Code = {
        type: 'code',
        lang,
        meta,
        value: fencedValue(source, block, block.infoEnd),
        position: position(build, block.start, block.end),
      };
      return node;
    }
    case 'math': {
      const info = source.slice(block.infoStart, block.infoEnd);
      const value = fencedValue(source, block, block.infoEnd);
      return {
        type: 'math',
        meta: info.length > 0 ? decodeString(info) : null,
        value,
        data: {
          hName: 'pre',
          hChildren: [
            {
              type: 'element',
              tagName: 'code',
              properties: { className: ['language-math', 'math-display'] },
              children: [{ type: 'text', value }],
            },
          ],
        },
        position: position(build, block.start, block.end),
      } as Nodes;
    }
    case 'html':
      return {
        type: 'html',
        value: joinedLines(source, block.lines, block.takesLineEnding),
        position: position(build, block.start, block.end),
      };
    case 'yaml':
      return {
        type: 'yaml',
        value: source.slice(block.textStart, block.textEnd),
        position: position(build, block.start, block.end),
      };
    case 'definition': {
      const definition = block.definition as NonNullable<Block['definition']>;
      const node: Definition = {
        type: 'definition',
        identifier: normalizedIdentifier(definition.rawLabel),
        label: definition.label,
        title: definition.title,
        url: definition.url,
        position: position(build, definition.start, definition.end),
      };
      return node;
    }
    case 'table':
      return tableOf(build, block);
    case 'blockquote': {
      const children = block.children.map((child) => nodeOf(build, child) as BlockContent);
      return {
        type: 'blockquote',
        children,
        position: position(build, block.start, Math.max(block.end, endOffset(children), block.exitEnd)),
      };
    }
    case 'footnoteDefinition': {
      const children = block.children.map((child) => nodeOf(build, child) as BlockContent);
      const raw = source.slice(block.labelStart, block.labelEnd);
      const node: FootnoteDefinition = {
        type: 'footnoteDefinition',
        identifier: normalizedIdentifier(raw),
        label: decodeString(raw),
        children,
        position: position(
          build,
          block.start,
          Math.max(block.end, endOffset(children), block.exitEnd, block.trailingBlankEnd),
        ),
      };
      return node;
    }
    case 'list':
      return listOf(build, block);
    default:
      throw new Error(`markdown-parser: no node for a ${block.kind} block`);
  }
}

function endOffset(children: Nodes[]): number {
  const last = children[children.length - 1];
  return last?.position?.end.offset ?? -1;
}

function tableOf(build: Build, block: Block): Table {
  const rows: TableRow[] = block.children.map((row) => {
    const line = row.lines[0] as ContentLine;
    const cells: TableCell[] = rowCells(build.source, line.start, line.end).map((cell) => ({
      type: 'tableCell',
      children:
        cell.contentEnd > cell.contentStart
          ? inlines(build, [{ start: cell.contentStart, end: cell.contentEnd }])
          : [],
      position: position(build, cell.start, cell.end),
    }));
    return { type: 'tableRow', children: cells, position: position(build, line.start, line.end) };
  });
  return {
    type: 'table',
    align: block.align,
    children: rows,
    position: position(build, block.start, block.end),
  };
}

/** A list item's first paragraph opening with `[ ]` or `[x]` (micromark-extension-gfm-task-list-item). */
function taskCheck(source: string, item: Block): { checked: boolean; after: number } | undefined {
  const first = item.children[0];
  if (first === undefined || first.kind !== 'paragraph') return undefined;
  const line = first.lines[0] as ContentLine;
  const at = line.start;
  if (source.charCodeAt(at) !== 91 || at + 2 >= line.end + 1) return undefined;
  const value = source.charCodeAt(at + 1);
  let checked: boolean;
  if (value === 120 || value === 88) checked = true;
  else if (isSpaceOrTab(value) || at + 1 >= line.end) checked = false;
  else return undefined;
  if (at + 1 >= line.end) return undefined;
  if (source.charCodeAt(at + 2) !== 93 || at + 2 >= line.end) return undefined;
  const after = at + 3;
  if (after >= line.end) return first.lines.length > 1 ? { checked, after } : undefined;
  if (!isSpaceOrTab(source.charCodeAt(after))) return undefined;
  let rest = after;
  while (rest < line.end && isSpaceOrTab(source.charCodeAt(rest))) rest++;
  if (rest >= line.end && first.lines.length === 1) return undefined;
  return { checked, after };
}

function listItemOf(build: Build, item: Block, nextMarkerEnd: number | undefined): ListItem {
  const source = build.source;
  const task = taskCheck(source, item);
  const children = item.children.map((child, index) => {
    if (index === 0 && task !== undefined) return taskParagraph(build, child, task.after);
    return nodeOf(build, child) as BlockContent;
  });
  let end = item.end;
  const last = item.children[item.children.length - 1];
  if (children.length > 0) {
    end = endOffset(children);
    // The walk back over line endings finds none: micromark ends the item where the next
    // item's marker (and its spaces) ends, or the last item where the list's exit is.
    if (last !== undefined && nextMarkerEnd !== undefined && endsTakingLineEnding(last)) end = nextMarkerEnd;
  }
  return {
    type: 'listItem',
    spread: blankBetween(children),
    checked: task === undefined ? null : task.checked,
    children,
    position: position(build, item.start, end),
  };
}

/**
 * A blank line between two children, or between two children of a footnote definition among
 * them (mdast-util-from-markdown counts the blank lines an item holds outside nested lists and
 * block quotes).
 */
function blankBetween(children: Nodes[]): boolean {
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as Nodes;
    if (child.type === 'footnoteDefinition') {
      if (blankBetween(child.children)) return true;
      // An empty first line: its line ending is a blank one.
      const first = child.children[0]?.position;
      if (first !== undefined && child.position !== undefined && first.start.line > child.position.start.line)
        return true;
    }
    if (index === 0) continue;
    const previous = children[index - 1]?.position;
    const next = child.position;
    if (previous !== undefined && next !== undefined && next.start.line > previous.end.line + 1) return true;
  }
  return false;
}

/** Whether the block ends past its last line's ending (an unclosed fence closed by a container). */
function endsTakingLineEnding(block: Block): boolean {
  if (block.takesLineEnding) return true;
  const last = block.children[block.children.length - 1];
  return last !== undefined && block.kind !== 'table' && endsTakingLineEnding(last);
}

function taskParagraph(build: Build, paragraph: Block, after: number): Paragraph {
  const lines = paragraph.lines.slice();
  const first = lines[0] as ContentLine;
  lines[0] = { start: after, end: first.end, pad: 0 };
  const children = inlines(build, lines);
  const node: Paragraph = {
    type: 'paragraph',
    children,
    position: position(build, first.start, (lines[lines.length - 1] as ContentLine).end),
  };
  // mdast-util-gfm-task-list-item: the space after the check leaves the head text.
  const head = children[0];
  if (head !== undefined && head.type === 'text') {
    head.value = head.value.slice(1);
    if (head.value.length === 0) children.shift();
    else if (head.position !== undefined && node.position !== undefined) {
      head.position.start = {
        line: head.position.start.line,
        column: head.position.start.column + 1,
        offset: (head.position.start.offset ?? 0) + 1,
      };
      node.position.start = { ...head.position.start };
    }
  }
  return node;
}

/**
 * An item whose end mdast-util-from-markdown finds no line ending before (the walk back stops
 * at a footnote definition's indent): it ends at `end`, and a blank line it held before there
 * makes it spread.
 */
function endAtFootnoteIndent(build: Build, item: ListItem, end: number): void {
  if (item.position === undefined) return;
  const point = build.context.points.point(end);
  if (point.line - item.position.end.line >= 2) item.spread = true;
  item.position.end = point;
}

function listOf(build: Build, list: Block): List {
  const items: ListItem[] = [];
  // Before an item whose marker follows a footnote definition's indent, the walk back from the
  // marker stops at once: the previous item ends where that marker (and its spaces) end.
  const inFootnote = list.parent?.kind === 'footnoteDefinition';
  list.children.forEach((item, index) => {
    const next = list.children[index + 1];
    const node = listItemOf(build, item, next?.markerEnd);
    if (inFootnote && next !== undefined) endAtFootnoteIndent(build, node, next.markerEnd);
    items.push(node);
  });
  // The walk back from the list's exit stops at a footnote definition's indent at once.
  const lastItem = items[items.length - 1];
  if (list.exitAfterFootnoteIndent && lastItem !== undefined)
    endAtFootnoteIndent(build, lastItem, list.exitEnd);
  let spread = false;
  for (let index = 1; index < items.length; index++) {
    const previous = items[index - 1]?.position;
    const next = items[index]?.position;
    if (previous !== undefined && next !== undefined && next.start.line > previous.end.line + 1)
      spread = true;
  }
  const last = items[items.length - 1];
  let end = last?.position?.end.offset ?? list.end;
  const lastEnd = end;
  end = Math.max(end, list.exitEnd, list.trailingBlankEnd);
  // An exit lines after the last item's end (see `BlockParser`): mdast-util-from-markdown reads
  // two line endings before it as a blank line between items.
  if (build.context.points.point(end).line - build.context.points.point(lastEnd).line >= 2) spread = true;
  return {
    type: 'list',
    ordered: list.ordered,
    start: list.listStart,
    spread,
    children: items,
    position: position(build, list.start, end),
  };
}
