import type { BlockContent, Html, Image, Node, Parent, PhrasingContent } from 'mdast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { emojiCharacterOf, emojiNameOfCode } from './gitbook-emoji';
import type { GitbookExpression } from './gitbook-expressions';
import type { GitbookInlineImage } from './gitbook-inline-images';
import { type GitbookSizedButton, sizedButtonOfTag } from './gitbook-sized-buttons';

/**
 * The pieces of HTML GitBook's Git Sync writes, read into typed mdast nodes (and printed back
 * by `gitbook-html-print.ts`):
 *
 * - `<figure><img src alt width><figcaption><p>caption</p></figcaption></figure>`, also with
 *   `<picture><source srcset media="(prefers-color-scheme: dark)"><img></picture>` for a dark
 *   variant: `gitbookFigure`;
 * - `<table data-view="cards">` with its `<th data-card-target data-type="content-ref">`
 *   columns: `gitbookCards`, cells as phrasing content;
 * - `<details><summary>` ... `</details>` around markdown: `gitbookDetails` (paired by the
 *   block walk of `gitbook-blocks.ts`, from the html nodes this module recognizes);
 * - inline: `<a href class="button primary">`, `<mark style="color:red;">`, `<i class="fa-x">`:
 *   `gitbookButton`, `gitbookMark`, `gitbookIcon`; `<code class="expression">space.vars.x</code>`,
 *   GitBook's expression: `gitbookExpression` (as `{{ }}` is, `gitbook-expressions.ts`).
 *
 * Recognition is strict: an element or attribute outside the allowed ones (a script, an event
 * handler, a style anywhere but on `<mark>`) and the HTML stays an html node, which the
 * document shows as text: no script reaches a browser, nothing is lost. HTML is parsed by
 * rehype-parse (parse5, linear) only for nodes that start like a figure or a cards table.
 */

export interface GitbookFigure extends Node {
  type: 'gitbookFigure';
  url: string;
  alt: string;
  darkUrl?: string;
  width?: string;
  height?: string;
  caption: PhrasingContent[];
  /** From GitBook's wrapper `<div align data-full-width data-with-frame>` around the figure. */
  align?: 'left' | 'center' | 'right';
  fullWidth?: boolean;
  withFrame?: boolean;
}

export interface CardsColumn {
  /** `data-*` attributes of the header cell (`data-type`, `data-card-target`...), in order. */
  attributes: Record<string, string>;
  title: PhrasingContent[];
}

export interface GitbookCards extends Node {
  type: 'gitbookCards';
  /** `data-*` attributes of the table (`data-view="cards"`, `data-card-size`...), in order. */
  attributes: Record<string, string>;
  columns: CardsColumn[];
  rows: PhrasingContent[][][];
}

export interface GitbookDetails extends Parent {
  type: 'gitbookDetails';
  open: boolean;
  summary: PhrasingContent[];
  children: BlockContent[];
}

export type ButtonKind = 'primary' | 'secondary';

export interface GitbookButton extends Node {
  type: 'gitbookButton';
  url: string;
  kind: ButtonKind;
  icon?: string;
  label: string;
}

export interface GitbookMark extends Parent {
  type: 'gitbookMark';
  color?: string;
  background?: string;
  children: PhrasingContent[];
}

export interface GitbookIcon extends Node {
  type: 'gitbookIcon';
  icon: string;
}

/** An inline image with a dark variant: `<picture><source srcset media><img src alt></picture>`. */
export interface GitbookPicture extends Node {
  type: 'gitbookPicture';
  url: string;
  darkUrl: string;
  alt: string;
}

/** GitBook's drawing: `<img src="…" alt="" class="gitbook-drawing">` on a line of its own. */
export interface GitbookDrawing extends Node {
  type: 'gitbookDrawing';
  url: string;
  /**
   * The text of its `alt`, when not empty (GitBook's own pages write one). GitBook's drawing
   * block has no alt text: it lives in the markdown only, and a document leaves it out.
   */
  alt?: string;
}

