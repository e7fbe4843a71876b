import type { BlockContent, Paragraph, PhrasingContent } from 'mdast';
import { imageRefFromUrl, linkRefFromUrl, urlOfRef } from './content-ref';
import { childKey, paragraphOf } from './document-nodes';
import type {
  DocumentBlock,
  DocumentBlockTable,
  DocumentFragment,
  DocumentTableDefinition,
  DocumentTableValue,
} from './document-types';
import {
  type GitbookTable,
  type GitbookTableCell,
  type GitbookTableColumn,
  type GitbookTableRow,
  maxListDepth,
} from './gitbook-html-table';
import { gitbookTableHtml, isOneHtmlBlock } from './gitbook-html-table-print';
import type { BlockReader } from './gitbook-to-document';
import type { BlockWriter } from './gitbook-to-markdown';

/**
 * GitBook's table written as HTML (`gitbookTable`, `gitbook-html-table.ts`) <-> the document's
 * table block, GitBook's model: one definition per column, one record per row, each text
 * cell a fragment of blocks named by its record and column (`r0c1`), as `to-document.ts`
 * names the cells of a GFM table.
 *
 * - a grid: its columns' widths (`width` -> `view.columnWidths`), alignment (`align` ->
 *   `textAlignment`) and vertical alignment (`valign` -> `verticalAlignment`), columns out of
 *   the view (`data-hidden`), `data-full-width` (`fullWidth`), `data-search` (`search`),
 *   `data-header-hidden` (`hideHeader`);
 * - cards: as `cardsTableOf` reads them (`data-type`, `data-card-target`, covers), their text
 *   cells holding blocks (a card's title as a heading), `data-card-wrap` (`wrap`);
 * - in both, select columns: the header's `<select multiple>` options (`type: 'select'`,
 *   `multiple`, `options`), each cell's chosen values (`values[column]`: the options' values).
 *
 * Written back as HTML only when GitBook would (`gitbookTableOfBlock`): a grid cell holding
 * more than one line of text, or a grid field a GFM table has no place for; a cards cell
 * holding more than paragraphs. Otherwise the table's usual printers write it (a GFM table,
 * `cardsHtml`), so tables read as before are written as before.
 */

const columnTypes = new Set(['text', 'content-ref', 'files', 'image', 'number', 'checkbox']);
// A select column is told by the <select> in its header, in a grid or cards alike.
const tableAttributes = new Set([
  'data-view',
  'data-card-size',
  'data-column-title-hidden',
  'data-full-width',
  'data-header-hidden',
  'data-search',
  'data-card-wrap',
]);
const alignments = new Set(['left', 'center', 'right']);
const verticalAlignments = new Set(['top', 'middle', 'bottom']);

/** Only the given fields, those present. */
function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

function flag(value: string | undefined): boolean | undefined | null {
  return value === undefined ? undefined : value === 'true' ? true : value === 'false' ? false : null;
}

/** A cell's text when it is one paragraph of text only (or empty). */
function plainTextOfCell(cell: GitbookTableCell): string | undefined {
  const [only, ...rest] = cell.children;
  if (only === undefined) return '';
  if (rest.length > 0 || only.type !== 'paragraph') return undefined;
  let text = '';
  for (const node of only.children) {
    if (node.type !== 'text') return undefined;
    text += node.value;
  }
  return text.trim();
}

/** The links' targets of a cell of one paragraph of links (whitespace between them). */
function linksOfCell(cell: GitbookTableCell): string[] | undefined {
  const [only, ...rest] = cell.children;
  if (only === undefined) return [];
  if (rest.length > 0 || only.type !== 'paragraph') return undefined;
  const urls: string[] = [];
  for (const node of only.children) {
    if (node.type === 'link') urls.push(node.url);
    else if (node.type !== 'text' || node.value.trim() !== '') return undefined;
  }
  return urls;
}

function columnDefinition(
  id: string,
  column: GitbookTableColumn,
  title: string,
): DocumentTableDefinition | undefined {
  const { attributes } = column;
  if (column.select !== undefined) {
    if (
      attributes['data-type'] !== undefined ||
      attributes.align !== undefined ||
      attributes.valign !== undefined
    )
      return undefined;
    return {
      id,
      title,
      type: 'select',
      multiple: column.select.multiple,
      options: column.select.options.map((option) => ({ ...option })),
    };
  }
  const type = attributes['data-type'] ?? 'text';
  if (!columnTypes.has(type)) return undefined;
  const align = attributes.align ?? 'left';
  const valign = attributes.valign;
  if (!alignments.has(align) || (valign !== undefined && !verticalAlignments.has(valign))) return undefined;
  if (type !== 'text') {
    if (attributes.align !== undefined || valign !== undefined) return undefined;
    return { id, title, type } as DocumentTableDefinition;
  }
  return {
    id,
    title,
    type: 'text',
    textAlignment: align as 'left' | 'center' | 'right',
    ...(valign === undefined ? {} : { verticalAlignment: valign as 'top' | 'middle' | 'bottom' }),
  };
}

