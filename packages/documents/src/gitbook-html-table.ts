import type {
  BlockContent,
  Code,
  Heading,
  List,
  ListItem,
  Node,
  Paragraph,
  Parent,
  PhrasingContent,
} from 'mdast';
import {
  attributesOf,
  cellsOf,
  type Element,
  type ElementContent,
  elementsOf,
  onlyAttributes,
  parseHtml,
  phrasingOfHtml,
} from './gitbook-html';
import type { Hint } from './hint-syntax';

/**
 * GitBook's table written as HTML because a cell holds blocks (GitBook's cells are fragments
 * of blocks; it writes `<table>` in HTML when one holds more than a line of text):
 *
 * ```html
 * <table data-full-width="true"><thead><tr><th width="220" align="center">Field</th>…</tr></thead>
 * <tbody><tr><td align="center"><p>One.</p><ul><li>a</li></ul><pre class="language-json"><code class="lang-json">{}
 * </code></pre></td>…</tr></tbody></table>
 * ```
 *
 * read into a `gitbookTable` mdast node: the table's `data-*` attributes as written, each
 * column's header (`data-*`, `width`, `align`, `valign`, its title), and rows of cells holding
 * mdast blocks (paragraphs, lists, code, headings), so the links in them are links to every
 * walker of the tree. A cell of inline content only is one paragraph. Also cards
 * (`data-view="cards"`) whose cells hold headings or paragraphs, which `cardsOfHtml` (phrasing
 * cells) leaves. A cell's `align`/`valign`, when written, must be its column's (GitBook writes
 * them on every cell of the column): they are not kept per cell.
 *
 * Recognition is strict, as in `gitbook-html.ts`: any other element or attribute, a cell
 * count that differs from the header's, lists nested deeper than `maxListDepth`, and the
 * whole stays an html node (text in the document). Printed back by `gitbook-html-table-print.ts`.
 */

export interface GitbookSelectOption {
  value: string;
  label: string;
  color: string;
}

/** A select column's choices: `<select multiple><option value label color></option>…</select>` in its header. */
export interface GitbookSelect {
  multiple: boolean;
  options: GitbookSelectOption[];
}

export interface GitbookTableColumn {
  /** The header cell's attributes as written (`data-*`, `width`, `align`, `valign`), in order. */
  attributes: Record<string, string>;
  title: PhrasingContent[];
  select?: GitbookSelect;
}

export interface GitbookTableCell extends Parent {
  type: 'gitbookTableCell';
  children: BlockContent[];
  /** In a select column: the chosen options' values (`<span data-option="value">label</span>`), no children. */
  options?: string[];
}

export interface GitbookTableRow extends Parent {
  type: 'gitbookTableRow';
  children: GitbookTableCell[];
}

export interface GitbookTable extends Parent {
  type: 'gitbookTable';
  /** The table's `data-*` attributes as written (`data-view`, `data-full-width`...), in order. */
  attributes: Record<string, string>;
  columns: GitbookTableColumn[];
  children: GitbookTableRow[];
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookTable: GitbookTable;
    gitbookTableRow: GitbookTableRow;
    gitbookTableCell: GitbookTableCell;
  }
  interface BlockContentMap {
    gitbookTable: GitbookTable;
  }
}

/** Lists in lists in a cell, at most (deeper: the table stays html; bounds the recursion). */
export const maxListDepth = 8;

const headerAttributes = /^(?:data-[a-z][a-z-]*|width|align|valign)$/;
const cellAlignments = ['align', 'valign'] as const;

