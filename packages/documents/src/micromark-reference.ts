/**
 * The tree micromark gives a markdown text, through remark-parse and the extensions Quire
 * added to it over the sessions (GitBook's emoji shortcodes, emphasis in linear time, escaped
 * URLs kept as text, GFM, front matter, `$$` math): the reference Quire's own tokenizer
 * (`markdown-parser/`) is tested against, node for node and position for position, on the
 * CommonMark spec's examples, generated documents and real GitBook repositories. Nothing reads
 * content with it: it costs 10 to 40 times the tokenizer's time (micromark allocates a closure
 * chain and tokens per character), which is why the tokenizer was written.
 */
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { type Processor, unified } from 'unified';
import { remarkHideEscapedTexts, remarkShowEscapedTexts } from './escaped-autolinks';
import { gitbookEmojiFromMarkdown, gitbookEmojiSyntax } from './gitbook-emoji';
import { attentionExtension } from './linear-attention';
import { gfmOptions } from './markdown-processor';

/**
 * GitBook's emoji shortcodes (`gitbook-emoji.ts`), read by micromark so that escapes count;
 * and emphasis read in linear time (`linear-attention.ts`, micromark's own construct replaced).
 */
function remarkGitbookEmoji(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  data.micromarkExtensions ??= [];
  data.micromarkExtensions.push(gitbookEmojiSyntax, attentionExtension);
  data.fromMarkdownExtensions ??= [];
  data.fromMarkdownExtensions.push(gitbookEmojiFromMarkdown);
}

const reader = unified()
  .use(remarkParse)
  .use(remarkGitbookEmoji)
  // A URL the printer escaped stays text (`escaped-autolinks.ts`): around remark-gfm.
  .use(remarkHideEscapedTexts)
  .use(remarkGfm, gfmOptions)
  .use(remarkShowEscapedTexts)
  .use(remarkFrontmatter, ['yaml'])
  // GitBook writes math between double dollars only: `$5 and $6` stays text.
  .use(remarkMath, { singleDollarTextMath: false })
  .freeze();

/** micromark's tree of `markdown` (what `markdownSyntaxTree` gives, the reference way). */
export function micromarkSyntaxTree(markdown: string): Root {
  return reader.parse(markdown);
}
