/**
 * A table (GitBook's `table` block): a header row of the column titles unless hidden, then
 * the records in their order, each cell the plain text of its value: a text cell its
 * fragment's text, a number, a checkbox as `[x]`/`[ ]`, a select its options' labels, a
 * reference what it names, files and images how many; inline math in a text cell typeset. Cards (the `cards` view) are drawn as
 * the same table, one card a row, their cover left out (a picture per row would not fit) and
 * their target named in a last column. Marks and links inside cells are not drawn: pdfkit's
 * table takes one style per cell. pdfkit's table lays out the columns and starts a new PDF
 * page between rows when needed.
 */
import type {
  DocumentBlock,
  DocumentBlockTable,
  DocumentInlineContent,
  DocumentTableDefinition,
  DocumentTableValue,
} from '@quire/documents';
import type { Column } from './draw-context';
import { plainTextOf } from './draw-inlines';
import { BLANK, drawMathOnBlanks, inlineMathOf, inlineMathSpacer, type PlacedMath } from './inline-math';
import { COLOR, FONT, SIZE } from './pdf-style';

export function drawTable(doc: PDFKit.PDFDocument, table: DocumentBlockTable, column: Column): void {
  const { view, records, definition } = table.data;
  const cards = view.type === 'cards';
  const shown = view.columns.filter(
    (id) =>
      !cards ||
      (id !== view.coverDefinition && id !== view.coverDefinitionDark && id !== view.targetDefinition),
  );
  const columns = cards && view.targetDefinition ? [...shown, view.targetDefinition] : shown;
  if (columns.length === 0) return;
  // A header of empty titles (GitBook's cards have none) is no header.
  const hideHeader =
    (view.type === 'grid' ? view.hideHeader : view.hideColumnTitle === true) ||
    columns.every((id) => (definition[id]?.title ?? '').trim() === '');
  const fragments = new Map(table.fragments.map((fragment) => [fragment.fragment, fragment.nodes]));
  // Inline math in a text cell is typeset as in a paragraph: a blank in the cell's text, the
  // formula drawn on it as pdfkit draws the cell (`drawMathOnBlanks`), at most a cell wide.
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
  const cellMath: CellMath = { doc, formulas: [], maxWidth: Math.max(column.width / columns.length - 8, 1) };
  const rows: PDFKit.Mixins.CellOptions[][] = [];
  if (!hideHeader) {
    rows.push(
      columns.map((id) => ({
        text: withoutBlanks(definition[id]?.title ?? ''),
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
      columns.map((id) => ({ text: cellText(record.values[id], definition[id], fragments, cellMath) })),
    );
  }
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
  drawMathOnBlanks(doc, cellMath.formulas, COLOR.text, () =>
    doc.table({
      position: { x: column.x, y: doc.y },
      maxWidth: column.width,
      defaultStyle: { border: 0.5, borderColor: COLOR.rule, padding: 4 },
      data: rows,
    }),
  );
  doc.x = column.x;
}

/** The formulas of the table's cells, in the order pdfkit draws them (row by row). */
interface CellMath {
  doc: PDFKit.PDFDocument;
  formulas: PlacedMath[];
  maxWidth: number;
}

/** A cell's own no-break spaces as spaces: its blanks stand for formulas only. */
const withoutBlanks = (text: string) => text.replaceAll(BLANK, ' ');

/** The text of inlines in a cell, each inline formula a blank noted in `cellMath`. */
function textOfInlines(inlines: readonly DocumentInlineContent[], cellMath: CellMath): string {
  let text = '';
  for (const inline of inlines) {
    if (inline.object === 'inline' && (inline.type === 'link' || inline.type === 'annotation')) {
      text += textOfInlines(inline.nodes, cellMath);
      continue;
    }
    const math =
      inline.object === 'inline' && inline.type === 'inline-math'
        ? inlineMathOf(inline.data.formula)
        : undefined;
    if (math === undefined) {
      text += withoutBlanks(plainTextOf([inline]));
      continue;
    }
    const spacer = inlineMathSpacer(cellMath.doc, math, SIZE.body, cellMath.maxWidth);
    // Two formulas side by side stay two blanks.
    if (text.endsWith(BLANK)) text += ' ';
    text += spacer.text;
    cellMath.formulas.push({ math, em: spacer.em });
  }
  return text;
}

/** The text of one cell, by its column's type. */
function cellText(
  value: DocumentTableValue | undefined,
  definition: DocumentTableDefinition | undefined,
  fragments: ReadonlyMap<string, readonly DocumentBlock[]>,
  cellMath: CellMath,
): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? '[x]' : '[ ]';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return definition === undefined || definition.type === 'text'
      ? textOfBlocks(fragments.get(value) ?? [], cellMath)
      : withoutBlanks(value);
  if (Array.isArray(value)) {
    if (definition?.type === 'select')
      return value
        .map((option) => definition.options?.find((each) => each.value === option)?.label ?? option)
        .join(', ');
    return value.length === 1 ? '1 file' : value.length + ' files';
  }
  switch (value.kind) {
    case 'url':
      return value.url;
    case 'page':
      return 'page';
    case 'anchor':
      return '#' + value.anchor;
    case 'file':
      return 'file';
    default:
      return value.kind;
  }
}

function textOfBlocks(blocks: readonly DocumentBlock[], cellMath: CellMath): string {
  return blocks
    .map((block) => (block.type === 'paragraph' ? textOfInlines(block.nodes, cellMath) : ''))
    .filter((text) => text !== '')
    .join('\n');
}