/** The document's table of a `gitbookTable`, or undefined when it does not fit the model (kept as text). */
export function tableOfGitbookTable(
  table: GitbookTable,
  key: string,
  reader: BlockReader,
  context: unknown,
): DocumentBlockTable | undefined {
  const { attributes } = table;
  if (!Object.keys(attributes).every((name) => tableAttributes.has(name))) return undefined;
  const cards = attributes['data-view'] !== undefined;
  if (cards && attributes['data-view'] !== 'cards') return undefined;
  const fullWidth = flag(attributes['data-full-width']);
  const search = flag(attributes['data-search']);
  const wrap = flag(attributes['data-card-wrap']);
  const cardSize = attributes['data-card-size'];
  if (
    fullWidth === null ||
    search === null ||
    wrap === null ||
    (!cards && wrap !== undefined) ||
    (cards && search !== undefined) ||
    (cards ? fullWidth !== undefined || attributes['data-header-hidden'] !== undefined : false) ||
    (!cards && (cardSize !== undefined || attributes['data-column-title-hidden'] !== undefined)) ||
    (cardSize !== undefined && cardSize !== 'large' && cardSize !== 'medium')
  )
    return undefined;

  const ids = table.columns.map((_, index) => 'c' + index);
  const definition: Record<string, DocumentTableDefinition> = {};
  const viewColumns: string[] = [];
  const columnWidths: Record<string, number> = {};
  let target: string | undefined;
  let cover: string | undefined;
  let coverDark: string | undefined;
  for (const [index, column] of table.columns.entries()) {
    const id = ids[index]!;
    const title = reader.plainTextOf(reader.inlinesOf(column.title, childKey(key, id), context));
    const made = columnDefinition(id, column, title);
    if (made === undefined) return undefined;
    definition[id] = made;
    const a = column.attributes;
    if (a['data-hidden'] === undefined) viewColumns.push(id);
    else if (a['data-hidden'] !== '') return undefined;
    if (a.width !== undefined) {
      const width = Number(a.width);
      if (cards || a.width.trim() === '' || !Number.isFinite(width) || width < 0) return undefined;
      columnWidths[id] = width;
    }
    const known = cards
      ? ['data-hidden', 'data-type', 'data-card-target', 'data-card-cover', 'data-card-cover-dark']
      : ['data-hidden', 'data-type', 'width', 'align', 'valign'];
    if (!Object.keys(a).every((name) => known.includes(name))) return undefined;
    if (a['data-card-target'] !== undefined) target ??= id;
    if (a['data-card-cover'] !== undefined) cover ??= id;
    if (a['data-card-cover-dark'] !== undefined) coverDark ??= id;
  }

  const records: DocumentBlockTable['data']['records'] = {};
  const fragments: DocumentFragment[] = [];
  for (const [rowIndex, row] of table.children.entries()) {
    const recordId = 'r' + rowIndex;
    const values: Record<string, DocumentTableValue> = {};
    for (const [columnIndex, cell] of row.children.entries()) {
      const id = ids[columnIndex]!;
      const type = definition[id]!.type;
      if (type === 'select') {
        if (cell.options === undefined) return undefined;
        values[id] = [...cell.options];
        continue;
      }
      if (type === 'text') {
        const name = recordId + id;
        const fragmentKey = childKey(key, name);
        const nodes =
          cell.children.length === 0
            ? [paragraphOf(childKey(fragmentKey, 0), [])]
            : reader.blocksOf(cell.children, 'listItem', fragmentKey, context);
        fragments.push({ object: 'fragment', key: fragmentKey, fragment: name, nodes });
        values[id] = name;
        continue;
      }
      if (type === 'number' || type === 'checkbox') {
        const text = plainTextOfCell(cell);
        if (text === undefined) return undefined;
        // GitBook's export writes a number cell without a value as `null` (its JSON, printed).
        if (text === '' || (type === 'number' && text === 'null')) values[id] = null;
        else if (type === 'number' && Number.isFinite(Number(text))) values[id] = Number(text);
        else if (type === 'checkbox' && (text === 'true' || text === 'false')) values[id] = text === 'true';
        else return undefined;
        continue;
      }
      const urls = linksOfCell(cell);
      if (urls === undefined || (type !== 'files' && urls.length > 1)) return undefined;
      if (urls.length === 0) values[id] = null;
      else if (type === 'content-ref') values[id] = linkRefFromUrl(urls[0]!);
      else if (type === 'image') values[id] = imageRefFromUrl(urls[0]!);
      else {
        const files = urls.map(imageRefFromUrl);
        if (files.some((file) => file.kind !== 'file')) return undefined;
        values[id] = files.map((file) => (file as { file: string }).file);
      }
    }
    records[recordId] = { orderIndex: String(rowIndex).padStart(6, '0'), values };
  }

  const view: DocumentBlockTable['data']['view'] = cards
    ? {
        type: 'cards',
        cardSize: cardSize === 'large' ? 'large' : 'medium',
        columns: viewColumns,
        ...defined({
          targetDefinition: target,
          coverDefinition: cover,
          coverDefinitionDark: coverDark,
          hideColumnTitle: attributes['data-column-title-hidden'] === undefined ? undefined : true,
          wrap,
        }),
      }
    : {
        type: 'grid',
        columns: viewColumns,
        hideHeader: attributes['data-header-hidden'] !== undefined,
        ...(Object.keys(columnWidths).length === 0 ? {} : { columnWidths }),
      };
  return {
    object: 'block',
    type: 'table',
    key,
    isVoid: true,
    data: {
      view,
      records,
      definition,
      ...(fullWidth === undefined ? {} : { fullWidth }),
      ...(search === undefined ? {} : { search }),
    },
    fragments,
  };
}

