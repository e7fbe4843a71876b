/**
 * A code block: its title if any, then its lines in Courier on a light background, tabs as four spaces, long lines
 * wrapped. The background's height must be known before the text is drawn over it, so the
 * lines are measured first and drawn in chunks, one per PDF page the block spans.
 */
import type { DocumentBlockCode } from '@quire/documents';
import type { Column } from './draw-context';
import { COLOR, FONT, GAP, SIZE } from './pdf-style';

export function drawCode(doc: PDFKit.PDFDocument, code: DocumentBlockCode, column: Column): void {
  const lines = code.nodes.map((line) =>
    line.nodes
      .flatMap((text) => text.leaves.map((leaf) => leaf.text))
      .join('')
      .replaceAll('\t', '    '),
  );
  // GitBook's code title (a file name, most often) above the block, in the code font.
  const title = code.data.title?.trim();
  if (title) {
    doc.font(FONT.codeBold).fontSize(SIZE.code).fillColor(COLOR.muted);
    if (doc.y + 3 * doc.currentLineHeight(true) > doc.page.maxY()) doc.addPage();
    doc.text(title, column.x, doc.y, { width: column.width });
    doc.y += GAP.tight / 2;
  }
  doc.font(FONT.code).fontSize(SIZE.code);
  const textWidth = column.width - 2 * GAP.padding;
  const heights = lines.map((line) => doc.heightOfString(line === '' ? ' ' : line, { width: textWidth }));
  let next = 0;
  while (next < lines.length) {
    const firstHeight = heights[next] ?? 0;
    if (doc.y + firstHeight + 2 * GAP.padding > doc.page.maxY() && doc.y > doc.page.margins.top)
      doc.addPage();
    const top = doc.y;
    const room = doc.page.maxY() - top - 2 * GAP.padding;
    let end = next;
    let height = 0;
    // At least one line per chunk, even one taller than a page (pdfkit then wraps it on).
    while (end < lines.length && (end === next || height + (heights[end] ?? 0) <= room)) {
      height += heights[end] ?? 0;
      end += 1;
    }
    doc
      .save()
      .rect(column.x, top, column.width, height + 2 * GAP.padding)
      .fill(COLOR.codeBackground)
      .restore();
    doc.font(FONT.code).fontSize(SIZE.code).fillColor(COLOR.text);
    let y = top + GAP.padding;
    for (let index = next; index < end; index += 1) {
      doc.text(lines[index] || ' ', column.x + GAP.padding, y, { width: textWidth });
      y += heights[index] ?? 0;
    }
    doc.y = top + height + 2 * GAP.padding;
    next = end;
    if (next < lines.length) doc.addPage();
  }
}
