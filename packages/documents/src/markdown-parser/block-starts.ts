/**
 * The starts of blocks at the cursor (`block-parser.ts`), tried in commonmark.js's order:
 * indented code, block quote, ATX heading, fenced code, `$$` math (remark-math), HTML block,
 * setext underline, thematic break, list item, GFM footnote definition, GFM table delimiter
 * row (under the paragraph's last line, which becomes the head row). Paragraph interruption
 * follows CommonMark: an empty item, an ordered item not starting at 1 and HTML condition 7 do
 * not interrupt one.
 */
import type { BlockParser } from './block-parser';
import { Block } from './blocks';
import { footnoteDefinition, listItem } from './container-starts';
import { htmlBlockStart } from './html-block-starts';
import { isSpaceOrTab } from './line-cursor';
import { tableStart } from './table-start';

/** The block started at the cursor under `container`, or undefined. */
export function startBlock(parser: BlockParser, container: Block, allMatched: boolean): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  if (cursor.indented) {
    if (parser.tip.kind !== 'paragraph' && !cursor.blank) {
      // micromark starts the code past a tab its container consumed in part.
      const start = cursor.partiallyConsumedTab ? cursor.offset + 1 : cursor.offset;
      cursor.advanceOffset(4, true);
      parser.closeUnmatchedBlocks(false);
      const code = parser.addChild(new Block('code', null, start, cursor.lineNumber));
      code.startedLazy = parser.lazyLine;
      return code;
    }
    return undefined;
  }
  if (cursor.blank) return undefined;
  const at = cursor.nextNonspace;
  const code = source.charCodeAt(at);
  const interrupting = container.kind === 'paragraph';
  switch (code) {
    case 62 /* > */:
      if (!parser.containersDisabled) {
        cursor.advanceNextNonspace();
        cursor.advanceOffset(1, false);
        if (isSpaceOrTab(cursor.peek(cursor.offset))) cursor.advanceOffset(1, true);
        parser.closeUnmatchedBlocks(true);
        const quote = parser.addChild(new Block('blockquote', null, at, cursor.lineNumber));
        quote.end = cursor.lineEnd;
        return quote;
      }
      break;
    case 35 /* # */:
      {
        const heading = atxHeading(parser, at);
        if (heading !== undefined) return heading;
        break;
      }
    case 96 /* ` */:
    case 126 /* ~ */:
      {
        const fence = fencedCode(parser, at, code);
        if (fence !== undefined) return fence;
        break;
      }
    case 36 /* $ */:
      {
        const math = mathFence(parser, at);
        if (math !== undefined) return math;
        break;
      }
    case 60 /* < */:
      {
        const kind = htmlBlockStart(source, at, cursor.lineEnd);
        if (kind !== 0 && !(kind === 7 && interrupting)) {
          if (kind === 7 && !allMatched && parser.tip.kind === 'paragraph' && parser.endsWithLineEnding) {
            // On a lazy line, micromark lets a complete tag interrupt the paragraph, and the
            // block stays in the containers the line did not continue (unless the source ends
            // with it: the block is then over when the line is written, and they close).
            parser.finalize(parser.tip, false);
            parser.allClosed = true;
          } else parser.closeUnmatchedBlocks(false);
          // The block and its value start with the line's indentation.
          // (Past a tab its container consumed in part, as micromark points it.)
          const start = cursor.partiallyConsumedTab ? cursor.offset + 1 : cursor.offset;
          const html = parser.addChild(new Block('html', null, start, cursor.lineNumber));
          html.htmlKind = kind;
          return html;
        }
        break;
      }
    default:
      break;
  }
  if (interrupting && allMatched && (code === 61 || code === 45)) {
    const heading = setextHeading(parser, container, at, code);
    if (heading !== undefined) return heading;
  }
  if (code === 42 || code === 45 || code === 95) {
    const end = thematicBreakEnd(source, at, cursor.lineEnd, code);
    if (end !== -1) {
      parser.closeUnmatchedBlocks(false);
      const rule = parser.addChild(new Block('thematicBreak', null, at, cursor.lineNumber));
      rule.end = cursor.lineEnd;
      parser.finalize(rule, false);
      cursor.offset = cursor.lineEnd;
      parser.lineDone = true;
      return rule;
    }
  }
  const item = parser.containersDisabled
    ? undefined
    : listItem(parser, container, at, code, interrupting || parser.interruptsParagraph);
  if (item !== undefined) return item;
  if (code === 91 /* [ */ && source.charCodeAt(at + 1) === 94 /* ^ */ && !parser.containersDisabled) {
    const footnote = footnoteDefinition(parser, at);
    if (footnote !== undefined) return footnote;
  }
  if (interrupting && allMatched && (code === 124 || code === 58 || code === 45)) {
    const table = tableStart(parser, container, at);
    if (table !== undefined) return table;
  }
  return undefined;
}