// ---------------------------------------------------------------------------------------
// Document -> markdown.

/** Whether mdast blocks are those the HTML table holds (paragraphs, headings, lists, code). */
function fitsCell(blocks: readonly BlockContent[], depth: number): boolean {
  return blocks.every((block) => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        return true;
      case 'code':
        return block.meta === null || block.meta === undefined;
      case 'list':
        return (
          depth < maxListDepth &&
          block.children.every((item) => fitsCell(item.children as BlockContent[], depth + 1))
        );
      default:
        return false;
    }
  });
}

/** A cell GitBook writes in a GFM table: one paragraph on one line (or nothing). */
function isOneLine(nodes: readonly DocumentBlock[]): boolean {
  if (nodes.length > 1) return false;
  const [only] = nodes;
  return only === undefined || (only.type === 'paragraph' && !JSON.stringify(only.nodes).includes('\\n'));
}

/**
 * Code whose text has a backslash right before a pipe: a GFM table cannot hold it. In a
 * table, `\|` in a code span reads as `|`, and `\\|` ends the cell (the cell splitter takes
 * `\\` as one escape, then the pipe): GitBook's HTML table holds it as it is.
 */
function holdsCodeBeforePipe(nodes: readonly unknown[]): boolean {
  return nodes.some((node) => {
    if (typeof node !== 'object' || node === null) return false;
    const { leaves, nodes: children } = node as { leaves?: unknown; nodes?: unknown };
    if (Array.isArray(leaves)) {
      for (const leaf of leaves as Array<{ text?: unknown; marks?: Array<{ type?: unknown }> }>) {
        const isCode = leaf.marks?.some((mark) => mark.type === 'code') === true;
        if (isCode && typeof leaf.text === 'string' && leaf.text.includes('\\|')) return true;
      }
    }
    return Array.isArray(children) && holdsCodeBeforePipe(children);
  });
}

/** A cards cell `cardsHtml` writes: paragraphs only. */
const isParagraphs = (nodes: readonly DocumentBlock[]) => nodes.every((node) => node.type === 'paragraph');

function linkTo(url: string): PhrasingContent {
  return { type: 'link', url, title: null, children: [{ type: 'text', value: url }] };
}

/** A cards cell of another type than text, as `cardsHtml` writes it. */
function valueCell(
  value: DocumentTableValue | undefined,
  type: DocumentTableDefinition['type'],
): BlockContent[] {
  if (value === undefined || value === null) return [];
  let phrasing: PhrasingContent[];
  if (type === 'number' || type === 'checkbox') phrasing = [{ type: 'text', value: String(value) }];
  else if (type === 'files')
    phrasing = Array.isArray(value) ? value.map((file) => linkTo('/files/' + file)) : [];
  else
    phrasing = typeof value === 'object' && !Array.isArray(value) ? [linkTo(urlOfRef(value as never))] : [];
  return phrasing.length === 0 ? [] : [{ type: 'paragraph', children: phrasing } satisfies Paragraph];
}

/**
 * The table as GitBook's HTML when GitBook writes it so (see the module's comment), else
 * undefined: the caller writes it as a GFM table or `cardsHtml`. Also undefined when a cell
 * holds a block the HTML has no form for, or when the HTML would not read back as one block.
 */
