/**
 * Quire's own markdown tokenizer, what `markdownSyntaxTree` (`markdown-processor.ts`) reads
 * with: `parseMarkdownFast(markdown)` gives the tree micromark gave (`micromark-reference.ts`,
 * which the tests compare it with): the blocks read line by line (`block-parser.ts`), then
 * their inline content (`block-tree.ts`, `inline-parser.ts`; the contract between the two:
 * `inline-input.ts`).
 */
import type { Root } from 'mdast';
import { BlockParser } from './block-parser';
import { blocksToTree, type InlineParsers } from './block-tree';
import { parseInlines, parseTableCellInlines } from './inline-parser';

const inlineParsers: InlineParsers = { content: parseInlines, tableCell: parseTableCellInlines };

export function parseMarkdownFast(markdown: string, parsers: InlineParsers = inlineParsers): Root {
  // micromark drops a byte order mark: positions count from the character after it.
  const source = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const document = new BlockParser(source).parse();
  return blocksToTree(document, source, parsers);
}