/** GitBook's aligned paragraph: `<p align="center">…</p>` on a line of its own. */
export interface GitbookParagraph extends Parent {
  type: 'gitbookParagraph';
  align: 'left' | 'center' | 'right';
  children: PhrasingContent[];
}

export type TextMarkTag = 'kbd' | 'sup' | 'sub';

/** `<kbd>`, `<sup>`, `<sub>` around text: GitBook's keyboard, superscript and subscript marks. */
export interface GitbookTextMark extends Parent {
  type: 'gitbookTextMark';
  tag: TextMarkTag;
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookFigure: GitbookFigure;
    gitbookCards: GitbookCards;
    gitbookDetails: GitbookDetails;
    gitbookButton: GitbookButton;
    gitbookMark: GitbookMark;
    gitbookIcon: GitbookIcon;
    gitbookTextMark: GitbookTextMark;
    gitbookPicture: GitbookPicture;
    gitbookDrawing: GitbookDrawing;
    gitbookParagraph: GitbookParagraph;
  }
  interface BlockContentMap {
    gitbookDrawing: GitbookDrawing;
    gitbookParagraph: GitbookParagraph;
    gitbookFigure: GitbookFigure;
    gitbookCards: GitbookCards;
    gitbookDetails: GitbookDetails;
  }
  interface PhrasingContentMap {
    gitbookButton: GitbookButton;
    gitbookMark: GitbookMark;
    gitbookIcon: GitbookIcon;
    gitbookTextMark: GitbookTextMark;
    gitbookPicture: GitbookPicture;
  }
}

const htmlParser = unified().use(rehypeParse, { fragment: true });

// The parsed HTML, as far as this module reads it (structural: hast's own types differ with
// the packages that augment them, e.g. mdast-util-to-hast's `raw` nodes in the server).
export interface Element {
  type: 'element';
  tagName: string;
  properties?: Record<string, unknown>;
  children: ElementContent[];
}
export type ElementContent =
  | Element
  | { type: 'text'; value: string }
  | { type: 'comment' | 'doctype' | 'raw'; value?: string };
type HtmlRoot = { children: ElementContent[] };

/** Longest HTML node parsed for a figure or cards (a bigger one stays html). */
const maxHtmlLength = 200_000;

// ---------------------------------------------------------------------------------------
// hast helpers.

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (char) => '-' + char.toLowerCase());
}

/** hast's property names that are not the attribute's name in kebab case. */
const writtenNames: Record<string, string> = { className: 'class', srcSet: 'srcset', vAlign: 'valign' };

/** The element's attributes as written (`dataCardTarget: true` -> `data-card-target: ""`). */
export function attributesOf(element: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.properties ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    const written = writtenNames[name] ?? kebab(name);
    out[written] =
      value === true
        ? ''
        : Array.isArray(value)
          ? value.join(name === 'className' ? ' ' : ',')
          : String(value);
  }
  return out;
}

export function elementsOf(nodes: readonly ElementContent[]): Element[] | undefined {
  const out: Element[] = [];
  for (const node of nodes) {
    if (node.type === 'element') out.push(node);
    else if (node.type === 'text' && node.value.trim() === '') continue;
    else if (node.type !== 'comment') return undefined;
  }
  return out;
}

export function onlyAttributes(element: Element, allowed: readonly string[]): boolean {
  return Object.keys(attributesOf(element)).every((name) => allowed.includes(name));
}

const phrasingElements: Record<string, readonly string[]> = {
  strong: [],
  b: [],
  em: [],
  i: [],
  code: [],
  a: ['href', 'title', 'data-mention'],
  s: [],
  kbd: [],
  sup: [],
  sub: [],
  del: [],
  br: [],
  p: [],
  mark: ['style'],
};

