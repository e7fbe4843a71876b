/**
 * The block parser's tree (`blocks.ts`) as mdast, node for node as mdast-util-from-markdown
 * and the remark extensions build it: fields, `data` (remark-math), values of code and HTML
 * with their own line endings, positions, and the inline content of paragraphs, headings and
 * table cells, parsed once every definition's identifier is known. Lists: `list-tree.ts`.
 */
import type {
  BlockContent,
  Code,
  Definition,
  FootnoteDefinition,
  Heading,
  Nodes,
  Paragraph,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type { Block, ContentLine } from './blocks';
import { decodeString } from './character-references';
import { rowCells } from './gfm-table';
import { normalizedIdentifier, sourcePoints } from './inline-input';
import { isSpaceOrTab } from './line-cursor';
import { listOf } from './list-tree';
import { type Build, endOffset, type InlineParsers, inlines, position } from './tree-build';

export type { InlineParser, InlineParsers } from './tree-build';

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

export function blocksToTree(document: Block, source: string, inlineParsers: InlineParsers): Root {
  const definitions = new Set<string>();
  const footnoteDefinitions = new Set<string>();
  collectIdentifiers(document, definitions, footnoteDefinitions, source);
  const points = sourcePoints(source);
  const build: Build = {
    source,
    context: { points, definitions, footnoteDefinitions },
    inlineParsers,
    nodeOf: (block) => nodeOf(build, block),
  };
  return {
    type: 'root',
    children: document.children.map((child) => nodeOf(build, child) as RootContent),
    position: { start: points.point(0), end: points.point(source.length) },
  };
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

/**
 * A list item's first content (`Block.firstContentOfItem`) opening with a lone `[` on its
 * line, not a task: GFM's check read that line's ending before it failed.
 */
function readByTaskCheck(source: string, paragraph: Block): boolean {
  const head = paragraph.lines[0];
  return (
    paragraph.firstContentOfItem &&
    head !== undefined &&
    paragraph.lines.length > 1 &&
    source.charCodeAt(head.start) === 91 &&
    head.end === head.start + 1
  );
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
        children: inlines(build, lines, 'content', readByTaskCheck(source, block) ? 2 : 0),
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
        // An empty title (`""`) is none, as micromark has no title string to read then.
        title: definition.title === '' ? null : definition.title,
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

function tableOf(build: Build, block: Block): Table {
  const rows: TableRow[] = block.children.map((row) => {
    const line = row.lines[0] as ContentLine;
    const cells: TableCell[] = rowCells(build.source, line.start, line.end).map((cell) => ({
      type: 'tableCell',
      children:
        cell.contentEnd > cell.contentStart
          ? inlines(build, [{ start: cell.contentStart, end: cell.contentEnd }], 'tableCell')
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