function atxHeading(parser: BlockParser, at: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let index = at;
  while (index < end && source.charCodeAt(index) === 35) index++;
  const depth = index - at;
  if (depth > 6 || (index < end && !isSpaceOrTab(source.charCodeAt(index)))) return undefined;
  parser.closeUnmatchedBlocks(false);
  const heading = parser.addChild(new Block('heading', null, at, cursor.lineNumber));
  heading.depth = depth;
  while (index < end && isSpaceOrTab(source.charCodeAt(index))) index++;
  let textEnd = end;
  while (textEnd > index && isSpaceOrTab(source.charCodeAt(textEnd - 1))) textEnd--;
  // A closing sequence: `#`s after a space (or the whole text).
  let hashes = textEnd;
  while (hashes > index && source.charCodeAt(hashes - 1) === 35) hashes--;
  if (hashes < textEnd && (hashes === index || isSpaceOrTab(source.charCodeAt(hashes - 1)))) {
    textEnd = hashes;
    while (textEnd > index && isSpaceOrTab(source.charCodeAt(textEnd - 1))) textEnd--;
  }
  heading.textStart = index;
  heading.textEnd = textEnd;
  heading.end = end;
  parser.finalize(heading, false);
  cursor.offset = end;
  parser.lineDone = true;
  return heading;
}

function fencedCode(parser: BlockParser, at: number, fenceChar: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let index = at;
  while (index < end && source.charCodeAt(index) === fenceChar) index++;
  const length = index - at;
  if (length < 3) return undefined;
  if (fenceChar === 96)
    for (let rest = index; rest < end; rest++) if (source.charCodeAt(rest) === 96) return undefined;
  parser.closeUnmatchedBlocks(false);
  const block = parser.addChild(new Block('code', null, at, cursor.lineNumber));
  block.fenced = true;
  block.fenceChar = fenceChar;
  block.fenceLength = length;
  block.fenceIndent = cursor.indent;
  readInfo(parser, block, index);
  return block;
}

/** The info (or math meta) after a fence at `from`: its word and the rest, micromark's split. */
function readInfo(parser: BlockParser, block: Block, from: number): void {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let index = from;
  while (index < end && isSpaceOrTab(source.charCodeAt(index))) index++;
  block.infoStart = index;
  block.infoEnd = end;
  block.end = end;
  cursor.offset = end;
  parser.lineDone = true;
}

function mathFence(parser: BlockParser, at: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let index = at;
  while (index < end && source.charCodeAt(index) === 36) index++;
  const length = index - at;
  if (length < 2) return undefined;
  for (let rest = index; rest < end; rest++) if (source.charCodeAt(rest) === 36) return undefined;
  parser.closeUnmatchedBlocks(false);
  const block = parser.addChild(new Block('math', null, at, cursor.lineNumber));
  block.fenced = true;
  block.fenceChar = 36;
  block.fenceLength = length;
  block.fenceIndent = cursor.indent;
  readInfo(parser, block, index);
  return block;
}

function setextHeading(parser: BlockParser, paragraph: Block, at: number, code: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let index = at;
  while (index < end && source.charCodeAt(index) === code) index++;
  while (index < end && isSpaceOrTab(source.charCodeAt(index))) index++;
  if (index < end) return undefined;
  parser.closeUnmatchedBlocks(false);
  parser.readParagraphDefinitions(paragraph);
  if (paragraph.lines.length === 0) return undefined;
  const parent = paragraph.parent as Block;
  // The heading starts where the paragraph did, before its definitions (micromark's content).
  const heading = new Block('heading', parent, paragraph.start, paragraph.startLine);
  heading.depth = code === 61 ? 1 : 2;
  heading.lines = paragraph.lines;
  heading.lineNumbers = paragraph.lineNumbers;
  heading.end = end;
  heading.endLine = cursor.lineNumber;
  heading.open = false;
  parent.children[parent.children.indexOf(paragraph)] = heading;
  paragraph.open = false;
  parser.tip = parent;
  cursor.offset = end;
  parser.lineDone = true;
  return heading;
}

/** The end of a thematic break of `marker` starting at `at`, or -1. */
function thematicBreakEnd(source: string, at: number, end: number, marker: number): number {
  let count = 0;
  let last = at;
  for (let index = at; index < end; index++) {
    const code = source.charCodeAt(index);
    if (code === marker) {
      count++;
      last = index;
    } else if (!isSpaceOrTab(code)) return -1;
  }
  return count >= 3 ? last + 1 : -1;
}
