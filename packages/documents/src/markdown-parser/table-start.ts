/**
 * A GFM table's start, at its delimiter row: the paragraph's last line is the head row if its
 * cell count is the delimiter row's (micromark-extension-gfm-table, which lets a table
 * interrupt a paragraph); the lines before stay a paragraph.
 */
import type { BlockParser } from './block-parser';
import { Block } from './blocks';
import { delimiterRow, headRowSize } from './gfm-table';

export function tableStart(parser: BlockParser, paragraph: Block, at: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const aligns = delimiterRow(source, at, cursor.lineEnd);
  if (aligns === undefined) return undefined;
  const head = paragraph.lines[paragraph.lines.length - 1];
  if (head === undefined || headRowSize(source, head.start, head.end) !== aligns.length) return undefined;
  const headLine = paragraph.lineNumbers[paragraph.lineNumbers.length - 1] as number;
  // Right after a table's row, micromark's table reads a body row, which a lazy line is not.
  if (headLine === parser.lastTableRowLine + 1) return undefined;
  paragraph.lines.pop();
  paragraph.lineNumbers.pop();
  const parent = paragraph.parent as Block;
  if (paragraph.lines.length === 0) {
    parent.children.pop();
    paragraph.open = false;
    parser.tip = parent;
  } else {
    const last = paragraph.lines[paragraph.lines.length - 1] as { end: number };
    paragraph.end = last.end;
    paragraph.endLine = paragraph.lineNumbers[paragraph.lineNumbers.length - 1] as number;
    parser.finalize(paragraph, false);
  }
  const table = parser.addChild(new Block('table', null, head.start, headLine));
  table.align = aligns;
  const row = new Block('table', table, head.start, headLine);
  row.open = false;
  row.lines.push({ start: head.start, end: head.end, pad: 0 });
  row.end = head.end;
  table.children.push(row);
  table.end = cursor.lineEnd;
  table.endLine = cursor.lineNumber;
  cursor.offset = cursor.lineEnd;
  parser.lineDone = true;
  return table;
}