/** HTML phrasing content -> mdast phrasing, or undefined if it holds anything else. */
export function phrasingOfHtml(nodes: readonly ElementContent[]): PhrasingContent[] | undefined {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type === 'text') {
      if (node.value !== '') out.push({ type: 'text', value: node.value });
      continue;
    }
    // A doctype or raw HTML inside a caption or a cell: not GitBook's, the whole stays html.
    if (node.type !== 'element') return undefined;
    const allowed = phrasingElements[node.tagName];
    if (allowed === undefined || !onlyAttributes(node, allowed)) {
      const typed =
        node.tagName === 'i'
          ? iconOfElement(node)
          : node.tagName === 'a'
            ? (buttonOfElement(node) ?? sizedButtonOfElement(node))
            : node.tagName === 'button'
              ? sizedButtonOfElement(node)
              : node.tagName === 'picture'
                ? pictureOfElement(node)
                : node.tagName === 'img'
                  ? inlineImageOfElement(node)
                  : node.tagName === 'span'
                    ? emojiOfElement(node)
                    : node.tagName === 'code'
                      ? expressionOfElement(node)
                      : undefined;
      if (typed === undefined) return undefined;
      out.push(typed);
      continue;
    }
    const children = phrasingOfHtml(node.children);
    if (children === undefined) return undefined;
    switch (node.tagName) {
      case 'strong':
      case 'b':
        out.push({ type: 'strong', children });
        break;
      case 'em':
      case 'i':
        out.push({ type: 'emphasis', children });
        break;
      case 's':
      case 'del':
        out.push({ type: 'delete', children });
        break;
      case 'code':
        out.push({ type: 'inlineCode', value: textOfPhrasing(children) });
        break;
      case 'br':
        out.push({ type: 'break' });
        break;
      case 'a': {
        // GitBook's mention in HTML (`<a data-mention href>`) is its markdown's link titled "mention".
        const mention = node.properties?.dataMention !== undefined;
        const title = node.properties?.title;
        if (mention && title !== undefined) return undefined;
        out.push({
          type: 'link',
          url: String(node.properties?.href ?? ''),
          title: mention ? 'mention' : title === undefined ? null : String(title),
          children,
        });
        break;
      }
      case 'kbd':
      case 'sup':
      case 'sub':
        out.push({ type: 'gitbookTextMark', tag: node.tagName, children });
        break;
      case 'mark': {
        const colors = markColorsOf(String(node.properties?.style ?? ''));
        if (colors === undefined) return undefined;
        out.push({ type: 'gitbookMark', ...colors, children });
        break;
      }
      default:
        // A paragraph of a cell or a caption: its content, paragraphs apart by a line break.
        if (out.length > 0) out.push({ type: 'break' });
        out.push(...children);
    }
  }
  return out;
}

export function textOfPhrasing(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((node) =>
      'value' in node
        ? node.value
        : 'children' in node
          ? textOfPhrasing(node.children as PhrasingContent[])
          : '',
    )
    .join('');
}

/** Elements open at once in HTML this module parses, at most (GitBook's nest a few levels). */
const maxHtmlNesting = 48;

const voidElements = new Set([
  'br',
  'img',
  'hr',
  'source',
  'input',
  'col',
  'wbr',
  'meta',
  'link',
  'area',
  'embed',
]);

/**
 * Whether the HTML nests deeper than `maxHtmlNesting` elements, by its tags as written (one
 * linear scan, before parsing): the parser and this module's readers recurse per element, so
 * deeper HTML is not parsed at all and stays html. Counting opening tags less closing ones
 * errs on the deep side (an unclosed `<p>` counts), never the shallow one.
 */
function nestsTooDeep(value: string): boolean {
  let depth = 0;
  for (const match of value.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)[^<>]*?(\/?)>/g)) {
    if (match[1] === '/') depth = Math.max(0, depth - 1);
    else if (match[3] !== '/' && !voidElements.has(match[2]!.toLowerCase()) && ++depth > maxHtmlNesting)
      return true;
  }
  return false;
}

export function parseHtml(value: string): Element[] | undefined {
  if (value.length > maxHtmlLength || nestsTooDeep(value)) return undefined;
  const root = htmlParser.parse(value) as unknown as HtmlRoot;
  return elementsOf(root.children as ElementContent[]);
}

// ---------------------------------------------------------------------------------------
// Figures.

const darkMedia = '(prefers-color-scheme: dark)';

