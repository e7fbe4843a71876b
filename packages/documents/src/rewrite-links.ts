/**
 * Markdown with the targets of its links and images rewritten: `rewrite(url)` answers the
 * new target, or undefined to keep it. Walks the parsed tree (links, images, and their
 * reference definitions, the URLs of GitBook's blocks (`block-urls.ts`), figures, buttons,
 * and the links of summaries, captions and cards), so only real targets change, never text
 * that looks like one.
 * The result is canonical markdown (as `normalizeMarkdown` prints it).
 */
import type { Nodes, Root } from 'mdast';
import { blockUrlOf } from './block-urls';
import { parseMarkdown, printMarkdown } from './markdown-processor';

export function rewriteLinks(markdown: string, rewrite: (url: string) => string | undefined): string {
  const tree = parseMarkdown(markdown);
  visit(tree, rewrite);
  return printMarkdown(tree);
}

function visit(node: Nodes | Root, rewrite: (url: string) => string | undefined): void {
  // An explicit stack: a deep tree must not exhaust the call stack.
  const stack: Array<Nodes | Root> = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes | Root;
    if (current.type === 'link' || current.type === 'image' || current.type === 'definition') {
      const next = rewrite(current.url);
      if (next !== undefined) current.url = next;
    } else if (current.type === 'gitbookBlock') {
      const block = blockUrlOf(current);
      const next = block ? rewrite(block.url) : undefined;
      if (block && next !== undefined) current.attributes[block.attribute] = next;
    } else if (current.type === 'gitbookFigure' || current.type === 'gitbookButton') {
      current.url = rewrite(current.url) ?? current.url;
      if (current.type === 'gitbookFigure') {
        if (current.darkUrl !== undefined) current.darkUrl = rewrite(current.darkUrl) ?? current.darkUrl;
        stack.push(...current.caption);
      }
    } else if (current.type === 'gitbookDetails') stack.push(...current.summary);
    else if (current.type === 'gitbookCards')
      for (const row of current.rows) for (const cell of row) stack.push(...cell);
    if ('children' in current) stack.push(...(current.children as Nodes[]));
  }
}
