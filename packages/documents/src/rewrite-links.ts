/**
 * Markdown with the targets of its links and images rewritten: `rewrite(url)` answers the
 * new target, or undefined to keep it. Walks the parsed tree (links, images, and their
 * reference definitions), so only real targets change, never text that looks like one.
 * The result is canonical markdown (as `normalizeMarkdown` prints it).
 */
import type { Nodes, Root } from 'mdast';
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
    }
    if ('children' in current) stack.push(...(current.children as Nodes[]));
  }
}