function imageOf(element: Element): Pick<GitbookFigure, 'url' | 'alt' | 'width' | 'height'> | undefined {
  if (element.tagName !== 'img' || !onlyAttributes(element, ['src', 'alt', 'width', 'height']))
    return undefined;
  const attributes = attributesOf(element);
  if (attributes.src === undefined) return undefined;
  return {
    url: attributes.src,
    alt: attributes.alt ?? '',
    ...(attributes.width === undefined ? {} : { width: attributes.width }),
    ...(attributes.height === undefined ? {} : { height: attributes.height }),
  };
}

const wrapperAttributes = ['align', 'data-full-width', 'data-with-frame'];

/** GitBook's wrapper of a figure: its layout, or undefined when the div is anything else. */
function wrapperOf(div: Element): Pick<GitbookFigure, 'align' | 'fullWidth' | 'withFrame'> | undefined {
  if (!onlyAttributes(div, wrapperAttributes)) return undefined;
  const attributes = attributesOf(div);
  const flag = (value: string | undefined) =>
    value === 'true' ? true : value === 'false' ? false : undefined;
  const align = attributes.align;
  if (align !== undefined && align !== 'left' && align !== 'center' && align !== 'right') return undefined;
  const fullWidth = flag(attributes['data-full-width']);
  const withFrame = flag(attributes['data-with-frame']);
  if (
    (attributes['data-full-width'] !== undefined && fullWidth === undefined) ||
    (attributes['data-with-frame'] !== undefined && withFrame === undefined)
  )
    return undefined;
  return {
    ...(align === undefined ? {} : { align }),
    ...(fullWidth === undefined ? {} : { fullWidth }),
    ...(withFrame === undefined ? {} : { withFrame }),
  };
}

export function figureOfHtml(value: string): GitbookFigure | undefined {
  const wrapped = value.startsWith('<div');
  if (
    !(value.startsWith('<figure>') || wrapped) ||
    !value.trimEnd().endsWith(wrapped ? '</figure></div>' : '</figure>')
  )
    return undefined;
  const [top, ...others] = parseHtml(value) ?? [];
  if (top === undefined || others.length > 0) return undefined;
  let layout: Pick<GitbookFigure, 'align' | 'fullWidth' | 'withFrame'> = {};
  let figure: Element | undefined = top;
  if (wrapped) {
    const found = top.tagName === 'div' ? wrapperOf(top) : undefined;
    const [inner, ...rest] = found === undefined ? [] : (elementsOf(top.children) ?? []);
    if (found === undefined || rest.length > 0) return undefined;
    layout = found;
    figure = inner;
  }
  if (figure?.tagName !== 'figure' || !onlyAttributes(figure, [])) return undefined;
  const [media, captionElement, ...rest] = elementsOf(figure.children) ?? [];
  if (media === undefined || rest.length > 0) return undefined;
  let image = imageOf(media);
  let darkUrl: string | undefined;
  if (media.tagName === 'picture' && onlyAttributes(media, [])) {
    const [source, img, ...more] = elementsOf(media.children) ?? [];
    const sourceAttributes = source?.tagName === 'source' ? attributesOf(source) : undefined;
    if (
      sourceAttributes === undefined ||
      img === undefined ||
      more.length > 0 ||
      !onlyAttributes(source!, ['srcset', 'media']) ||
      sourceAttributes.media !== darkMedia ||
      !sourceAttributes.srcset
    )
      return undefined;
    darkUrl = sourceAttributes.srcset;
    image = imageOf(img);
  }
  if (image === undefined) return undefined;
  let caption: PhrasingContent[] = [];
  if (captionElement !== undefined) {
    if (captionElement.tagName !== 'figcaption' || !onlyAttributes(captionElement, [])) return undefined;
    const read = phrasingOfHtml(captionElement.children);
    if (read === undefined) return undefined;
    caption = read;
  }
  return {
    type: 'gitbookFigure',
    ...image,
    ...(darkUrl === undefined ? {} : { darkUrl }),
    caption,
    ...layout,
  };
}

