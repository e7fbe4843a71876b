import type { BlockContent, ListItem } from 'mdast';
import {
  cellAttributesOf,
  chosenLabel,
  type GitbookSelect,
  type GitbookTable,
  type GitbookTableCell,
  type GitbookTableColumn,
} from './gitbook-html-table';
import { attributesText, escapeHtmlAttribute, escapeHtmlText, htmlOfPhrasing } from './gitbook-phrasing-html';

/**
 * `gitbookTable` (`gitbook-html-table.ts`) printed as GitBook writes it: the whole table on
 * one line but for the lines of code blocks, a cell of one paragraph as its inline HTML, a
 * cell of several blocks as `<p>`, `<ul>`/`<ol>`, `<pre><code>` and `<hN>` elements, each cell
 * with its column's `align`/`valign`. Only what the reader accepts is written, every value
 * escaped; read again, it gives the same node.
 */

function blockHtml(block: BlockContent): string {
  switch (block.type) {
    case 'paragraph':
      return '<p>' + htmlOfPhrasing(block.children) + '</p>';
    case 'heading':
      return '<h' + block.depth + '>' + htmlOfPhrasing(block.children) + '</h' + block.depth + '>';
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.children.map(
        (item: ListItem) => '<li>' + cellHtml(item.children as BlockContent[]) + '</li>',
      );
      return '<' + tag + '>' + items.join('') + '</' + tag + '>';
    }
    case 'code': {
      const language = block.lang ? escapeHtmlAttribute(block.lang) : undefined;
      return (
        (language === undefined
          ? '<pre><code>'
          : `<pre class="language-${language}"><code class="lang-${language}">`) +
        escapeHtmlText(block.value) +
        '\n</code></pre>'
      );
    }
    default:
      // The reader gives no other block; a writer that does gets its text, never raw HTML.
      return '<p>' + escapeHtmlText('value' in block ? String(block.value) : '') + '</p>';
  }
}

/** A cell's (or list item's) blocks: one paragraph as its inline HTML, else each block's element. */
export function cellHtml(blocks: readonly BlockContent[]): string {
  const [only, ...rest] = blocks;
  if (only === undefined) return '';
  if (rest.length === 0 && only.type === 'paragraph') return htmlOfPhrasing(only.children);
  return blocks.map(blockHtml).join('');
}

function selectHtml(select: GitbookSelect): string {
  const options = select.options.map(
    (option) =>
      '<option value="' +
      escapeHtmlAttribute(option.value) +
      '" label="' +
      escapeHtmlAttribute(option.label) +
      '" color="' +
      escapeHtmlAttribute(option.color) +
      '"></option>',
  );
  return (select.multiple ? '<select multiple>' : '<select>') + options.join('') + '</select>';
}

function headCell(column: GitbookTableColumn): string {
  return (
    '<th' +
    attributesText(column.attributes) +
    '>' +
    htmlOfPhrasing(column.title) +
    (column.select === undefined ? '' : selectHtml(column.select)) +
    '</th>'
  );
}

function cellContentHtml(cell: GitbookTableCell, column: GitbookTableColumn | undefined): string {
  const { options } = cell;
  if (options === undefined || column?.select === undefined) return cellHtml(cell.children);
  const labels = new Map(column.select.options.map((option) => [option.value, option.label]));
  return options
    .map(
      (value, index) =>
        '<span data-option="' +
        escapeHtmlAttribute(value) +
        '">' +
        escapeHtmlText(chosenLabel(labels.get(value) ?? value, index, options.length)) +
        '</span>',
    )
    .join('');
}

export function gitbookTableHtml(table: Omit<GitbookTable, 'type'>): string {
  const head = '<thead><tr>' + table.columns.map(headCell).join('') + '</tr></thead>';
  const cellOpenings = table.columns.map((column) => '<td' + attributesText(cellAttributesOf(column)) + '>');
  const rows = table.children
    .map(
      (row) =>
        '<tr>' +
        row.children
          .map(
            (cell, index) =>
              (cellOpenings[index] ?? '<td>') + cellContentHtml(cell, table.columns[index]) + '</td>',
          )
          .join('') +
        '</tr>',
    )
    .join('');
  return '<table' + attributesText(table.attributes) + '>' + head + '<tbody>' + rows + '</tbody></table>';
}

/**
 * Whether the printed table reads back as one html block: a blank line (in a code block's
 * text, say) would end it there. A writer with such content writes the table otherwise.
 */
export function isOneHtmlBlock(html: string): boolean {
  return !/\n[ \t]*(?:\n|$)/.test(html);
}
