/**
 * HTML nested past `maxHtmlDepth` elements is flattened in place before conversion: an element
 * at that depth keeps, as its children, the text and void elements (images, breaks) of
 * everything below it, in order. Nothing readable is lost, and the converter (which recurses
 * per element) and the markdown printer get a tree of bounded depth. Walked with explicit
 * stacks, so a deep tree cannot exhaust the call stack here either.
 */
import type { HtmlTree } from './html-to-markdown';

export const maxHtmlDepth = 40;

type HtmlNode = HtmlTree | HtmlTree['children'][number];

export function flattenDeepHtml(tree: HtmlTree): void {
  const stack: Array<{ node: HtmlNode; depth: number }> = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: HtmlNode; depth: number };
    if (!('children' in node)) continue;
    if (depth >= maxHtmlDepth && node.type === 'element') {
      node.children = leavesOf(node.children) as typeof node.children;
      continue;
    }
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
}

/** The text and childless elements under `nodes`, in document order; scripts and styles left out. */
function leavesOf(nodes: readonly HtmlNode[]): HtmlNode[] {
  const leaves: HtmlNode[] = [];
  const stack: HtmlNode[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.type === 'element' && (node.tagName === 'script' || node.tagName === 'style')) continue;
    if ('children' in node && node.children.length > 0) {
      // A block boundary stays a word boundary.
      leaves.push({ type: 'text', value: ' ' } as HtmlNode);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as HtmlNode);
    } else leaves.push(node);
  }
  return leaves;
}
