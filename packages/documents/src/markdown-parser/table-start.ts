/**
 * A GFM table's start, at its delimiter row: the paragraph's last line is the head row if its
 * cell count is the delimiter row's (micromark-extension-gfm-table, which lets a table
 * interrupt a paragraph); the lines before stay a paragraph.
 */
import type { BlockParser } from './block-parser';
import { Block, type ContentLine } from './blocks';
import { delimiterRow, headRowSize } from './gfm-table';

/** Columns of a paragraph line's own indentation (past its containers' prefix, a split tab's included). */
function indentColumns(source: string, line: ContentLine): number {
  const from = line.rawStart ?? line.start;
  let lineStart = from;
  while (lineStart > 0 && source.charCodeAt(lineStart - 1) !== 10 && source.charCodeAt(lineStart - 1) !== 13)
    lineStart--;
  let column = 0;
  let columns = line.rawPad ?? 0;
  for (let at = lineStart; at < line.start; at++) {
    const width = source.charCodeAt(at) === 9 ? 4 - (column % 4) : 1;
    column += width;
    if (at >= from) columns += width;
  }
  return columns;
}

export function tableStart(parser: BlockParser, paragraph: Block, at: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const aligns = delimiterRow(source, at, cursor.lineEnd);
  if (aligns === undefined) return undefined;
  const head = paragraph.lines[paragraph.lines.length - 1];
  if (head === undefined || headRowSize(source, head.start, head.end) !== aligns.length) return undefined;
  // A paragraph's later line indented 4 columns or more continues it without trying what
  // could interrupt it (micromark's content continuation): no table starts there.
  if (paragraph.lines.length > 1 && indentColumns(source, head) >= 4) return undefined;
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