const drawingPattern = /^<img src="([^"<>]+)" alt="([^"<>]*)" class="gitbook-drawing">$/;

const alignedParagraph = /^<p align="(left|center|right)">([^\n]*)<\/p>$/;

export function alignedParagraphOfHtml(value: string): GitbookParagraph | undefined {
  const match = alignedParagraph.exec(value.trim());
  const children = match === null ? undefined : summaryPhrasing(match[2]!);
  return children === undefined
    ? undefined
    : { type: 'gitbookParagraph', align: match![1] as GitbookParagraph['align'], children };
}

export function drawingOfHtml(value: string): GitbookDrawing | undefined {
  const match = drawingPattern.exec(value.trim());
  if (match === null) return undefined;
  const alt = decodeAttribute(match[2]!);
  return { type: 'gitbookDrawing', url: decodeAttribute(match[1]!), ...(alt === '' ? {} : { alt }) };
}

// ---------------------------------------------------------------------------------------
// Cards.

export function dataAttributes(
  element: Element,
  extra: readonly string[] = [],
): Record<string, string> | undefined {
  const attributes = attributesOf(element);
  for (const name of Object.keys(attributes)) {
    if (!/^data-[a-z][a-z-]*$/.test(name) && !extra.includes(name)) return undefined;
  }
  return attributes;
}

export function cellsOf(row: Element, tag: 'th' | 'td'): Element[] | undefined {
  if (row.tagName !== 'tr' || !onlyAttributes(row, [])) return undefined;
  const cells = elementsOf(row.children);
  return cells?.every((cell) => cell.tagName === tag) ? cells : undefined;
}

export function cardsOfHtml(value: string): GitbookCards | undefined {
  if (!value.startsWith('<table') || !value.includes('data-view="cards"')) return undefined;
  const [table, ...others] = parseHtml(value) ?? [];
  if (table?.tagName !== 'table' || others.length > 0) return undefined;
  const attributes = dataAttributes(table);
  if (attributes === undefined || attributes['data-view'] !== 'cards') return undefined;
  const [head, body, ...rest] = elementsOf(table.children) ?? [];
  if (head?.tagName !== 'thead' || rest.length > 0 || !onlyAttributes(head, [])) return undefined;
  const [headRow, ...moreHead] = elementsOf(head.children) ?? [];
  const headCells = headRow && moreHead.length === 0 ? cellsOf(headRow, 'th') : undefined;
  if (headCells === undefined) return undefined;
  const columns: CardsColumn[] = [];
  for (const cell of headCells) {
    const cellAttributes = dataAttributes(cell);
    const title = phrasingOfHtml(cell.children);
    if (cellAttributes === undefined || title === undefined) return undefined;
    columns.push({ attributes: cellAttributes, title });
  }
  const rows: PhrasingContent[][][] = [];
  if (body !== undefined) {
    if (body.tagName !== 'tbody' || !onlyAttributes(body, [])) return undefined;
    for (const row of elementsOf(body.children) ?? [undefined]) {
      const cells = row === undefined ? undefined : cellsOf(row, 'td');
      if (cells === undefined || cells.length !== columns.length) return undefined;
      const values: PhrasingContent[][] = [];
      for (const cell of cells) {
        const content = onlyAttributes(cell, []) ? phrasingOfHtml(cell.children) : undefined;
        if (content === undefined) return undefined;
        values.push(content);
      }
      rows.push(values);
    }
  }
  return { type: 'gitbookCards', attributes, columns, rows };
}

// ---------------------------------------------------------------------------------------
// Details: the html nodes that open and close one.

export interface DetailsOpening {
  open: boolean;
  /** The summary when the same html node holds it. */
  summary: PhrasingContent[] | undefined;
}

const detailsOpening = /^<details( open)?>\s*(?:<summary>([\s\S]*)<\/summary>)?\s*$/;
const summaryOnly = /^<summary>([\s\S]*)<\/summary>\s*$/;

function summaryPhrasing(inner: string): PhrasingContent[] | undefined {
  if (inner.length > maxHtmlLength || nestsTooDeep(inner)) return undefined;
  const root = htmlParser.parse(inner) as unknown as HtmlRoot;
  return phrasingOfHtml(root.children as ElementContent[]);
}

export function detailsOpeningOf(node: Html): DetailsOpening | undefined {
  const match = detailsOpening.exec(node.value);
  if (match === null) return undefined;
  if (match[2] === undefined) return { open: match[1] !== undefined, summary: undefined };
  const summary = summaryPhrasing(match[2]);
  return summary === undefined ? undefined : { open: match[1] !== undefined, summary };
}

export function isDetailsClosing(node: Html): boolean {
  return node.value.trim() === '</details>';
}

/** The summary an html node holds alone (`<summary>Title</summary>`). */
export function summaryOf(node: Html): PhrasingContent[] | undefined {
  const match = summaryOnly.exec(node.value);
  return match === null ? undefined : summaryPhrasing(match[1]!);
}

// ---------------------------------------------------------------------------------------
// Inline: buttons, marks, icons.

const buttonOpening =
  /^<a href="([^"<>]*)" class="button (primary|secondary)"(?: data-icon="([a-z0-9-]+)")?>$/;