export function gitbookTableOfBlock(
  table: DocumentBlockTable,
  writer: BlockWriter,
): GitbookTable | undefined {
  const { view, definition, records } = table.data;
  const cards = view.type === 'cards';
  const fragments = new Map((table.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const visible = view.columns.filter((id) => definition[id] !== undefined);
  const hidden = Object.keys(definition).filter((id) => !visible.includes(id));
  const ids = [...visible, ...hidden];
  const textNodes = Object.values(records).flatMap((record) =>
    ids.flatMap((id) => {
      const name = record.values[id];
      return definition[id]!.type === 'text' && typeof name === 'string'
        ? [fragments.get(name)?.nodes ?? []]
        : [];
    }),
  );
  const widths = view.type === 'grid' ? (view.columnWidths ?? {}) : {};
  const needsHtml = cards
    ? textNodes.some((nodes) => !isParagraphs(nodes)) ||
      ids.some((id) => definition[id]!.type === 'select') ||
      view.wrap !== undefined
    : textNodes.some((nodes) => !isOneLine(nodes) || holdsCodeBeforePipe(nodes)) ||
      hidden.length > 0 ||
      Object.keys(widths).length > 0 ||
      table.data.fullWidth !== undefined ||
      table.data.search !== undefined ||
      view.hideHeader === true ||
      ids.some((id) => {
        const column = definition[id]!;
        return column.type !== 'text' || column.verticalAlignment !== undefined;
      });
  if (!needsHtml || ids.length === 0) return undefined;

  const columns: GitbookTableColumn[] = ids.map((id) => {
    const column = definition[id]!;
    // In GitBook's order: a grid's width and alignments, then the data attributes.
    const attributes: Record<string, string> = {};
    if (view.type === 'grid') {
      const width = widths[id];
      if (width !== undefined) attributes.width = String(width);
      if (column.type === 'text' && column.textAlignment !== 'left') attributes.align = column.textAlignment;
      if (column.type === 'text' && column.verticalAlignment !== undefined)
        attributes.valign = column.verticalAlignment;
    }
    if (hidden.includes(id)) attributes['data-hidden'] = '';
    if (view.type === 'cards') {
      if (view.targetDefinition === id) attributes['data-card-target'] = '';
      if (view.coverDefinition === id) attributes['data-card-cover'] = '';
      if (view.coverDefinitionDark === id) attributes['data-card-cover-dark'] = '';
    }
    if (column.type !== 'text' && column.type !== 'select') attributes['data-type'] = column.type;
    const title = column.title.replace(/[\r\n]+/g, ' ');
    const select =
      column.type === 'select'
        ? {
            multiple: column.multiple === true,
            options: (column.options ?? []).map((option) => ({ ...option })),
          }
        : undefined;
    return {
      attributes,
      title: title === '' ? [] : [{ type: 'text', value: title }],
      ...(select === undefined ? {} : { select }),
    };
  });

  const rows: GitbookTableRow[] = [];
  const sorted = Object.entries(records).sort(([idA, a], [idB, b]) =>
    a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0,
  );
  for (const [, record] of sorted) {
    const cells: GitbookTableCell[] = [];
    for (const id of ids) {
      const column = definition[id]!;
      const value = record.values[id];
      let blocks: BlockContent[];
      if (column.type === 'select') {
        const chosen = Array.isArray(value) ? value.filter((option) => typeof option === 'string') : [];
        cells.push({ type: 'gitbookTableCell', children: [], options: chosen });
        continue;
      }
      if (column.type === 'text') {
        const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
        blocks = writer.flowOf(fragment?.nodes ?? []);
        if (!fitsCell(blocks, 0)) return undefined;
      } else blocks = valueCell(value, column.type);
      cells.push({ type: 'gitbookTableCell', children: blocks });
    }
    rows.push({ type: 'gitbookTableRow', children: cells });
  }

  const attributes: Record<string, string> = {};
  if (view.type === 'cards') {
    if (view.cardSize === 'large') attributes['data-card-size'] = 'large';
    if (view.wrap !== undefined) attributes['data-card-wrap'] = String(view.wrap);
    attributes['data-view'] = 'cards';
    if (view.hideColumnTitle) attributes['data-column-title-hidden'] = '';
  } else {
    if (table.data.fullWidth !== undefined) attributes['data-full-width'] = String(table.data.fullWidth);
    if (table.data.search !== undefined) attributes['data-search'] = String(table.data.search);
    if (view.hideHeader) attributes['data-header-hidden'] = '';
  }
  const html: GitbookTable = { type: 'gitbookTable', attributes, columns, children: rows };
  return isOneHtmlBlock(gitbookTableHtml(html)) ? html : undefined;
}
