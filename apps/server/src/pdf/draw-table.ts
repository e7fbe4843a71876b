/**
 * A table (GitBook's `table` block): a header row of the column titles unless hidden, then
 * the records in their order, each cell the plain text of its value: a text cell its
 * fragment's text, a number, a checkbox as `[x]`/`[ ]`, a select its options' labels, a
 * reference what it names, files and images how many. Cards (the `cards` view) are drawn as
 * the same table, one card a row, their cover left out (a picture per row would not fit) and
 * their target named in a last column. Marks and links inside cells are not drawn: pdfkit's
 * table takes one style per cell. pdfkit's table lays out the columns and starts a new PDF
 * page between rows when needed.
 */
import type {
  DocumentBlock,
  DocumentBlockTable,
  DocumentTableDefinition,
  DocumentTableValue,
} from '@quire/documents';
import type { Column } from './draw-context';
import { plainTextOf } from './draw-inlines';
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
  const rows: PDFKit.Mixins.CellOptions[][] = [];
  if (!hideHeader) {
    rows.push(
      columns.map((id) => ({
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
    rows.push(columns.map((id) => ({ text: cellText(record.values[id], definition[id], fragments) })));
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

/** The text of one cell, by its column's type. */
function cellText(
  value: DocumentTableValue | undefined,
  definition: DocumentTableDefinition | undefined,
  fragments: ReadonlyMap<string, readonly DocumentBlock[]>,
): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? '[x]' : '[ ]';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return definition === undefined || definition.type === 'text'
      ? textOfBlocks(fragments.get(value) ?? [])
      : value;
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

function textOfBlocks(blocks: readonly DocumentBlock[]): string {
  return blocks
    .map((block) => (block.type === 'paragraph' ? plainTextOf(block.nodes) : ''))
    .filter((text) => text !== '')
    .join('\n');
}
