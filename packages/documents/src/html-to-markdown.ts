import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { gitbookBlockHandlers } from './html-block-handlers';
import { flattenDeepHtml } from './html-depth';
import { MarkdownTooComplexError } from './markdown-limits';
import { markdownPrintOptions, normalizeMarkdown } from './markdown-processor';

/**
 * HTML to Quire's stored markdown (imports: a web page's main content, a docx converted by
 * mammoth). rehype-parse reads the HTML as a browser would (tolerant of any tag soup),
 * rehype-remark (hast-util-to-mdast) maps it to mdast: headings, lists, code blocks with the
 * language of a `class="language-x"` (or `lang-x`), GFM tables, links, images, strong,
 * emphasis, inline code and strikethrough (`<del>`, `<s>`); and GitBook's blocks where the
 * HTML says so (`html-block-handlers.ts`: callouts and `<aside>` as hints, `<figure>` as an
 * image with its caption, `<details>` as an expandable). Scripts, styles and unknown
 * elements give their text or nothing: no tag of the source is ever written out. The result goes through `normalizeMarkdown`, so it is
 * the one canonical text (and bounded by `markdownLimits`, a `MarkdownTooComplexError`
 * beyond them, like any stored body).
 */
const htmlParser = unified().use(rehypeParse, { fragment: true });

/** An HTML tree (hast root) as rehype-parse produces it. */
export type HtmlTree = ReturnType<typeof htmlParser.parse>;

const converter = unified()
  .use(rehypeRemark, { handlers: gitbookBlockHandlers })
  .use(remarkGfm, { tablePipeAlign: false, tableCellPadding: true })
  .use(remarkStringify, markdownPrintOptions)
  .freeze();

export function htmlToMarkdown(html: string | HtmlTree): string {
  const tree = typeof html === 'string' ? parseHtml(html) : html;
  flattenDeepHtml(tree);
  const markdown = converter.stringify(converter.runSync(tree));
  return normalizeMarkdown(markdown);
}

/**
 * rehype-parse builds its tree recursively: HTML nested thousands of elements deep exhausts
 * the stack, which is a refusal like markdown's (callers that hold a DOM flatten it first,
 * see the server's imports).
 */
function parseHtml(html: string): HtmlTree {
  try {
    return htmlParser.parse(html);
  } catch (error) {
    if (error instanceof RangeError) throw new MarkdownTooComplexError('The HTML is nested too deeply');
    throw error;
  }
}
