/**
 * Whether a line continues an open block (the first step of each line in `block-parser.ts`),
 * taking the block's prefix off the line: a block quote's `>` and one space, a list item's
 * indent (up to it on a blank line, as micromark's `listItemIndent`), a footnote definition's
 * 4 columns, an indented code's 4 columns, a fence's own indentation (and a closing fence
 * ends the block). Paragraphs and tables end at a blank line, HTML of conditions 6 and 7 too.
 */
import type { BlockParser } from './block-parser';
import type { Block } from './blocks';
import { isSpaceOrTab } from './line-cursor';

/** 0: the line continues `block`; 1: it does not; 2: it closed `block` and is done. */
export function continueBlock(parser: BlockParser, block: Block): number {
  const cursor = parser.cursor;
  const source = parser.source;
  switch (block.kind) {
    case 'blockquote': {
      if (!cursor.indented && source.charCodeAt(cursor.nextNonspace) === 62 && !cursor.blank) {
        cursor.advanceNextNonspace();
        cursor.advanceOffset(1, false);
        if (isSpaceOrTab(cursor.peek(cursor.offset))) cursor.advanceOffset(1, true);
        block.end = cursor.lineEnd;
        block.endLine = cursor.lineNumber;
        cursor.findNextNonspace();
        if (cursor.blank) {
          block.blankLine = cursor.lineNumber;
          block.blankEnd = cursor.lineEnd;
        }
        return 0;
      }
      return 1;
    }
    case 'list':
      return 0;
    case 'listItem': {
      if (cursor.blank) {
        if (block.children.length === 0 && block.startedBlank) {
          // micromark then reads the next line as lazy (an indented code there ends on it).
          parser.lazyNextLine = cursor.lineNumber + 1;
          return 1;
        }
        // Up to the item's indent (micromark's `listItemIndent`): a fence inside keeps the rest.
        cursor.advanceOffset(Math.min(cursor.indent, block.contentIndent), true);
        return 0;
      }
      if (cursor.indent >= block.contentIndent) {
        cursor.advanceOffset(block.contentIndent, true);
        return 0;
      }
      return 1;
    }
    case 'footnoteDefinition': {
      if (cursor.blank) return 0;
      if (cursor.indent >= 4) {
        cursor.advanceOffset(4, true);
        parser.footnoteIndented = block;
        return 0;
      }
      // micromark checks the last token for the 4 columns: a definition right inside another
      // with no indent of its own on the line reads the outer one's indent as its own (and
      // one inside it too: the last token is still that indent).
      if (
        cursor.indent === 0 &&
        parser.footnoteIndented !== undefined &&
        parser.footnoteIndented === block.parent
      ) {
        parser.footnoteIndented = block;
        return 0;
      }
      return 1;
    }
    case 'code':
    case 'math': {
      if (block.fenced) {
        if (!cursor.indented && !cursor.blank && closesFence(parser, block)) {
          block.closed = true;
          block.end = cursor.lineEnd;
          block.endLine = cursor.lineNumber;
          parser.finalize(block, false);
          return 2;
        }
        let columns = block.fenceIndent;
        while (columns > 0 && isSpaceOrTab(cursor.peek(cursor.offset))) {
          cursor.advanceOffset(1, true);
          columns--;
        }
        return 0;
      }
      // Started on a lazy line, it ends there (micromark checks the line it leaves).
      if (block.startedLazy) return 1;
      if (cursor.indent >= 4) {
        cursor.advanceOffset(4, true);
        return 0;
      }
      if (cursor.blank) {
        cursor.advanceNextNonspace();
        parser.shortBlankLine = true;
        return 0;
      }
      return 1;
    }
    case 'html':
      return cursor.blank && (block.htmlKind === 6 || block.htmlKind === 7) ? 1 : 0;
    case 'paragraph':
      return cursor.blank ? 1 : 0;
    case 'table':
      return cursor.blank ? 1 : 0;
    default:
      return 1;
  }
}

/** A closing fence: as many fence characters as the opening one or more, then only spaces. */
function closesFence(parser: BlockParser, block: Block): boolean {
  const cursor = parser.cursor;
  const source = parser.source;
  let index = cursor.nextNonspace;
  let count = 0;
  while (index < cursor.lineEnd && source.charCodeAt(index) === block.fenceChar) {
    index++;
    count++;
  }
  if (count < block.fenceLength) return false;
  while (index < cursor.lineEnd && isSpaceOrTab(source.charCodeAt(index))) index++;
  return index === cursor.lineEnd;
}
