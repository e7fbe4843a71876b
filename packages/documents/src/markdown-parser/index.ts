/**
 * Quire's own markdown tokenizer: `parseMarkdownFast(markdown)` gives the tree of
 * `markdownSyntaxTree(markdown)` (`markdown-processor.ts`): the blocks read line by line
 * (`block-parser.ts`), then their inline content (`block-tree.ts`). The inline parser is
 * `parsePlainInlines`, one text node per content, until `inline-parser.ts` takes its place
 * (its contract: `inline-input.ts`); a caller may pass another.
 */
import type { Root } from 'mdast';
import { BlockParser } from './block-parser';
import { blocksToTree, type InlineParser } from './block-tree';
import { parsePlainInlines } from './plain-inlines';

export function parseMarkdownFast(markdown: string, parseInlines: InlineParser = parsePlainInlines): Root {
  // micromark drops a byte order mark: positions count from the character after it.
  const source = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const document = new BlockParser(source).parse();
  return blocksToTree(document, source, parseInlines);
}