/** The cell attributes GitBook writes from its column's header: `align`, then `valign`. */
export function cellAttributesOf(column: GitbookTableColumn): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of cellAlignments) {
    const value = column.attributes[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** A cell's attributes: its column's `align`/`valign` or none (GitBook writes them, a person may not). */
const fitsColumn = (cell: Record<string, string>, column: Record<string, string>) =>
  Object.entries(cell).every(([name, value]) => column[name] === value);

export function gitbookTableOfHtml(value: string): GitbookTable | undefined {
  if (!value.startsWith('<table')) return undefined;
  const [table, ...others] = parseHtml(value) ?? [];
  if (table?.tagName !== 'table' || others.length > 0) return undefined;
  const attributes = attributesOf(table);
  if (!Object.keys(attributes).every((name) => /^data-[a-z][a-z-]*$/.test(name))) return undefined;
  const [head, body, ...rest] = elementsOf(table.children) ?? [];
  if (head?.tagName !== 'thead' || rest.length > 0 || !onlyAttributes(head, [])) return undefined;
  const [headRow, ...moreHead] = elementsOf(head.children) ?? [];
  const headCells = headRow && moreHead.length === 0 ? cellsOf(headRow, 'th') : undefined;
  if (headCells === undefined || headCells.length === 0) return undefined;
  const columns: GitbookTableColumn[] = [];
  for (const cell of headCells) {
    const cellAttributes = attributesOf(cell);
    const last = cell.children.at(-1);
    const select = last?.type === 'element' && last.tagName === 'select' ? selectOf(last) : undefined;
    if (last?.type === 'element' && last.tagName === 'select' && select === undefined) return undefined;
    const title = phrasingOfHtml(select === undefined ? cell.children : cell.children.slice(0, -1));
    if (title === undefined || !Object.keys(cellAttributes).every((name) => headerAttributes.test(name)))
      return undefined;
    columns.push({ attributes: cellAttributes, title, ...(select === undefined ? {} : { select }) });
  }
  const rows: GitbookTableRow[] = [];
  if (body !== undefined) {
    if (body.tagName !== 'tbody' || !onlyAttributes(body, [])) return undefined;
    for (const row of elementsOf(body.children) ?? [undefined]) {
      const cells = row === undefined ? undefined : cellsOf(row, 'td');
      if (cells === undefined || cells.length !== columns.length) return undefined;
      const children: GitbookTableCell[] = [];
      for (const [index, cell] of cells.entries()) {
        const column = columns[index]!;
        if (!fitsColumn(attributesOf(cell), cellAttributesOf(column))) return undefined;
        if (column.select !== undefined) {
          const options = chosenOptionsOf(cell.children, column.select);
          if (options === undefined) return undefined;
          children.push({ type: 'gitbookTableCell', children: [], options });
          continue;
        }
        const content = cellBlocksOf(cell.children, 0);
        if (content === undefined) return undefined;
        children.push({ type: 'gitbookTableCell', children: content });
      }
      rows.push({ type: 'gitbookTableRow', children });
    }
  }
  return { type: 'gitbookTable', attributes, columns, children: rows };
}

function selectOf(element: Element): GitbookSelect | undefined {
  if (!onlyAttributes(element, ['multiple'])) return undefined;
  const options: GitbookSelectOption[] = [];
  for (const option of elementsOf(element.children) ?? [undefined]) {
    const attributes = option === undefined ? undefined : attributesOf(option);
    if (
      option?.tagName !== 'option' ||
      attributes === undefined ||
      !onlyAttributes(option, ['value', 'label', 'color']) ||
      option.children.length > 0 ||
      attributes.value === undefined ||
      attributes.label === undefined ||
      attributes.color === undefined ||
      options.some((known) => known.value === attributes.value)
    )
      return undefined;
    options.push({ value: attributes.value, label: attributes.label, color: attributes.color });
  }
  return { multiple: attributesOf(element).multiple !== undefined, options };
}

/** The label GitBook writes in a cell for the option at `index` of `count` chosen: `label, ` but the last. */
export const chosenLabel = (label: string, index: number, count: number) =>
  index < count - 1 ? label + ', ' : label;

/** A select cell's chosen values: `<span data-option="value">label</span>` each, labels as the header's. */
function chosenOptionsOf(nodes: readonly ElementContent[], select: GitbookSelect): string[] | undefined {
  const spans = elementsOf(nodes);
  if (spans === undefined || (!select.multiple && spans.length > 1)) return undefined;
  const values: string[] = [];
  for (const [index, span] of spans.entries()) {
    const value = attributesOf(span)['data-option'];
    const option = select.options.find((known) => known.value === value);
    const [text, ...rest] = span.children;
    if (
      span.tagName !== 'span' ||
      !onlyAttributes(span, ['data-option']) ||
      option === undefined ||
      rest.length > 0 ||
      text?.type !== 'text' ||
      text.value !== chosenLabel(option.label, index, spans.length)
    )
      return undefined;
    values.push(option.value);
  }
  return values;
}

const blockTags = new Set(['p', 'ul', 'ol', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const isBlockElement = (node: ElementContent) => node.type === 'element' && blockTags.has(node.tagName);

/**
 * A cell's (or a list item's) content as blocks: inline content only is one paragraph (none
 * when empty), else each block element in turn (text between them: whitespace only).
 */
export function cellBlocksOf(nodes: readonly ElementContent[], depth: number): BlockContent[] | undefined {
  if (!nodes.some(isBlockElement)) {
    const phrasing = phrasingOfHtml(nodes);
    if (phrasing === undefined) return undefined;
    return phrasing.length === 0 ? [] : [{ type: 'paragraph', children: phrasing }];
  }
  const blocks: BlockContent[] = [];
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type === 'text' && node.value.trim() === '') continue;
    if (node.type !== 'element') return undefined;
    const block = blockOf(node, depth);
    if (block === undefined) return undefined;
    blocks.push(block);
  }
  return blocks;
}

function blockOf(element: Element, depth: number): BlockContent | undefined {
  switch (element.tagName) {
    case 'p': {
      if (!onlyAttributes(element, [])) return undefined;
      const children = phrasingOfHtml(element.children);
      return children === undefined ? undefined : ({ type: 'paragraph', children } satisfies Paragraph);
    }
    case 'ul':
    case 'ol':
      return listOf(element, depth);
    case 'pre':
      return codeOf(element);
    default: {
      if (!onlyAttributes(element, [])) return undefined;
      const children = phrasingOfHtml(element.children);
      const level = Number(element.tagName.slice(1));
      return children === undefined
        ? undefined
        : ({ type: 'heading', depth: level as Heading['depth'], children } satisfies Heading);
    }
  }
}

function listOf(element: Element, depth: number): List | undefined {
  if (depth >= maxListDepth || !onlyAttributes(element, [])) return undefined;
  const items = elementsOf(element.children);
  if (items === undefined || items.length === 0) return undefined;
  const children: ListItem[] = [];
  for (const item of items) {
    if (item.tagName !== 'li' || !onlyAttributes(item, [])) return undefined;
    const content = cellBlocksOf(item.children, depth + 1);
    if (content === undefined) return undefined;
    children.push({ type: 'listItem', spread: false, children: content });
  }
  return { type: 'list', ordered: element.tagName === 'ol', spread: false, children };
}

/** `<pre class="language-x"><code class="lang-x">text\n</code></pre>`: GitBook's code in a cell. */
function codeOf(pre: Element): Code | undefined {
  if (!onlyAttributes(pre, ['class'])) return undefined;
  const [code, ...rest] = elementsOf(pre.children) ?? [];
  if (code?.tagName !== 'code' || rest.length > 0 || !onlyAttributes(code, ['class'])) return undefined;
  const preClass = attributesOf(pre).class;
  const codeClass = attributesOf(code).class;
  const language = codeClass === undefined ? undefined : /^lang-([A-Za-z0-9_+#.-]+)$/.exec(codeClass)?.[1];
  if (
    (codeClass !== undefined && language === undefined) ||
    preClass !== (language === undefined ? undefined : 'language-' + language)
  )
    return undefined;
  let text = '';
  for (const child of code.children) {
    if (child.type !== 'text') return undefined;
    text += child.value;
  }
  return { type: 'code', lang: language ?? null, meta: null, value: text.replace(/\n$/, '') };
}

const hintStyles = new Set(['info', 'warning', 'danger', 'success']);

/**
 * GitBook's earlier hint in HTML, `<div data-gb-custom-block data-tag="hint" data-style="success"
 * class="hint hint-success"><p>…</p></div>`: the hint, its content read as a cell's blocks
 * (written back in today's form, `{% hint style="success" %}`).
 */
export function legacyHintOfHtml(value: string): Hint | undefined {
  if (!value.startsWith('<div data-gb-custom-block')) return undefined;
  const [div, ...others] = parseHtml(value) ?? [];
  if (div?.tagName !== 'div' || others.length > 0) return undefined;
  const attributes = attributesOf(div);
  const style = attributes['data-style'];
  if (
    !onlyAttributes(div, ['data-gb-custom-block', 'data-tag', 'data-style', 'class']) ||
    attributes['data-gb-custom-block'] !== '' ||
    attributes['data-tag'] !== 'hint' ||
    style === undefined ||
    !hintStyles.has(style) ||
    (attributes.class !== undefined && attributes.class !== `hint hint-${style}`)
  )
    return undefined;
  const children = cellBlocksOf(div.children, 0);
  return children === undefined ? undefined : { type: 'hint', style: style as Hint['style'], children };
}

/** Whether a node is GitBook's HTML table (for walkers that treat it as a block). */
export const isGitbookTable = (node: Node): node is GitbookTable => node.type === 'gitbookTable';
