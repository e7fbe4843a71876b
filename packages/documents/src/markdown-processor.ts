import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm, { type Options as GfmOptions } from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { alignedHeadingOfHtml, printAlignedHeading } from './gitbook-aligned-headings';
import { printGitbookBlock, readGitbookBlocks } from './gitbook-blocks';
import { emojiUnsafePatterns, iconNamesAsText, printEmoji } from './gitbook-emoji';
import { expressionUnsafePatterns, printExpression, readExpressions } from './gitbook-expressions';
import { highlightedCodeOfHtml, printHighlightedCode } from './gitbook-highlighted-code';
import { readInlineHtml } from './gitbook-html';
import { gitbookHtmlHandlers } from './gitbook-html-print';
import { inlineImageOfHtml, printInlineImage, readInlineImages } from './gitbook-inline-images';
import { printSizedButton, readSizedButtons } from './gitbook-sized-buttons';
import { hintUnsafePatterns, printHint } from './hint-syntax';
import { checkMarkdownSource, checkTreeDepth } from './markdown-limits';
import { parseMarkdownFast } from './markdown-parser';
import { printOpenApiOperation, readOpenApiOperations } from './openapi-operation-syntax';

/**
 * The one markdown dialect Quire stores: CommonMark + GFM (tables, task lists,
 * strikethrough, autolinks, footnotes) + YAML front matter + `$$` math (remark-math) +
 * GitBook's block tags (`{% tabs %}`, `{% hint %}`..., `gitbook-blocks.ts`) and OpenAPI
 * operation blocks.
 *
 * Printing options, fixed so that one content has one stored text:
 * - `bullet: '-'`, `bulletOrdered: '.'`, `listItemIndent: 'one'`: the most common style;
 *   one space after the marker keeps nested content shallow.
 * - `emphasis: '_'`, `strong: '*'` (printed `**`): GitBook's own export style, and two
 *   different markers never make an ambiguous `***` run.
 * - `fences: true`, `fence: '`'`: every code block is fenced, so its language is kept.
 * - `rule: '*'` (printed `***`): a `---` on the first line would open YAML front matter.
 * - `setext: false`, `closeAtx: false`: ATX headings only.
 * - `incrementListMarker: true`, `quote: '"'`, `resourceLink: false`.
 * - hints, tables and OpenAPI operations always have blank lines around them (see `join`).
 * - GFM tables with `tablePipeAlign: false`: cells are not padded to align columns, so
 *   editing one cell changes one line (line-based diffs and diff3 merges stay local).
 */
const blankLineAround = new Set([
  'hint',
  'table',
  'openapiOperation',
  'gitbookBlock',
  'math',
  'gitbookFigure',
  'gitbookCards',
  'gitbookTable',
  'gitbookDetails',
  'gitbookDrawing',
  'gitbookParagraph',
  'gitbookHeading',
  'gitbookHighlightedCode',
]);

export const markdownPrintOptions: StringifyOptions = {
  bullet: '-',
  bulletOrdered: '.',
  listItemIndent: 'one',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '*',
  ruleRepetition: 3,
  ruleSpaces: false,
  setext: false,
  closeAtx: false,
  incrementListMarker: true,
  quote: '"',
  resourceLink: false,
  handlers: {
    hint: printHint,
    openapiOperation: printOpenApiOperation,
    gitbookBlock: printGitbookBlock,
    ...gitbookHtmlHandlers,
    gitbookExpression: printExpression,
    gitbookEmoji: printEmoji,
    gitbookHeading: printAlignedHeading,
    gitbookHighlightedCode: printHighlightedCode,
    gitbookInlineImage: printInlineImage,
    gitbookSizedButton: printSizedButton,
  },
  // A hint or a table always stands between blank lines, also in a tight list item: right
  // after a paragraph line, the tag or the table header would continue the paragraph.
  join: [
    (left, right) => (blankLineAround.has(left.type) || blankLineAround.has(right.type) ? 1 : undefined),
  ],
  unsafe: [...hintUnsafePatterns, ...expressionUnsafePatterns, ...emojiUnsafePatterns],
};

