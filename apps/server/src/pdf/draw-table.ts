/**
 * A grid table (GitBook's `table` block): a header row of the column titles unless hidden,
 * then the records in their order, each cell the plain text of its fragment. Marks and links
 * inside cells are not drawn: pdfkit's table takes one style per cell. pdfkit's table lays
 * out the columns and starts a new PDF page between rows when needed.
 */
import type { DocumentBlock, DocumentBlockTable } from '@quire/documents';
import type { Column } from './draw-context';
import { plainTextOf } from './draw-inlines';
import { COLOR, FONT, SIZE } from './pdf-style';

export function drawTable(doc: PDFKit.PDFDocument, table: DocumentBlockTable, column: Column): void {
  const { view, records, definition } = table.data;
  if (view.columns.length === 0) return;
  const fragments = new Map(table.fragments.map((fragment) => [fragment.fragment, fragment.nodes]));
  const rows: PDFKit.Mixins.CellOptions[][] = [];
  if (!view.hideHeader) {
    rows.push(
      view.columns.map((id) => ({
        text: definition[id]?.title ?? '',
        font: { src: FONT.bold },
        backgroundColor: COLOR.codeBackground,
      })),
    );
  }
  const ordered = Object.values(records).sort((a, b) =>
    a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0,
  );
  for (const record of ordered) {
    rows.push(
      view.columns.map((id) => {
        const name = record.values[id];
        return { text: name ? textOfBlocks(fragments.get(name) ?? []) : '' };
      }),
    );
  }
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
  doc.table({
    position: { x: column.x, y: doc.y },
    maxWidth: column.width,
    defaultStyle: { border: 0.5, borderColor: COLOR.rule, padding: 4 },
    data: rows,
  });
  doc.x = column.x;
}

function textOfBlocks(blocks: readonly DocumentBlock[]): string {
  return blocks
    .map((block) => (block.type === 'paragraph' ? plainTextOf(block.nodes) : ''))
    .filter((text) => text !== '')
    .join('\n');
}