const markOpening = /^<mark style="([^"<>]*)">$/;
const iconElement = /^<i class="fa-([a-z0-9-]+)">$/;

/** An attribute as `escapeHtmlAttribute` writes it (and the named forms), decoded; `&` last. */
function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x22;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&#x3C;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#x3E;', '>')
    .replaceAll('&#x7C;', '|')
    .replaceAll('&#x26;', '&')
    .replaceAll('&amp;', '&');
}

/** GitBook's color tokens (`DocumentTextColor`); any other color stays html. */
const colorToken =
  /^(?:default|green|blue|red|orange|yellow|purple|pink|violet|cyan|\$primary|\$info|\$success|\$warning|\$danger|\$tint)$/;

/** `color:red;background-color:$info;` -> the two colors, or undefined for any other style. */
export function markColorsOf(style: string): { color?: string; background?: string } | undefined {
  const out: { color?: string; background?: string } = {};
  for (const declaration of style.split(';')) {
    if (declaration.trim() === '') continue;
    const colon = declaration.indexOf(':');
    if (colon === -1) return undefined;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!colorToken.test(value)) return undefined;
    if (property === 'color' && out.color === undefined) out.color = value;
    else if (property === 'background-color' && out.background === undefined) out.background = value;
    else return undefined;
  }
  return out.color === undefined && out.background === undefined ? undefined : out;
}

function iconOfElement(element: Element): GitbookIcon | undefined {
  const attributes = attributesOf(element);
  const match = /^fa-([a-z0-9-]+)$/.exec(attributes.class ?? '');
  if (match === null || Object.keys(attributes).length !== 1) return undefined;
  return { type: 'gitbookIcon', icon: match[1]! };
}

/** `<a href class="button primary" data-icon>label</a>` inside HTML (a cell, a summary, an aligned paragraph). */
function buttonOfElement(element: Element): GitbookButton | undefined {
  const attributes = attributesOf(element);
  const kind = /^button (primary|secondary)$/.exec(attributes.class ?? '')?.[1];
  if (
    kind === undefined ||
    attributes.href === undefined ||
    !onlyAttributes(element, ['href', 'class', 'data-icon'])
  )
    return undefined;
  const icon = attributes['data-icon'];
  if (icon !== undefined && !/^[a-z0-9-]+$/.test(icon)) return undefined;
  const children = phrasingOfHtml(element.children);
  const label = children === undefined ? undefined : plainText(children);
  if (label === undefined) return undefined;
  return {
    type: 'gitbookButton',
    url: attributes.href,
    kind: kind as ButtonKind,
    ...(icon === undefined ? {} : { icon }),
    label,
  };
}

/** A button with a size or an action (`gitbook-sized-buttons.ts`) inside GitBook's HTML. */
function sizedButtonOfElement(element: Element): GitbookSizedButton | undefined {
  const children = phrasingOfHtml(element.children);
  const label = children === undefined ? undefined : plainText(children);
  return label === undefined
    ? undefined
    : sizedButtonOfTag({ name: element.tagName, attributes: attributesOf(element) }, label);
}