/** GFM's printing: cells not padded to align columns (see above). */
export const gfmOptions: GfmOptions = { tablePipeAlign: false, tableCellPadding: true };

/**
 * The printer: remark-stringify with GFM's, front matter's and math's printing. Reading is
 * Quire's own tokenizer (`markdown-parser/`), which gives the tree micromark and remark's
 * extensions gave (`micromark-reference.ts`, what the tokenizer is tested against) 10 to 40
 * times faster.
 */
const processor = unified()
  .use(remarkGfm, gfmOptions)
  .use(remarkFrontmatter, ['yaml'])
  // GitBook writes math between double dollars only: `$5 and $6` stays text.
  .use(remarkMath, { singleDollarTextMath: false })
  .use(remarkStringify, markdownPrintOptions)
  .freeze();

/**
 * Canonical choices made on the tree, each one invisible once rendered:
 * - a soft line break inside a paragraph becomes a space (one paragraph, one line);
 * - a left-aligned table column is written without alignment (left is the default);
 * - lists and list items are tight (GitBook's tree has no loose lists); an item holding two
 *   paragraphs still gets the blank line between them that markdown needs.
 */
const phrasingParents = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'gitbookMark',
  'gitbookTextMark',
]);

/** GitBook's HTML blocks read here: aligned headings, highlighted code, an inline image alone. */
function flowHtmlOf(node: RootContent): RootContent {
  if (node.type !== 'html') return node;
  const image = inlineImageOfHtml(node.value);
  if (image !== undefined) return { type: 'paragraph', children: [image] };
  return alignedHeadingOfHtml(node.value) ?? highlightedCodeOfHtml(node.value) ?? node;
}

function canonicalize(node: Nodes): void {
  if (node.type === 'text') node.value = node.value.replaceAll('\n', ' ');
  // GitBook's inline HTML (buttons, colored text, icons, sized images) as typed nodes
  // (`gitbook-html.ts`, `gitbook-inline-images.ts`).
  if (phrasingParents.has(node.type)) {
    const parent = node as Extract<Nodes, { children: PhrasingContent[] }>;
    parent.children = readInlineHtml(readSizedButtons(readInlineImages(iconNamesAsText(parent.children))));
  } else if ('children' in node && node.children.some((child) => child.type === 'html')) {
    const parent = node as Extract<Nodes, { children: RootContent[] }>;
    parent.children = parent.children.map(flowHtmlOf);
  }
  if (node.type === 'table')
    node.align = (node.align ?? []).map((align) => (align === 'left' ? null : align));
  if (node.type === 'list' || node.type === 'listItem') node.spread = false;
  if ('children' in node) for (const child of node.children) canonicalize(child);
}

/**
 * The syntax tree of a markdown text, before any of Quire's passes over it (`parseMarkdown`):
 * CommonMark, GFM, front matter, `$$` math and GitBook's emoji shortcodes, read by Quire's
 * tokenizer (`markdown-parser/`) in linear time.
 */
export function markdownSyntaxTree(markdown: string): Root {
  return parseMarkdownFast(markdown);
}

/**
 * Parses markdown into the canonical mdast tree (hints and OpenAPI operations read, see
 * `canonicalize`). Markdown beyond `markdownLimits` is a `MarkdownTooComplexError`, before
 * any recursion over it.
 */
export function parseMarkdown(markdown: string): Root {
  checkMarkdownSource(markdown);
  const tree = markdownSyntaxTree(markdown);
  checkTreeDepth(tree);
  readOpenApiOperations(tree, markdown);
  readGitbookBlocks(tree, markdown);
  readExpressions(tree, markdown);
  canonicalize(tree);
  return tree;
}

/** Prints an mdast tree with the fixed options above. */
export function printMarkdown(tree: Root): string {
  return processor.stringify(tree);
}

/**
 * The stored text of a markdown body: parsed and printed again with fixed options, so
 * that one content has one text. Idempotent: normalizing twice changes nothing more.
 */
export function normalizeMarkdown(markdown: string): string {
  return printMarkdown(parseMarkdown(markdown));
}