/**
 * GitBook's earlier emoji in HTML, `<span data-gb-custom-inline data-tag="emoji" data-code="2705">✅</span>`:
 * the emoji (its shortcode's), or its character as text when it has no shortcode here.
 */
function emojiOfElement(element: Element): PhrasingContent | undefined {
  const attributes = attributesOf(element);
  const code = attributes['data-code'];
  if (
    !onlyAttributes(element, ['data-gb-custom-inline', 'data-tag', 'data-code']) ||
    attributes['data-gb-custom-inline'] !== '' ||
    attributes['data-tag'] !== 'emoji' ||
    code === undefined ||
    !/^[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,7}$/.test(code)
  )
    return undefined;
  const name = emojiNameOfCode(code);
  return name === undefined
    ? { type: 'text', value: emojiCharacterOf(code) }
    : { type: 'gitbookEmoji', name };
}

/** Longest expression read from GitBook's `<code class="expression">` (a longer one stays html). */
const maxExpressionLength = 1_000;

/** GitBook's expression, its text as written (one line, not empty), or undefined. */
function expressionOfText(text: string | undefined): GitbookExpression | undefined {
  const expression = text?.trim();
  if (expression === undefined || expression === '' || expression.length > maxExpressionLength)
    return undefined;
  if (/[\r\n]/.test(expression)) return undefined;
  return { type: 'gitbookExpression', expression };
}

/** `<code class="expression">space.vars.x</code>` inside HTML (a caption, a cell, a summary). */
function expressionOfElement(element: Element): GitbookExpression | undefined {
  const attributes = attributesOf(element);
  if (attributes.class !== 'expression' || Object.keys(attributes).length !== 1) return undefined;
  const children = phrasingOfHtml(element.children);
  return expressionOfText(children === undefined ? undefined : plainText(children));
}

/**
 * An inline image inside HTML (a table's cell, a caption) as GitBook writes it there:
 * `<img src alt>`, with `data-size` for a sized one (`gitbook-inline-images.ts`) and `title`
 * for a caption (our form, as in markdown). Without a size, the markdown image it stands for.
 */
function inlineImageOfElement(element: Element): Image | GitbookInlineImage | undefined {
  if (!onlyAttributes(element, ['src', 'alt', 'title', 'data-size'])) return undefined;
  const { src, alt, title, 'data-size': size } = attributesOf(element);
  if (!src || (size !== undefined && size !== 'line' && size !== 'original')) return undefined;
  if (size === undefined) return { type: 'image', url: src, alt: alt ?? '', title: title ?? null };
  return {
    type: 'gitbookInlineImage',
    url: src,
    alt: alt ?? '',
    ...(title === undefined ? {} : { caption: title }),
    size,
  };
}

/**
 * `<picture><source srcset media="(prefers-color-scheme: dark)"><img src alt></picture>` inside
 * HTML; an `<img>` with a size or a caption makes it GitBook's inline image with a dark variant.
 */
function pictureOfElement(element: Element): GitbookPicture | GitbookInlineImage | undefined {
  if (!onlyAttributes(element, [])) return undefined;
  const [source, img, ...rest] = elementsOf(element.children) ?? [];
  if (source?.tagName !== 'source' || img?.tagName !== 'img' || rest.length > 0) return undefined;
  const dark = attributesOf(source);
  const light = inlineImageOfElement(img);
  if (!onlyAttributes(source, ['srcset', 'media']) || dark.media !== darkMedia || !dark.srcset || !light)
    return undefined;
  if (light.type === 'gitbookInlineImage') return { ...light, darkUrl: dark.srcset };
  const { url, alt, title } = light;
  if (title !== null && title !== undefined)
    return { type: 'gitbookInlineImage', url, alt: alt ?? '', darkUrl: dark.srcset, caption: title };
  return { type: 'gitbookPicture', url, darkUrl: dark.srcset, alt: alt ?? '' };
}

function plainText(nodes: readonly PhrasingContent[]): string | undefined {
  let text = '';
  for (const node of nodes) {
    if (node.type !== 'text') return undefined;
    text += node.value;
  }
  return text;
}

interface InlineOpening {
  closing: string;
  /** The node for the content between the tags, or undefined when it does not fit. */
  make(children: PhrasingContent[]): PhrasingContent | undefined;
}

function openingOf(value: string): InlineOpening | undefined {
  const button = buttonOpening.exec(value);
  if (button !== null) {
    return {
      closing: '</a>',
      make: (children) => {
        const label = plainText(children);
        if (label === undefined) return undefined;
        const node: GitbookButton = {
          type: 'gitbookButton',
          url: decodeAttribute(button[1]!),
          kind: button[2] as ButtonKind,
          ...(button[3] === undefined ? {} : { icon: button[3] }),
          label,
        };
        return node;
      },
    };
  }
  const mark = markOpening.exec(value);
  const colors = mark === null ? undefined : markColorsOf(mark[1]!);
  if (colors !== undefined) {
    return { closing: '</mark>', make: (children) => ({ type: 'gitbookMark', ...colors, children }) };
  }
  if (value === '<p>') {
    // GitBook's empty paragraph in a GFM table cell, `<p><br></p>`: an empty cell (the cell holds nothing).
    return {
      closing: '</p>',
      make: (children) => {
        const [only, ...rest] = children;
        return rest.length === 0 && only?.type === 'html' && /^<br\s*\/?>$/i.test(only.value)
          ? { type: 'text', value: '' }
          : undefined;
      },
    };
  }
  if (value === '<picture>') {
    return {
      closing: '</picture>',
      make: (children) => {
        const [source, img, ...rest] = children;
        if (source?.type !== 'html' || img?.type !== 'html' || rest.length > 0) return undefined;
        const dark = /^<source srcset="([^"<>]+)" media="\(prefers-color-scheme: dark\)">$/.exec(
          source.value,
        );
        const light = /^<img src="([^"<>]+)" alt="([^"<>]*)">$/.exec(img.value);
        if (dark === null || light === null) return undefined;
        return {
          type: 'gitbookPicture',
          url: decodeAttribute(light[1]!),
          darkUrl: decodeAttribute(dark[1]!),
          alt: decodeAttribute(light[2]!),
        };
      },
    };
  }
  if (value === '<code class="expression">') {
    // GitBook's expression in markdown: its text, markdown-free (anything else stays html).
    return { closing: '</code>', make: (children) => expressionOfText(plainText(children)) };
  }
  const textMark = /^<(kbd|sup|sub)>$/.exec(value);
  if (textMark !== null) {
    const tag = textMark[1] as TextMarkTag;
    return { closing: '</' + tag + '>', make: (children) => ({ type: 'gitbookTextMark', tag, children }) };
  }
  const icon = iconElement.exec(value);
  if (icon !== null) {
    return {
      closing: '</i>',
      make: (children) => {
        const inner = plainText(children);
        if (inner === undefined || (inner !== '' && inner !== ':' + icon[1] + ':')) return undefined;
        return { type: 'gitbookIcon', icon: icon[1]! };
      },
    };
  }
  return undefined;
}

/** Inline elements open at once, at most (deeper openings stay html: bounds the work). */
const maxInlineNesting = 16;

/**
 * Replaces, in one phrasing list, each recognized opening html node, the nodes up to its
 * closing html node and that node by one typed node. One pass with a stack: a closing tag
 * closes the innermost opening when it is its closing; anything unpaired stays html.
 */
export function readInlineHtml(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'html')) return children;
  const out: PhrasingContent[] = [];
  const stack: Array<{ index: number; opening: InlineOpening }> = [];
  for (const child of children) {
    if (child.type === 'html') {
      const top = stack.at(-1);
      if (top !== undefined && child.value === top.opening.closing) {
        stack.pop();
        const inner = out.splice(top.index + 1);
        const node = top.opening.make(inner);
        if (node === undefined) out.push(...inner, child);
        else out[top.index] = node;
        continue;
      }
      const opening = stack.length < maxInlineNesting ? openingOf(child.value) : undefined;
      if (opening !== undefined) {
        stack.push({ index: out.length, opening });
        out.push(child);
        continue;
      }
    }
    out.push(child);
  }
  return out;
}
